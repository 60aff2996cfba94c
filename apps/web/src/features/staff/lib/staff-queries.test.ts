import { describe, expect, it } from 'vitest';
import { bannedQuery, helptextsQuery, pageCount, searchPattern, statusesQuery, STAFF_PAGE_SIZE } from './staff-queries';
import { isValidLabel, pagePathOf } from './helptext-labels';

describe('the staff lists’ queries', () => {
  it('pages by STAFF_PAGE_SIZE from page 1, and counts at least one page', () => {
    expect(helptextsQuery('', 1)).toEqual({ order: 'label.asc', limit: String(STAFF_PAGE_SIZE), offset: '0' });
    expect(helptextsQuery('', 3).offset).toBe(String(2 * STAFF_PAGE_SIZE));
    expect(helptextsQuery('', 0).offset).toBe('0');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(STAFF_PAGE_SIZE + 1)).toBe(2);
    expect(pageCount(null)).toBe(1);
  });

  it('searches with the wildcards and filter separators of the search text removed', () => {
    expect(searchPattern('  ')).toBe('');
    expect(searchPattern(' dash ')).toBe('*dash*');
    expect(searchPattern('a%b_c*(d),e')).toBe('*abcde*');
    expect(helptextsQuery('dash', 1).label).toBe('ilike.*dash*');
    expect(bannedQuery('203.0', 1).ip).toBe('ilike.*203.0*');
    expect(bannedQuery('', 1)).not.toHaveProperty('ip');
  });

  it('filters the status messages by whether they have ended', () => {
    expect(statusesQuery('active', 1).ended_at).toBe('is.null');
    expect(statusesQuery('ended', 1).ended_at).toBe('not.is.null');
    expect(statusesQuery('all', 1)).not.toHaveProperty('ended_at');
  });
});

describe('help text labels', () => {
  it('accepts what the server accepts and names the page of a route label', () => {
    expect(isValidLabel('my-services')).toBe(true);
    expect(isValidLabel('privacy_policy')).toBe(true);
    expect(isValidLabel('')).toBe(false);
    expect(isValidLabel('with space')).toBe(false);
    expect(isValidLabel('x'.repeat(65))).toBe(false);
    expect(pagePathOf('dashboard')).toBe('/dashboard');
    expect(pagePathOf('server_details')).toBeNull();
    expect(pagePathOf('custom-label')).toBeNull();
  });
});
