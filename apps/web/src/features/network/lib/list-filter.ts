/**
 * Filtering and paging of lists that arrive whole (an IP set's up to 1000 IPs, the account's IP
 * sets): the phrase matches when every word of it is found in one of the row's texts, case
 * ignored, as the search overlay matches (spec 1 §3: a phrase of at least two characters).
 */
import { LIMITS } from '@portside/contract/constants';

/** The words of a phrase to look for, or none when it is too short to filter by. */
export function filterWords(phrase: string): string[] {
  const p = phrase.trim().toLowerCase();
  return p.length < LIMITS.minSearchPhrase ? [] : p.split(/\s+/);
}

/** The rows whose texts hold every word of `phrase` (all rows for a short phrase). */
export function filterRows<R>(rows: readonly R[], phrase: string, texts: (row: R) => readonly (string | null)[]): R[] {
  const words = filterWords(phrase);
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const hay = texts(r)
      .filter((s): s is string => s !== null)
      .join('\n')
      .toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** One page (1-based) of `rows`, the page number kept within the pages there are, and the page count. */
export function pageOf<R>(rows: readonly R[], page: number, size: number): { rows: R[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const at = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((at - 1) * size, at * size), page: at, pages };
}
