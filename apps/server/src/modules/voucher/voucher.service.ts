import type { Tx } from '../../db/database.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import * as repo from './voucher.repository.js';

/**
 * Refuses a code that cannot be redeemed: VOUCHER_INVALID when no such voucher exists,
 * VOUCHER_EXPIRED when its valid-to date has passed. Used by registration and the voucher dialog.
 */
export async function assertRedeemable(tx: Tx, code: string): Promise<void> {
  const status = await repo.voucherStatus(tx, code);
  if (status === 'unknown') throw new AppError('VOUCHER_INVALID');
  if (status === 'expired') throw new AppError('VOUCHER_EXPIRED');
}

/**
 * ProfileUpdateVoucher: the account owner, or a sub-user holding billing-manage (the route's claim),
 * redeems a voucher. It replaces the voucher the account
 * held before (redeeming the current one again changes nothing and succeeds). The discount
 * applies to the base cost of the account's servers only (SQL vm_cost_breakdown), not to
 * backups, extra IPs or add-ons. A refused code leaves the account's voucher as it was.
 */
export async function redeemVoucher(u: UserCtx, code: string): Promise<{ success: true }> {
  await u.tenant(async (tx) => {
    await assertRedeemable(tx, code);
    await repo.setAccountVoucher(tx, code);
  });
  return { success: true };
}
