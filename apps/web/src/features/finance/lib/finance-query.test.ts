import { describe, expect, it } from 'vitest';
import { barHeight, chartStart, invoicesQuery, lastMonths, paymentsQuery } from './finance-query';

describe('invoicesQuery', () => {
  it('asks a page of every invoice, newest first', () => {
    expect(invoicesQuery('all', '', 2, '2026-11-27')).toEqual({ order: 'issued_on.desc,id.desc', limit: '25', offset: '25' });
  });
  it('splits open invoices into those not yet due and those overdue', () => {
    expect(invoicesQuery('open', '', 1, '2026-11-27')).toMatchObject({ status: 'eq.open', due_on: 'gte.2026-11-27' });
    expect(invoicesQuery('overdue', '', 1, '2026-11-27')).toMatchObject({ status: 'eq.open', due_on: 'lt.2026-11-27' });
    expect(invoicesQuery('void', '', 1, '2026-11-27')).toMatchObject({ status: 'eq.void' });
  });
  it('searches lower-cased text, its wildcards taken as plain spaces', () => {
    expect(invoicesQuery('all', '  Kunde GmbH ', 1, '2026-11-27').search).toBe('ilike.*kunde gmbh*');
    expect(invoicesQuery('all', '50%_off*', 1, '2026-11-27').search).toBe('ilike.*50 off*');
    expect(invoicesQuery('all', ' ** ', 1, '2026-11-27').search).toBeUndefined();
  });
});

describe('paymentsQuery', () => {
  it('asks the latest first with the search', () => {
    expect(paymentsQuery('acme', 1)).toEqual({
      order: 'completed_at.desc.nullslast,id.desc',
      limit: '25',
      offset: '0',
      search: 'ilike.*acme*',
    });
  });
});

describe('months', () => {
  it('counts back across a year', () => {
    expect(lastMonths('2026-02-10', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(chartStart('2026-02-10', 12)).toBe('2025-03-01');
  });
});

describe('barHeight', () => {
  it('fills the height with the largest value and keeps small values visible', () => {
    expect([0, 50, 100, 1].map((v) => barHeight(v, 100, 200))).toEqual([0, 100, 200, 2]);
    expect(barHeight(0, 0, 200)).toBe(0);
  });
});
