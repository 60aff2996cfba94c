/**
 * Dated price changes for staff (issue 18): the history of every price list's changes
 * (PriceChanges) and withdrawing one still to come (PriceChangeCancel, audited). The price lists'
 * own PATCH calls set the changes (price-changes.service schedulePrice).
 */
import { priceChangeCancelSchema, priceChangeRow } from '@portside/contract/schemas/prices';
import { role } from '../../http/access.js';
import { defineRpc, defineView, type AnyRpc, type ViewDef } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import { PRICE_CHANGES_SQL } from './price-changes.repository.js';
import { cancelPriceChange } from './price-changes.service.js';

const staff = role('staff');

export const pricesViews: ViewDef[] = [
  defineView({
    name: 'PriceChanges',
    access: staff,
    row: priceChangeRow,
    system: true,
    source: PRICE_CHANGES_SQL,
    order: 'effective_from.desc,id.desc',
  }),
];

export const pricesRpcs: AnyRpc[] = [
  defineRpc({
    name: 'PriceChangeCancel',
    access: staff,
    schema: priceChangeCancelSchema,
    audit: true,
    auditTarget: (b, r) => target('price change', b.p_id, String(answerField(r, 'item') ?? '')),
    handler: (ctx, b) => cancelPriceChange(ctx, b.p_id),
  }),
];
