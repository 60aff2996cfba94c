/** The test card provider's own record of its checkouts (test_card_sessions), apart from the portal's payments. */
import type { Tx } from '../../db/database.js';

/** A checkout as the hosted page shows it. */
export interface TestCardSession {
  id: string;
  merchantRef: string;
  amountCents: number;
  description: string;
  returnUrl: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  failureCode: string | null;
  expired: boolean;
}

/** Records a new pending checkout that can be used for `minutes`. */
export async function insertSession(
  tx: Tx,
  s: { id: string; reference: string; amountCents: number; description: string; returnUrl: string; minutes: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO test_card_sessions (id, merchant_ref, amount_cents, description, return_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [s.id, s.reference, s.amountCents, s.description, s.returnUrl, s.minutes],
  );
}

/** A checkout by id, or null. */
export async function findSession(tx: Tx, id: string): Promise<TestCardSession | null> {
  const r = await tx.query<TestCardSession>(
    `SELECT id, merchant_ref AS "merchantRef", amount_cents AS "amountCents", description, return_url AS "returnUrl", status, failure_code AS "failureCode",
            (expires_at <= now()) AS expired
       FROM test_card_sessions WHERE id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Ends a pending, unexpired checkout once; answers its return URL, or null when it was over already. */
export async function endSession(
  tx: Tx,
  id: string,
  status: 'succeeded' | 'failed' | 'cancelled',
  code: string | null,
  last4: string | null,
): Promise<string | null> {
  const r = await tx.query<{ return_url: string }>(
    `UPDATE test_card_sessions SET status = $2, failure_code = $3, card_last4 = $4, completed_at = now()
      WHERE id = $1 AND status = 'pending' AND expires_at > now() RETURNING return_url`,
    [id, status, code, last4],
  );
  return r.rows[0]?.return_url ?? null;
}
