import { describe, expect, it } from 'vitest';
import { displayStatus, todayUtc } from './invoice-status';

describe('displayStatus', () => {
  const open = { status: 'open' as const, due_on: '2026-11-15', paid_cents: 0 };
  it('shows an open invoice as overdue after its due day, not on it', () => {
    expect(displayStatus(open, '2026-11-15')).toBe('open');
    expect(displayStatus(open, '2026-11-16')).toBe('overdue');
  });
  it('keeps paid and void as they are, and tells a partly paid invoice', () => {
    expect(displayStatus({ ...open, status: 'paid' }, '2027-01-01')).toBe('paid');
    expect(displayStatus({ ...open, status: 'void' }, '2026-01-01')).toBe('void');
    expect(displayStatus({ ...open, paid_cents: 100 }, '2026-11-01')).toBe('partly_paid');
  });
});

describe('todayUtc', () => {
  it('is the UTC calendar day, whatever the local time zone', () => {
    expect(todayUtc(new Date('2026-11-25T23:30:00-05:00'))).toBe('2026-11-26');
  });
});
