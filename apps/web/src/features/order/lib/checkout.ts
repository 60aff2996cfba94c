/**
 * The checkout's rules (spec 1 §2 checkout): the idempotency key of a visit, the totals of the
 * priced lines, the free trial's shape, and where the browser goes once the order exists.
 */
import type { CartItem } from '@portside/contract/rules/cart';
import type { CreateOrderAnswer, OrderPaymentMethod, OrderQuote } from '@portside/contract/schemas/orders';
import { vatCents } from '@portside/contract/rules/order-builder';
import { buildPath } from '@portside/contract/routes';
import type { BuilderSession } from './builder-session';

/** What identifies a cart's content: a new content needs a new idempotency key. */
export function cartFingerprint(items: readonly CartItem[]): string {
  return JSON.stringify(items.map((i) => [String(i.offer_id), i.location, i.quantity]));
}

/** A fresh idempotency key (what createOrderSchema accepts: 8-100 of A-Z a-z 0-9 _ -). */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `co-${random().replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/**
 * The session with a key for this cart: the one it holds when made for the same cart (a reload
 * or a second click sends the same key, so the server answers the same order), a new one otherwise.
 */
export function withCheckoutKey(s: BuilderSession, items: readonly CartItem[], makeKey = newIdempotencyKey): BuilderSession {
  const cart = cartFingerprint(items);
  if (s.checkout && s.checkout.cart === cart) return s;
  return { ...s, checkout: { key: makeKey(), cart } };
}

/** The free trial is one server: one line of quantity 1. */
export function trialFits(items: readonly CartItem[]): boolean {
  return items.length === 1 && items[0]!.quantity === 1;
}

export interface CheckoutTotals {
  /** Today to the end of the month, all lines, before VAT. */
  subtotal: number;
  vatPercent: number;
  vat: number;
  total: number;
  /** Per month from next month on. */
  monthly: number;
  /** False while a line's price is missing (loading or refused). */
  complete: boolean;
}

/** The totals of the lines' quotes; a trial charges nothing today. */
export function checkoutTotals(quotes: ReadonlyArray<OrderQuote | undefined>, method: OrderPaymentMethod | null): CheckoutTotals {
  const known = quotes.filter((q): q is OrderQuote => !!q);
  const subtotal = method === 'trial' ? 0 : known.reduce((n, q) => n + q.first_charge_cents, 0);
  const vatPercent = known[0]?.vat_percent ?? 0;
  const vat = vatCents(subtotal, vatPercent);
  return {
    subtotal,
    vatPercent,
    vat,
    total: subtotal + vat,
    monthly: known.reduce((n, q) => n + q.monthly_cents, 0),
    complete: known.length === quotes.length && quotes.length > 0,
  };
}

/** Where the browser goes after CreateOrder. */
export type AfterOrder = { kind: 'redirect'; url: string } | { kind: 'route'; path: string; showOrder: boolean };

/**
 * A card payment follows the provider's page; a bank transfer shows its instructions on
 * /payment-return-banktransfer/:orderId; balance and trial orders provision at once, so the
 * server list opens with the terminal panel showing the progress.
 */
export function afterOrder(answer: CreateOrderAnswer, method: OrderPaymentMethod): AfterOrder {
  const orderId = String(answer.order_id);
  if (method === 'card') {
    // Without a provider page (already settled), the return page shows how the payment went.
    if (answer.payment?.redirect_url) return { kind: 'redirect', url: answer.payment.redirect_url };
    return { kind: 'route', path: buildPath('payment-return', { orderId }), showOrder: false };
  }
  if (method === 'bank_transfer')
    return { kind: 'route', path: buildPath('payment-return-banktransfer', { orderId }), showOrder: false };
  return { kind: 'route', path: buildPath('list-view'), showOrder: true };
}
