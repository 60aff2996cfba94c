import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('formatCents', () => {
  it('shows euro cents as euros in the language’s format', () => {
    expect(formatCents(1250, 'en-GB')).toBe('€12.50');
    expect(formatCents(1250, 'de').replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatCents(3, 'en-GB')).toBe('€0.03');
  });

  it('shows a missing value as zero', () => {
    expect(formatCents(null, 'en-GB')).toBe('€0.00');
  });
});
