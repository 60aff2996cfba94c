/**
 * The search box of the network pages: what staff type (an IP, a MAC in any notation, a server,
 * an account) turned into the `search=ilike.*…*` filter of the views, whose `search` column holds
 * those texts in lower case (MACs as PostgreSQL writes them, lower case with colons).
 */
import { LIMITS } from '@portside/contract/constants';

/** The text to look for, or '' when it is too short to filter by (spec: at least two characters). */
export function searchText(typed: string): string {
  let s = typed.trim().toLowerCase();
  // A MAC typed with dashes or without separators is found as the view writes it.
  if (/^[0-9a-f]{2}(-[0-9a-f]{2})+-?$/.test(s)) s = s.replace(/-/g, ':');
  else if (/^[0-9a-f]{12}$/.test(s)) s = s.match(/../g)!.join(':');
  // Only what a filter value may hold: the view's wildcards, commas and brackets are not searched for.
  s = s
    .replace(/[*,()"\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length < LIMITS.minSearchPhrase ? '' : s;
}

/** The view filter for `typed`, or undefined when there is nothing to filter by. */
export function searchFilter(typed: string): string | undefined {
  const s = searchText(typed);
  return s ? `ilike.*${s}*` : undefined;
}
