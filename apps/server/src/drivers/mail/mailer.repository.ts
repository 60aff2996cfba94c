/** The outbox every mail is kept in (mail_outbox; the developer mailbox reads it). */
import type { Tx } from '../../db/database.js';

/** One mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Keeps a mail in the outbox; answers its id. */
export async function keepMail(tx: Tx, mail: Mail): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id`,
    [mail.to, mail.subject, mail.text, mail.html ?? null],
  );
  return r.rows[0]!.id;
}

/** Records how sending over SMTP went: sent now, or the error (null = sent). */
export async function markSent(tx: Tx, id: number, error: string | null): Promise<void> {
  await tx.query(`UPDATE mail_outbox SET sent_at = CASE WHEN $2::text IS NULL THEN now() END, error = $2 WHERE id = $1`, [
    id,
    error,
  ]);
}
