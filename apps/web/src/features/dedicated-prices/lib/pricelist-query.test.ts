import { describe, expect, it } from 'vitest';
import { diskSetText, diskSize, pageCount, pricelistQuery, searchFilter } from './pricelist-query';

describe('the price list query', () => {
  it('pages by 20, filters by location and searches the lower-cased text without wildcards', () => {
    expect(pricelistQuery(' EPYC* ', 'lisbon', 2)).toEqual({
      order: 'sort.asc,product.asc,location.asc',
      limit: '20',
      offset: '20',
      search: 'ilike.*epyc*',
      location: 'eq.lisbon',
    });
    expect(pricelistQuery('', '', 1)).toEqual({ order: 'sort.asc,product.asc,location.asc', limit: '20', offset: '0' });
  });

  it('does not search for one character or for wildcards alone', () => {
    expect(searchFilter('e')).toBeNull();
    expect(searchFilter('*,')).toBeNull();
    expect(searchFilter('a(b)c')).toBe('ilike.*a b c*');
  });

  it('counts at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(null)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});

describe('disk sets', () => {
  it('print as the offers do', () => {
    expect(diskSize(960)).toBe('960 GB');
    expect(diskSize(1920)).toBe('1.92 TB');
    expect(diskSize(16000)).toBe('16 TB');
    expect(
      diskSetText([
        { count: 2, size_gb: 480, kind: 'SSD' },
        { count: 8, size_gb: 16000, kind: 'HDD' },
      ]),
    ).toBe('2 × 480 GB SSD + 8 × 16 TB HDD');
  });
});
