import { describe, expect, it } from 'vitest';
import { fieldErrors } from './issues';
import { depositSchema, openAmountCents, parseEuroAmount, payInvoicesSchema } from './billing';

const KEY = 'a1b2c3d4e5';

describe('parseEuroAmount', () => {
  it('reads euros with a point or a comma and up to two decimals', () => {
    expect(parseEuroAmount('50')).toBe(5000);
    expect(parseEuroAmount('25.50')).toBe(2550);
    expect(parseEuroAmount('25,5')).toBe(2550);
    expect(parseEuroAmount(' 1 000 € ')).toBe(100000);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '5.', '1e3', '12,345']) expect(parseEuroAmount(bad)).toBeNull();
  });
});

describe('depositSchema', () => {
  const errors = (body: unknown) => {
    const r = depositSchema.safeParse(body);
    return r.success ? {} : fieldErrors(r.error);
  };

  it('takes 5.00 € to 10,000.00 € by card or bank transfer', () => {
    expect(errors({ p_amount_cents: 500, p_method: 'card', p_idempotency_key: KEY })).toEqual({});
    expect(errors({ p_amount_cents: 1_000_000, p_method: 'bank_transfer', p_idempotency_key: KEY })).toEqual({});
  });

  it('names what is wrong with the amount and the method', () => {
    expect(errors({ p_method: 'card', p_idempotency_key: KEY })).toEqual({ p_amount_cents: 'deposit_amount_empty' });
    expect(errors({ p_amount_cents: Number.NaN, p_method: 'card', p_idempotency_key: KEY })).toEqual({ p_amount_cents: 'deposit_amount_invalid' });
    expect(errors({ p_amount_cents: 499, p_method: 'card', p_idempotency_key: KEY })).toEqual({ p_amount_cents: 'deposit_amount_min' });
    expect(errors({ p_amount_cents: 1_000_001, p_method: 'card', p_idempotency_key: KEY })).toEqual({ p_amount_cents: 'deposit_amount_max' });
    expect(errors({ p_amount_cents: 500, p_method: 'balance', p_idempotency_key: KEY })).toEqual({ p_method: 'payment_method_invalid' });
  });
});

describe('payInvoicesSchema', () => {
  it('needs at least one invoice and a method', () => {
    expect(payInvoicesSchema.safeParse({ p_invoice_ids: [3, 4], p_method: 'balance', p_idempotency_key: KEY }).success).toBe(true);
    const r = payInvoicesSchema.safeParse({ p_invoice_ids: [], p_method: 'cash', p_idempotency_key: KEY });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ p_invoice_ids: 'invoices_none_selected', p_method: 'payment_method_invalid' });
  });

  it('counts what is left to pay on an invoice', () => {
    expect(openAmountCents({ total_cents: 1230, paid_cents: 230 })).toBe(1000);
    expect(openAmountCents({ total_cents: 1230, paid_cents: 1230 })).toBe(0);
  });
});
