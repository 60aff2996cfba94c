import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeReference, parsePaymentReference, paymentReference } from './payment-reference';

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
