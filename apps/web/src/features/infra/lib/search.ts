/**
 * The search box of an infrastructure list as a PostgREST filter: an ilike pattern on the lower-
 * cased search column, LIKE's own wildcards typed by the user matched literally; under two
 * characters nothing is filtered (one letter would match almost every row).
 */
export function searchFilter(phrase: string): string | null {
  const p = phrase.trim().toLowerCase();
  if (p.length < 2) return null;
  return `ilike.*${p.replace(/[\\%_]/g, (c) => `\\${c}`)}*`;
}
