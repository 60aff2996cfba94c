import type { Tx } from '../../db/database.js';
import { blankToNull } from '@portside/contract/schemas/fields';
import type { ProfileUpdateBillingAddressBody } from '@portside/contract/schemas/settings';

// Every query here runs in the caller's tenant transaction: row-level security limits it to the
// caller's own account, and portside_user() / portside_client() name the caller.

/** The caller's password hash. */
export async function passwordHash(tx: Tx): Promise<string | null> {
  const r = await tx.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = portside_user()`);
  return r.rows[0]?.password_hash ?? null;
}

/** Sets the caller's password and ends every session issued before (token_version + 1); returns the new version. */
export async function setPasswordAndRevoke(tx: Tx, hash: string): Promise<number> {
  const r = await tx.query<{ token_version: number }>(
    `UPDATE users SET password_hash = $1, token_version = token_version + 1 WHERE id = portside_user() RETURNING token_version`,
    [hash],
  );
  return r.rows[0]!.token_version;
}

/** The account's inactivity logout in minutes. */
export async function logoutMinutes(tx: Tx): Promise<number> {
  const r = await tx.query<{ logout_after_minutes: number }>(
    `SELECT logout_after_minutes FROM clients WHERE id = portside_client()`,
  );
  return r.rows[0]!.logout_after_minutes;
}

export async function setLogoutMinutes(tx: Tx, minutes: number): Promise<void> {
  await tx.query(`UPDATE clients SET logout_after_minutes = $1 WHERE id = portside_client()`, [minutes]);
}

/** The IANA name as stored in the timezones table (exact match first, then case-insensitive), or null. */
export async function knownTimezone(tx: Tx, name: string): Promise<string | null> {
  const r = await tx.query<{ name: string }>(
    `SELECT name FROM timezones WHERE lower(name) = lower($1) ORDER BY (name = $1) DESC LIMIT 1`,
    [name],
  );
  return r.rows[0]?.name ?? null;
}

export async function setTimezone(tx: Tx, name: string): Promise<void> {
  await tx.query(`UPDATE clients SET timezone = $1 WHERE id = portside_client()`, [name]);
}

export async function setBillingAddress(tx: Tx, b: ProfileUpdateBillingAddressBody): Promise<void> {
  await tx.query(
    `UPDATE clients SET company_name = $1, address = $2, address2 = $3, city = $4, country = $5, state = $6,
            postcode = $7, phone_prefix = $8, phone_number = $9, vat_number = $10
      WHERE id = portside_client()`,
    [
      blankToNull(b.p_company_name),
      b.p_address,
      blankToNull(b.p_address2),
      b.p_city,
      b.p_country,
      b.p_state,
      b.p_postcode,
      b.p_phone_prefix,
      b.p_phone_number,
      blankToNull(b.p_vat_number),
    ],
  );
}
