import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  invoiceReference,
  normalizeReference,
  parseInvoiceReference,
  parsePaymentReference,
  parseTransferReference,
  paymentReference,
} from './payment-reference';

describe('payment references', () => {
  it('end in two MOD 97-10 check digits', () => {
    expect(paymentReference(1)).toBe('PS-1-95');
    expect(paymentReference(97)).toBe('PS-97-98');
    expect(paymentReference(1042)).toMatch(/^PS-1042-\d{2}$/);
  });

  it('parse back to their id, also typed with spaces and in lower case', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (id) => {
        expect(parsePaymentReference(paymentReference(id))).toBe(id);
        expect(parsePaymentReference(` ${paymentReference(id).toLowerCase().replace('-', ' - ')} `)).toBe(id);
      }),
    );
  });

  it('refuse a reference with one digit changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 9 }), (id, d) => {
        const ref = paymentReference(id);
        const i = ref.length - 4; // the id's last digit
        const changed = ref.slice(0, i) + String((Number(ref[i]) + d) % 10) + ref.slice(i + 1);
        if (changed !== ref && !/^PS-0/.test(changed)) expect(parsePaymentReference(changed)).toBeNull();
      }),
    );
  });

  it('refuse other texts', () => {
    for (const t of ['', 'PS-', 'PS-0-98', 'PS-12', 'XX-12-34', 'PS-2025-000123', 'PS-12-3'])
      expect(parsePaymentReference(t), t).toBeNull();
    expect(normalizeReference(' ps-1 -02 ')).toBe('PS-1-02');
  });
});

describe('invoice references', () => {
  it('are the invoice number with two MOD 97-10 check digits', () => {
    expect(invoiceReference('PS-2026-000042')).toBe('PS-2026-000042-87');
    // 98 - (2026000042 * 100 mod 97): the same rule as the payment references and IBANs.
    expect(Number(invoiceReference('PS-2026-000042').slice(-2))).toBe(98 - Number((2026000042n * 100n) % 97n));
    expect(() => invoiceReference('PS-12-34')).toThrow();
  });

  it('parse back to their invoice number, also typed with spaces and in lower case', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2999 }), fc.integer({ min: 1, max: 999_999 }), (year, seq) => {
        const number = `PS-${year}-${String(seq).padStart(6, '0')}`;
        const ref = invoiceReference(number);
        expect(parseInvoiceReference(ref)).toBe(number);
        expect(parseInvoiceReference(` ${ref.toLowerCase().replace(/-/g, ' - ')} `)).toBe(number);
        expect(parseTransferReference(ref)).toEqual({ kind: 'invoice', number });
        // Never mistaken for a payment's reference, nor the other way round.
        expect(parsePaymentReference(ref)).toBeNull();
      }),
    );
  });

  it('refuse a reference with one digit of the number changed, and the bare invoice number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        (seq, at, d) => {
          const ref = invoiceReference(`PS-2026-${String(seq).padStart(6, '0')}`);
          const i = 8 + at; // a digit of the sequence number
          const changed = ref.slice(0, i) + String((Number(ref[i]) + d) % 10) + ref.slice(i + 1);
          expect(parseInvoiceReference(changed)).toBeNull();
        },
      ),
    );
    for (const t of ['PS-2026-000042', 'PS-2026-42-87', 'PS-2026-000042-8', 'XX-2026-000042-87', 'PS-2026-000042-00'])
      expect(parseTransferReference(t), t).toBeNull();
  });

  it('leave payment references as they are', () => {
    expect(parseTransferReference('PS-1-95')).toEqual({ kind: 'payment', paymentId: 1 });
  });
});
