/** The account's profile settings that the profile calls write. */
import type { Tx } from '../../db/database.js';

/** Sets the caller's account's language (tenant scope: row-level security names the account). */
export async function setAccountLanguage(tx: Tx, language: string): Promise<void> {
  await tx.query(`UPDATE clients SET language = $1 WHERE id = portside_client()`, [language]);
}
