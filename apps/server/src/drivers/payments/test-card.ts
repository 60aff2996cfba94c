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
import { endSession, findSession, insertSession, type TestCardSession } from './test-card.repository.js';

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

export type { TestCardSession };

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
    const returnUrl = await db.system((tx) => endSession(tx, id, status, code, last4));
    return returnUrl !== null ? { ended: true, returnUrl } : { ended: false, error: 'session_over' };
  }

  const pageUrl = (id: string) => `${svcBase}/svc/test-card/${id}`;

  async function session(id: string): Promise<TestCardSession | null> {
    if (!SESSION_ID.test(id)) return null;
    return db.system((tx) => findSession(tx, id));
  }

  return {
    name: 'test-card',
    publicValue: () => 'test-card',

    async createCheckout(req) {
      const id = crypto.randomBytes(32).toString('base64url');
      await db.system((tx) =>
        insertSession(tx, {
          id,
          reference: req.reference,
          amountCents: req.amountCents,
          description: req.description.slice(0, 200),
          returnUrl: req.returnUrl,
          minutes: TEST_CARD_SESSION_MINUTES,
        }),
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
