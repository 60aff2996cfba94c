import { describe, expect, it } from 'vitest';
import { NO_FILTERS, hasFilters, logsQuery } from './logs-query';

describe('logsQuery', () => {
  it('asks for the first 25 entries, newest first, without filters', () => {
    expect(logsQuery(NO_FILTERS, 1, 'UTC')).toEqual({ order: 'created_at.desc,id.desc', limit: '25', offset: '0' });
    expect(logsQuery(NO_FILTERS, 3, 'UTC').offset).toBe('50');
  });
  it('filters by action (contains), result and a whole-day range in the account’s timezone', () => {
    const q = logsQuery({ action: ' user ', result: 'error', from: '2025-07-01', to: '2025-07-02' }, 1, 'Europe/Lisbon');
    expect(q.action).toBe('ilike.*user*');
    expect(q.result).toBe('eq.error');
    expect(q.created_at).toEqual(['gte.2025-06-30T23:00:00.000Z', 'lt.2025-07-02T23:00:00.000Z']);
  });
  it('takes LIKE wildcards in the action literally', () => {
    expect(logsQuery({ ...NO_FILTERS, action: '50%_a*' }, 1, 'UTC').action).toBe('ilike.*50\\%\\_a*');
  });
  it('accepts an open range on either side', () => {
    expect(logsQuery({ ...NO_FILTERS, to: '2025-01-31' }, 1, 'UTC').created_at).toEqual(['lt.2025-02-01T00:00:00.000Z']);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, from: '2025-01-01' })).toBe(true);
  });
});
