import { describe, expect, it } from 'vitest';
import { filterRows, filterWords, pageOf } from './list-filter';

const rows = [
  { name: 'office', comment: 'Lisbon office' },
  { name: 'monitoring', comment: '' },
  { name: 'vpn', comment: null },
];
const texts = (r: (typeof rows)[number]) => [r.name, r.comment];

describe('filterRows', () => {
  it('keeps every row for a phrase shorter than two characters', () => {
    expect(filterWords(' o ')).toEqual([]);
    expect(filterRows(rows, 'o', texts)).toHaveLength(3);
  });

  it('matches every word in any of the texts, case ignored', () => {
    expect(filterRows(rows, 'LISBON off', texts).map((r) => r.name)).toEqual(['office']);
    expect(filterRows(rows, 'on', texts).map((r) => r.name)).toEqual(['office', 'monitoring']);
    expect(filterRows(rows, 'office vpn', texts)).toEqual([]);
  });
});

describe('pageOf', () => {
  const many = Array.from({ length: 1000 }, (_, i) => i);
  it('cuts the page and counts the pages', () => {
    const p = pageOf(many, 3, 50);
    expect(p.rows[0]).toBe(100);
    expect(p.rows).toHaveLength(50);
    expect(p.pages).toBe(20);
  });

  it('keeps the page within the pages there are after the list shrank', () => {
    expect(pageOf(many.slice(0, 60), 5, 50)).toMatchObject({ page: 2, pages: 2 });
    expect(pageOf([], 2, 50)).toMatchObject({ page: 1, pages: 1, rows: [] });
  });
});
