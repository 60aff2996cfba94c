/** The invoice e-mail's SQL (system context): claiming unmailed invoices and giving a claim back. */
import type { Tx } from '../../db/database.js';

/** An invoice claimed for its e-mail, with whom and in which language to write. */
export interface ClaimedInvoice {
  id: number;
  number: string;
  /** The invoice's bank-transfer reference. */
  reference: string;
  issued_on: string;
  due_on: string;
  total_cents: number;
  paid_cents: number;
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
 * How long an order invoice's mail waits for the order's card checkout to end: paid a moment later,
 * the customer gets a receipt, not a 'pay it online' mail; a checkout left open that long gets
 * the pay link after all.
 */
export const CARD_CHECKOUT_MINUTES = 30;

/** The invoice of an order (null before it has one). */
export async function orderInvoiceId(tx: Tx, orderId: number): Promise<number | null> {
  const r = await tx.query<{ id: number }>(`SELECT id::int AS id FROM invoices WHERE order_id = $1 AND kind = 'order'`, [
    orderId,
  ]);
  return r.rows[0]?.id ?? null;
}

/**
 * Marks up to `limit` unmailed order and monthly invoices (the filter's) as mailed and answers
 * them: the conditional UPDATE lets only one of two concurrent callers have an invoice. Void
 * invoices, accounts without an owner and order invoices whose card checkout is under way
 * ({@link CARD_CHECKOUT_MINUTES}) are left alone.
 */
export async function claimUnmailed(tx: Tx, filter: UnmailedFilter, limit: number): Promise<ClaimedInvoice[]> {
  const r = await tx.query<ClaimedInvoice>(
    `UPDATE invoices i SET mailed_at = clock_timestamp()
       FROM clients c, users u
      WHERE i.id IN (SELECT id FROM invoices
                      WHERE mailed_at IS NULL AND kind IN ('order','monthly') AND status IN ('open','paid')
                        AND ($1::uuid IS NULL OR client_id = $1) AND ($3::bigint IS NULL OR id = $3)
                        AND EXISTS (SELECT 1 FROM users o WHERE o.client_id = invoices.client_id AND o.is_owner)
                        -- An order's card checkout under way: its outcome decides the mail (receipt or pay link).
                        AND NOT EXISTS (SELECT 1 FROM payments p
                                         WHERE invoices.kind = 'order' AND p.order_id = invoices.order_id AND p.method = 'card'
                                           AND p.status = 'pending' AND p.created_at > now() - make_interval(mins => $4))
                      ORDER BY id LIMIT $2)
        AND i.mailed_at IS NULL
        AND c.id = i.client_id AND u.client_id = i.client_id AND u.is_owner
      RETURNING i.id::int AS id, i.number, i.reference, i.issued_on::text AS issued_on, i.due_on::text AS due_on, i.total_cents, i.paid_cents,
                i.status, i.mailed_at::text AS mailed_at, u.email AS owner_email, c.language`,
    [filter.clientId, limit, filter.invoiceId, CARD_CHECKOUT_MINUTES],
  );
  return r.rows;
}

/** Gives a claim back after a failed send, so that a later run mails the invoice. */
export async function releaseClaim(tx: Tx, id: number, mailedAt: string): Promise<void> {
  await tx.query(`UPDATE invoices SET mailed_at = NULL WHERE id = $1 AND mailed_at = $2::timestamptz`, [id, mailedAt]);
}
