import { describe, expect, it } from 'vitest';
import type { CartItem } from '@portside/contract/rules/cart';
import type { OrderQuote } from '@portside/contract/schemas/orders';
import { createOrderSchema, orderQuoteSchema } from '@portside/contract/schemas/orders';
import { afterOrder, checkoutTotals, newIdempotencyKey, orderLineOf, quoteInputOf, trialFits, withCheckoutKey } from './checkout';
import { parseBuilderSession } from './builder-session';

const item = (offer_id: string, quantity = 1): CartItem => ({ offer_id, location: 'lisbon', quantity });
const quote = (first: number, monthly: number, vat = 23): OrderQuote => ({
  breakdown: {} as OrderQuote['breakdown'],
  offer_name: null,
  monthly_cents: monthly,
  first_charge_cents: first,
  days_charged: 10,
  month_days: 30,
  vat_percent: vat,
  vat_note: null,
});

describe('the idempotency key of a checkout visit', () => {
  it('is a key CreateOrder accepts', () => {
    const key = newIdempotencyKey();
    expect(createOrderSchema.shape.p_idempotency_key.safeParse(key).success).toBe(true);
  });
  it('is kept while the cart stays the same and renewed when it changes', () => {
    let n = 0;
    const make = () => `key-0000000${++n}`;
    const empty = parseBuilderSession(null);
    const first = withCheckoutKey(empty, [item('a')], make);
    expect(first.checkout?.key).toBe('key-00000001');
    expect(withCheckoutKey(first, [item('a')], make)).toBe(first);
    expect(withCheckoutKey(first, [item('a', 2)], make).checkout?.key).toBe('key-00000002');
  });
});

describe('trialFits', () => {
  it('allows one line of one server only', () => {
    expect(trialFits([item('a')])).toBe(true);
    expect(trialFits([item('a', 2)])).toBe(false);
    expect(trialFits([item('a'), item('b')])).toBe(false);
    expect(trialFits([])).toBe(false);
  });
  it('is never a dedicated server', () => {
    expect(trialFits([{ ...item('ds-1-db'), dedicated: { offer: 1, hostname: 'db' } }])).toBe(false);
  });
});

describe('a dedicated cart line', () => {
  const line: CartItem = { offer_id: 'ds-3-db-1', location: 'lisbon', quantity: 2, dedicated: { offer: 3, hostname: 'db-1' } };
  it('is priced by OrderQuote as a dedicated offer', () => {
    const input = quoteInputOf(line);
    expect(input).toEqual({
      p_kind: 'dedicated',
      p_location: 'lisbon',
      p_quantity: 2,
      p_dedicated: { offer: 3, hostname: 'db-1' },
    });
    expect(orderQuoteSchema.safeParse(input).success).toBe(true);
  });
  it('is sent to CreateOrder as a dedicated line the schema takes', () => {
    const order = {
      p_idempotency_key: 'key-00000001',
      p_items: [orderLineOf(line)],
      p_payment_method: 'card',
    };
    expect(order.p_items[0]).toEqual({
      kind: 'dedicated',
      offer_id: 'ds-3-db-1',
      location: 'lisbon',
      quantity: 2,
      dedicated: line.dedicated,
    });
    expect(createOrderSchema.safeParse(order).success).toBe(true);
  });
  it('a line without a configuration has no quote', () => {
    expect(quoteInputOf(item('7'))).toBeNull();
  });
});

describe('checkoutTotals', () => {
  it('adds the lines and the VAT on the sum', () => {
    expect(checkoutTotals([quote(1000, 3000), quote(501, 1500)], 'card')).toEqual({
      subtotal: 1501,
      vatPercent: 23,
      vat: 345,
      total: 1846,
      monthly: 4500,
      complete: true,
    });
  });
  it('is incomplete while a line has no price and charges nothing today for a trial', () => {
    expect(checkoutTotals([quote(1000, 3000), undefined], 'card').complete).toBe(false);
    expect(checkoutTotals([quote(1000, 3000)], 'trial')).toMatchObject({ subtotal: 0, vat: 0, total: 0, monthly: 3000 });
  });
});

describe('afterOrder', () => {
  const answer = {
    order_id: 5001,
    status: 'awaiting_payment' as const,
    total_cents: 100,
    payment: { payment_id: 1, status: 'pending' as const, redirect_url: 'https://psp.test/pay/1' },
  };
  it('follows the card provider page', () => {
    expect(afterOrder(answer, 'card')).toEqual({ kind: 'redirect', url: 'https://psp.test/pay/1' });
  });
  it('shows the bank-transfer instructions', () => {
    expect(afterOrder({ ...answer, payment: null }, 'bank_transfer')).toEqual({
      kind: 'route',
      path: '/payment-return-banktransfer/5001',
      showOrder: false,
    });
  });
  it('opens the server list for balance and trial orders', () => {
    expect(afterOrder({ ...answer, status: 'provisioning', payment: null }, 'trial')).toEqual({
      kind: 'route',
      path: '/list-view',
      showOrder: true,
    });
    expect(afterOrder({ ...answer, status: 'paid', payment: null }, 'balance')).toMatchObject({ path: '/list-view' });
  });
  it('opens the dedicated list when the order was only dedicated servers', () => {
    expect(afterOrder({ ...answer, status: 'completed', payment: null }, 'balance', true)).toEqual({
      kind: 'route',
      path: '/servers-dedicated',
      showOrder: false,
    });
  });
});

describe('parseBuilderSession', () => {
  it('ignores what is not a builder session', () => {
    expect(parseBuilderSession('junk').form.quantity).toBe(1);
    expect(parseBuilderSession({ form: { quantity: 'x', ssh_keys: [1, 'a'] }, payment: 'gold' })).toMatchObject({
      form: { quantity: 1, ssh_keys: [1] },
      payment: null,
    });
  });
});
