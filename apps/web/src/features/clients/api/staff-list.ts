/**
 * The staff's paged, searched lists (issue 18): one page of a staff read with the total, filtered
 * by the row's `search` column (name, e-mail, company, VAT number, …, lower-cased on the server).
 * Every list file of this feature builds on it, so paging and search behave alike everywhere.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { STAFF_PAGE_SIZE } from '@portside/contract/schemas/clients';
import { api, type Counted, type ViewQuery } from '../../../shared/api/client';

/** The query key root of every read of this feature: a change invalidates them all. */
export const STAFF_KEY = ['staff-clients'] as const;

export interface StaffListParams {
  page: number;
  search: string;
  /** Further PostgREST filters (e.g. open=is.true). */
  filters?: Record<string, string>;
  order?: string;
}

/** The search phrase as an ilike pattern: LIKE's own wildcards typed by the user are matched literally. */
export function searchPattern(phrase: string): string | null {
  const p = phrase.trim().toLowerCase();
  if (p.length < 2) return null;
  return `ilike.*${p.replace(/[\\%_]/g, (c) => `\\${c}`)}*`;
}

/** One page (1-based) of `view`, without its search column, and the number of matching rows. */
export function getStaffPage<T>(
  view: string,
  columns: readonly string[],
  p: StaffListParams,
  signal?: AbortSignal,
): Promise<Counted<T>> {
  const query: ViewQuery = {
    select: columns.join(','),
    limit: String(STAFF_PAGE_SIZE),
    offset: String((p.page - 1) * STAFF_PAGE_SIZE),
    ...(p.order ? { order: p.order } : {}),
    ...p.filters,
  };
  const pattern = searchPattern(p.search);
  if (pattern) query.search = pattern;
  return api.get<Counted<T>>(view, query, { signal, count: true });
}

/** The query options of one page of a staff list (kept while the next page loads). */
export function staffListOptions<T>(view: string, columns: readonly string[], p: StaffListParams, enabled = true) {
  return queryOptions({
    queryKey: [...STAFF_KEY, view, p] as const,
    queryFn: ({ signal }) => getStaffPage<T>(view, columns, p, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}
