import type { Tx } from '../../db/database.js';

/** What the vouchers table says about a code: no such voucher, past its valid-to date, or redeemable. */
export type VoucherStatus = 'unknown' | 'expired' | 'valid';

/** The status of a voucher code; a voucher without valid_to never expires, one is valid through its valid_to day. */
export async function voucherStatus(tx: Tx, code: string): Promise<VoucherStatus> {
  const r = await tx.query<{ expired: boolean }>(
    `SELECT (valid_to IS NOT NULL AND valid_to < current_date) AS expired FROM vouchers WHERE code = $1`,
    [code],
  );
  const row = r.rows[0];
  if (!row) return 'unknown';
  return row.expired ? 'expired' : 'valid';
}

/** Sets the caller's account voucher (tenant transaction), replacing any voucher it held. */
export async function setAccountVoucher(tx: Tx, code: string): Promise<void> {
  await tx.query(`UPDATE clients SET voucher_code = $1 WHERE id = portside_client()`, [code]);
}
