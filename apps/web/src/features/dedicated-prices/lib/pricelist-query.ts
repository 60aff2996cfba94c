/**
 * The price lists' small pure pieces: the ServersPricelist query of one page (a search over the
 * rows' `search` text, a location), how many pages a total fills, and a disk set's words.
 */
import type { DiskKind } from '@portside/contract/schemas/dedicated-prices';

/** Offers per page of the price list. */
export const PRICELIST_PAGE_SIZE = 20;

/** The `search` filter of a typed text: lower case, the filter's wildcards and separators taken as spaces; null for none. */
export function searchFilter(text: string): string | null {
  const t = text
    .toLowerCase()
    .replace(/[*%_\\,()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length >= 2 ? `ilike.*${t}*` : null;
}

/** ServersPricelist: one page (1-based) of the offers matching the search at a location ('' for all). */
export function pricelistQuery(search: string, location: string, page: number): Record<string, string> {
  const q: Record<string, string> = {
    order: 'sort.asc,product.asc,location.asc',
    limit: String(PRICELIST_PAGE_SIZE),
    offset: String((Math.max(1, Math.floor(page)) - 1) * PRICELIST_PAGE_SIZE),
  };
  const s = searchFilter(search);
  if (s) q.search = s;
  if (location) q.location = `eq.${location}`;
  return q;
}

/** How many pages `total` offers fill (at least one). */
export function pageCount(total: number | null | undefined): number {
  return Math.max(1, Math.ceil((total ?? 0) / PRICELIST_PAGE_SIZE));
}

/** A size in GB as a disk label prints it: '960 GB', '1.92 TB', '16 TB'. */
export function diskSize(gb: number): string {
  return gb >= 1000 ? `${Number((gb / 1000).toFixed(2))} TB` : `${gb} GB`;
}

/** A disk set's parts as the offers print them: '2 × 480 GB SSD + 8 × 16 TB HDD'. */
export function diskSetText(parts: readonly { count: number; size_gb: number; kind: DiskKind }[]): string {
  return parts.map((p) => `${p.count} × ${diskSize(p.size_gb)} ${p.kind}`).join(' + ');
}
