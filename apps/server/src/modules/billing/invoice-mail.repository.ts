/** The invoice e-mail's SQL (system context): claiming unmailed invoices and giving a claim back. */
import type { Tx } from '../../db/database.js';

/** An invoice claimed for its e-mail, with whom and in which language to write. */
export interface ClaimedInvoice {
  id: number;
  number: string;
  issued_on: string;
  due_on: string;
  total_cents: number;
  status: 'open' | 'paid';
  /** The claim's mark, exactly as stored (text keeps the microseconds). */
  mailed_at: string;
  owner_email: string;
  language: string;
}

/** Which unmailed invoices to claim: one invoice, one account's, or (both null) every account's. */
export interface UnmailedFilter {
  invoiceId: number | null;
  clientId: string | null;
}

/**
 * Marks up to `limit` unmailed order and monthly invoices (the filter's) as mailed and answers
 * them: the conditional UPDATE lets only one of two concurrent callers have an invoice. Void
 * invoices and accounts without an owner are left alone.
 */
export async function claimUnmailed(tx: Tx, filter: UnmailedFilter, limit: number): Promise<ClaimedInvoice[]> {
  const r = await tx.query<ClaimedInvoice>(
    `UPDATE invoices i SET mailed_at = clock_timestamp()
       FROM clients c, users u
      WHERE i.id IN (SELECT id FROM invoices
                      WHERE mailed_at IS NULL AND kind IN ('order','monthly') AND status IN ('open','paid')
                        AND ($1::uuid IS NULL OR client_id = $1) AND ($3::bigint IS NULL OR id = $3)
                        AND EXISTS (SELECT 1 FROM users o WHERE o.client_id = invoices.client_id AND o.is_owner)
                      ORDER BY id LIMIT $2)
        AND i.mailed_at IS NULL
        AND c.id = i.client_id AND u.client_id = i.client_id AND u.is_owner
      RETURNING i.id::int AS id, i.number, i.issued_on::text AS issued_on, i.due_on::text AS due_on, i.total_cents,
                i.status, i.mailed_at::text AS mailed_at, u.email AS owner_email, c.language`,
    [filter.clientId, limit, filter.invoiceId],
  );
  return r.rows;
}

/** Gives a claim back after a failed send, so that a later run mails the invoice. */
export async function releaseClaim(tx: Tx, id: number, mailedAt: string): Promise<void> {
  await tx.query(`UPDATE invoices SET mailed_at = NULL WHERE id = $1 AND mailed_at = $2::timestamptz`, [id, mailedAt]);
}
