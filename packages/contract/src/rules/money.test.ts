import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('formatCents', () => {
  it('shows euro cents as euros in each language’s format', () => {
    expect(formatCents(123456, 'en-GB')).toBe('€1,234.56');
    expect(formatCents(123456, 'de').replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatCents(123456, 'pt-PT').replace(/\s/g, ' ')).toBe('1234,56 €');
    expect(formatCents(123456, 'fi').replace(/\s/g, ' ')).toBe('1 234,56 €');
  });

  it('keeps three decimals when asked and shows a missing value as zero', () => {
    expect(formatCents(3, 'en-GB', 3)).toBe('€0.030');
    expect(formatCents(undefined, 'en-GB')).toBe('€0.00');
  });
});
