import type { Tx } from '../../db/database.js';

/** Records the caller's Telegram id as waiting for the support team to connect it. */
export async function requestConnection(tx: Tx, telegramId: string): Promise<void> {
  await tx.query(
    `UPDATE clients SET telegram_id = $1, telegram_pending = true, telegram_requested_at = now() WHERE id = portside_client()`,
    [telegramId],
  );
}
