/**
 * The dedicated-server price lists' updates (issue 18; spec 2 §7 'Updates of price lists ... use
 * PATCH'): PATCH /api/ServersPricelist?id=eq.<n> and PATCH /api/ServersDisksPricelist?kind=eq.<kind>,
 * staff only, audited with the price list row and the change they set; and a new offer from the
 * reference lists (ServersPricelistCreate).
 */
import {
  partItem,
  serverOfferItem,
  serversPricelistCreateSchema,
  updateServersDisksPricelistSchema,
  updateServersPricelistSchema,
} from '@portside/contract/schemas/dedicated-prices';
import { role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target, type TargetPart } from '../audit/audit-target.js';
import { createServersPricelistOffer, updateServersDisksPricelist, updateServersPricelist } from './dedicated-prices.service.js';

const staff = role('staff');

/** The log's words for a price set from a day on ('price 5900 from 2026-12-01'). */
const priceFrom = (cents: number | undefined, from: string | undefined): TargetPart[] =>
  cents !== undefined && from !== undefined ? [`price ${cents} from ${from}`] : [];

export const dedicatedPricesRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ServersPricelistCreate',
    access: staff,
    schema: serversPricelistCreateSchema,
    audit: true,
    auditTarget: (b, r) => {
      const id = answerField(r, 'id');
      return [
        target('price list', typeof id === 'number' ? serverOfferItem(id) : null, `${b.p_name} (${b.p_location})`),
        `price ${b.p_cents}`,
      ];
    },
    handler: (ctx, b) => createServersPricelistOffer(ctx, b),
  }),
  defineRpc({
    name: 'ServersPricelistUpdate',
    access: staff,
    schema: updateServersPricelistSchema,
    patch: { view: 'ServersPricelist', key: 'id' },
    audit: true,
    auditTarget: (b) => [
      target('price list', serverOfferItem(b.p_id), b.p_name),
      ...priceFrom(b.p_cents, b.p_effective_from),
      ...(b.p_active === undefined ? [] : [b.p_active ? 'offered' : 'retired']),
      ...(b.p_sort === undefined ? [] : [`position ${b.p_sort}`]),
    ],
    handler: (ctx, b) => updateServersPricelist(ctx, b),
  }),
  defineRpc({
    name: 'ServersDisksPricelistUpdate',
    access: staff,
    schema: updateServersDisksPricelistSchema,
    patch: { view: 'ServersDisksPricelist', key: 'kind', text: true },
    audit: true,
    auditTarget: (b) => [target('price list', partItem(b.p_kind)), ...priceFrom(b.p_cents, b.p_effective_from)],
    handler: (ctx, b) => updateServersDisksPricelist(ctx, b),
  }),
];
