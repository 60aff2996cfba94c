import { profileUpdateVoucherSchema } from '@portside/contract/schemas/profile';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { redeemVoucher } from './voucher.service.js';
import { target } from '../audit/audit-target.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

/** The voucher dialog's call (spec 2 §7 Account: ProfileUpdateVoucher, body p_voucher, a success flag). */
export const voucherRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ProfileUpdateVoucher',
    access: manageBilling,
    schema: profileUpdateVoucherSchema,
    audit: true,
    auditTarget: (b) => target('voucher', null, b.p_voucher),
    handler: (ctx, b) => redeemVoucher(ctx, b.p_voucher),
  }),
];
