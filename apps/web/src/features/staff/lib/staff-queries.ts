/**
 * The staff screens' small pure pieces: page sizes and the view queries of one page of each list
 * (help texts by label, status messages by state, banned addresses by address), so the pages and
 * their tests build the same queries.
 */

/** Rows per page of the staff lists. */
export const STAFF_PAGE_SIZE = 20;

/** The limit and offset of a 1-based page. */
export function pageWindow(page: number, size = STAFF_PAGE_SIZE): { limit: string; offset: string } {
  return { limit: String(size), offset: String((Math.max(1, Math.floor(page)) - 1) * size) };
}

/** How many pages `total` rows fill (at least one). */
export function pageCount(total: number | null | undefined, size = STAFF_PAGE_SIZE): number {
  return Math.max(1, Math.ceil((total ?? 0) / size));
}

/**
 * A search text as an `ilike` pattern: trimmed, the pattern's own wildcards and the filter's
 * separators removed (they would change what matches), or '' for no search.
 */
export function searchPattern(search: string): string {
  const clean = search.trim().replace(/[%_*,()\\]/g, '');
  return clean === '' ? '' : `*${clean}*`;
}

/** Helptexts: one page of the labels matching the search, by label. */
export function helptextsQuery(search: string, page: number): Record<string, string> {
  const pattern = searchPattern(search);
  return { order: 'label.asc', ...pageWindow(page), ...(pattern ? { label: `ilike.${pattern}` } : {}) };
}

/** Which status messages the list shows: those every page shows now, the ended ones, or all. */
export type StatusFilter = 'active' | 'ended' | 'all';

/** InternalStatusHistory: one page of a filter, newest first. */
export function statusesQuery(filter: StatusFilter, page: number): Record<string, string> {
  const query: Record<string, string> = { order: 'created_at.desc,id.desc', ...pageWindow(page) };
  if (filter !== 'all') query.ended_at = filter === 'active' ? 'is.null' : 'not.is.null';
  return query;
}

/** BannedIPs: one page of the addresses matching the search, the newest ban first. */
export function bannedQuery(search: string, page: number): Record<string, string> {
  const pattern = searchPattern(search);
  return { order: 'last_at.desc,ip.asc,kind.asc', ...pageWindow(page), ...(pattern ? { ip: `ilike.${pattern}` } : {}) };
}
