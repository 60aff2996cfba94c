/**
 * The checkout's rules (spec 1 §2 checkout): the idempotency key of a visit, the totals of the
 * priced lines, the free trial's shape, and where the browser goes once the order exists.
 */
import type { CartItem } from '@portside/contract/rules/cart';
import type {
  CreateOrderAnswer,
  OrderLine,
  OrderPaymentMethod,
  OrderQuote,
  OrderQuoteInput,
} from '@portside/contract/schemas/orders';
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

/** The free trial is one cloud server: one line of quantity 1, not a dedicated offer. */
export function trialFits(items: readonly CartItem[]): boolean {
  return items.length === 1 && items[0]!.quantity === 1 && !items[0]!.dedicated;
}

/** The OrderQuote body of a cart line, or null for a line the checkout cannot price (no configuration). */
export function quoteInputOf(item: CartItem): OrderQuoteInput | null {
  if (item.config) return { p_location: item.location, p_quantity: item.quantity, p_config: item.config };
  if (item.dedicated)
    return { p_kind: 'dedicated', p_location: item.location, p_quantity: item.quantity, p_dedicated: item.dedicated };
  return null;
}

/** CreateOrder's line for a cart line (only called once every line has a configuration). */
export function orderLineOf(item: CartItem): OrderLine {
  const base = { offer_id: String(item.offer_id), location: item.location, quantity: item.quantity };
  return item.dedicated ? { ...base, kind: 'dedicated', dedicated: item.dedicated } : { ...base, config: item.config! };
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
 * server list opens with the terminal panel showing the progress — or, when the order was only
 * dedicated servers, the dedicated list with their installs.
 */
export function afterOrder(answer: CreateOrderAnswer, method: OrderPaymentMethod, onlyDedicated = false): AfterOrder {
  const orderId = String(answer.order_id);
  if (method === 'card') {
    // Without a provider page (already settled), the return page shows how the payment went.
    if (answer.payment?.redirect_url) return { kind: 'redirect', url: answer.payment.redirect_url };
    return { kind: 'route', path: buildPath('payment-return', { orderId }), showOrder: false };
  }
  if (method === 'bank_transfer')
    return { kind: 'route', path: buildPath('payment-return-banktransfer', { orderId }), showOrder: false };
  if (onlyDedicated) return { kind: 'route', path: buildPath('servers-dedicated'), showOrder: false };
  return { kind: 'route', path: buildPath('list-view'), showOrder: true };
}
