/**
 * The abuse queue's small pure pieces: the view query of a page of a filter, the decisions staff
 * can take, the note's limit (the contract's resolveAbuseReportSchema) and each status's colour.
 */
import type { AbuseStatus } from '@portside/contract/schemas/support';

/** A decision on an open report: acted on the content, or found no breach. */
export type AbuseDecision = Exclude<AbuseStatus, 'open'>;

/** The longest note to the reporter (p_note of ResolveAbuseReport). */
export const ABUSE_NOTE_MAX = 2000;

/** Badge colours: open waits (orange), acted on (green), no breach (grey). */
export const STATUS_COLOR: Record<AbuseStatus, string> = {
  open: 'orange',
  resolved: 'green',
  rejected: 'gray',
};

/** Reports per page (each shows its whole explanation, up to 5000 characters). */
export const ABUSE_PAGE_SIZE = 10;

/** Which reports the page lists: those waiting for a decision (the default), or every one. */
export type AbuseFilter = 'open' | 'all';

/** The AbuseReports query of one page (1-based) of one filter: newest first, the id breaking ties. */
export function abuseReportsQuery(filter: AbuseFilter, page: number): Record<string, string> {
  const query: Record<string, string> = {
    order: 'created_at.desc,report.desc',
    limit: String(ABUSE_PAGE_SIZE),
    offset: String((Math.max(1, Math.floor(page)) - 1) * ABUSE_PAGE_SIZE),
  };
  if (filter === 'open') query.status = 'eq.open';
  return query;
}
