/**
 * The test card provider, the embedded default (PAYMENTS_CARD_PROVIDER=test-card): a hosted
 * checkout page served by the portal itself at /svc/test-card/<session> (test-card-routes.ts),
 * where the payer types a test card number. Its record of each checkout lives in
 * test_card_sessions, apart from the portal's payments, as an outside provider's would; the
 * portal learns the outcome only through {@link PaymentDriver.status}.
 */
import crypto from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { PaymentDriver, ProviderStatus } from './payment-driver.js';

/** How long a checkout page can be used. */
export const TEST_CARD_SESSION_MINUTES = 60;

/** The test cards and what they do; any other number is refused on the page. */
export const TEST_CARDS: Readonly<
  Record<string, { outcome: 'succeeded' } | { outcome: 'failed'; code: string; message: string }>
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'failed', code: 'card_declined', message: 'Your card was declined' },
  '4000000000009995': { outcome: 'failed', code: 'insufficient_funds', message: 'Your card has insufficient funds' },
};

/** Why a payment ended without money, by failure code (English; the browser translates the code). */
export const TEST_CARD_FAILURES: Readonly<Record<string, string>> = {
  cancelled: 'The payment was cancelled',
  expired: 'The payment page expired before the payment was made',
  ...Object.fromEntries(Object.values(TEST_CARDS).flatMap((c) => (c.outcome === 'failed' ? [[c.code, c.message]] : []))),
};

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

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** What a submitted card number did: ended the checkout (go back), or was refused on the page. */
export type CardAnswer =
  { ended: true; returnUrl: string } | { ended: false; error: 'card_empty' | 'card_unknown' | 'session_over' };

export function createTestCardDriver(
  db: Database,
  svcBase = '',
): PaymentDriver & {
  session(id: string): Promise<TestCardSession | null>;
  submit(id: string, cardNumber: string): Promise<CardAnswer>;
  cancel(id: string): Promise<CardAnswer>;
} {
  /** Ends a pending, unexpired checkout once; gives where to send the browser back to. */
  async function end(
    id: string,
    status: 'succeeded' | 'failed' | 'cancelled',
    code: string | null,
    last4: string | null,
  ): Promise<CardAnswer> {
    const r = await db.system((tx) =>
      tx.query<{ return_url: string }>(
        `UPDATE test_card_sessions SET status = $2, failure_code = $3, card_last4 = $4, completed_at = now()
          WHERE id = $1 AND status = 'pending' AND expires_at > now() RETURNING return_url`,
        [id, status, code, last4],
      ),
    );
    const row = r.rows[0];
    return row ? { ended: true, returnUrl: row.return_url } : { ended: false, error: 'session_over' };
  }

  const pageUrl = (id: string) => `${svcBase}/svc/test-card/${id}`;

  async function session(id: string): Promise<TestCardSession | null> {
    if (!SESSION_ID.test(id)) return null;
    const r = await db.system((tx) =>
      tx.query<TestCardSession>(
        `SELECT id, merchant_ref AS "merchantRef", amount_cents AS "amountCents", description, return_url AS "returnUrl", status, failure_code AS "failureCode",
                (expires_at <= now()) AS expired
           FROM test_card_sessions WHERE id = $1`,
        [id],
      ),
    );
    return r.rows[0] ?? null;
  }

  return {
    name: 'test-card',
    publicValue: () => 'test-card',

    async createCheckout(req) {
      const id = crypto.randomBytes(32).toString('base64url');
      await db.system((tx) =>
        tx.query(
          `INSERT INTO test_card_sessions (id, merchant_ref, amount_cents, description, return_url, expires_at)
           VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
          [id, req.reference, req.amountCents, req.description.slice(0, 200), req.returnUrl, TEST_CARD_SESSION_MINUTES],
        ),
      );
      return { kind: 'redirect', providerRef: id, redirectUrl: pageUrl(id) };
    },

    continueCheckout: (p) => ({ redirectUrl: pageUrl(p.providerRef) }),

    async status(providerRef): Promise<ProviderStatus> {
      if (!SESSION_ID.test(providerRef))
        return { outcome: 'failed', failureCode: 'unknown', failureMessage: 'The provider does not know this payment' };
      const s = await session(providerRef);
      if (!s) return { outcome: 'failed', failureCode: 'unknown', failureMessage: 'The provider does not know this payment' };
      if (s.status === 'pending') {
        return s.expired
          ? { outcome: 'cancelled', failureCode: 'expired', failureMessage: TEST_CARD_FAILURES.expired }
          : { outcome: 'pending' };
      }
      if (s.status === 'succeeded') return { outcome: 'succeeded' };
      const code = s.failureCode ?? s.status;
      return {
        outcome: s.status,
        failureCode: code,
        failureMessage: TEST_CARD_FAILURES[code] ?? 'The payment did not go through',
      };
    },

    session,

    async submit(id, cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (digits === '') return { ended: false, error: 'card_empty' };
      const card = TEST_CARDS[digits];
      if (!card) return { ended: false, error: 'card_unknown' };
      // Only the last four digits are kept, as a provider's receipt shows them.
      return card.outcome === 'succeeded'
        ? end(id, 'succeeded', null, digits.slice(-4))
        : end(id, 'failed', card.code, digits.slice(-4));
    },

    cancel: (id) => end(id, 'cancelled', 'cancelled', null),
  };
}
