import { describe, expect, it } from 'vitest';
import { searchFilter, searchText } from './search';

describe('the network pages search', () => {
  it('finds a MAC typed with dashes or without separators as the view writes it', () => {
    expect(searchText('AC-1F-6B-45')).toBe('ac:1f:6b:45');
    expect(searchText('AC1F6B450250')).toBe('ac:1f:6b:45:02:50');
    expect(searchText(' 185.66.10.2 ')).toBe('185.66.10.2');
  });

  it('ignores a phrase under two characters and strips the filter syntax', () => {
    expect(searchFilter('a')).toBeUndefined();
    expect(searchFilter('')).toBeUndefined();
    expect(searchFilter('web*,(1)')).toBe('ilike.*web 1*');
  });
});
