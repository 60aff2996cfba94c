import { profileUpdateVoucherSchema } from '@portside/contract/schemas/profile';
import { customer, defineRpc, type RpcDef } from '../../http/access.js';
import { redeemVoucher } from './voucher.service.js';

/** The voucher dialog's call (spec 2 §7 Account: ProfileUpdateVoucher, body p_voucher, a success flag). */
export const voucherRpcs: RpcDef[] = [
  defineRpc({
    name: 'ProfileUpdateVoucher',
    access: customer,
    schema: profileUpdateVoucherSchema,
    audit: true,
    auditTarget: (b) => `voucher:${b.p_voucher}`,
    handler: (ctx, b) => redeemVoucher(ctx, b.p_voucher),
  }),
];
