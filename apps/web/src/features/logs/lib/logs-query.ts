/**
 * The PostgREST query of the log screen: filters by action (contains, case-insensitive), result
 * and a date range picked in the account's timezone (from inclusive, to inclusive as whole days),
 * newest first, LOGS_PAGE_SIZE per page.
 */
import { LOGS_PAGE_SIZE, type AuditResult } from '@portside/contract/schemas/logs';
import type { ViewQuery } from '../../../shared/api/client';
import { nextDay, zonedDayStart } from '../../../shared/format/zoned-day';

export interface LogFilters {
  action: string;
  result: '' | AuditResult;
  /** YYYY-MM-DD or '' */
  from: string;
  /** YYYY-MM-DD or '' (the whole day counts) */
  to: string;
}

export const NO_FILTERS: LogFilters = { action: '', result: '', from: '', to: '' };

/** A text for an ilike filter: LIKE wildcards and the '*' of the query syntax are taken literally or dropped. */
function likeText(s: string): string {
  return s.replace(/\*/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function logsQuery(f: LogFilters, page: number, timeZone: string | null | undefined): ViewQuery {
  const q: Record<string, string | string[]> = {
    order: 'created_at.desc,id.desc',
    limit: String(LOGS_PAGE_SIZE),
    offset: String((Math.max(1, page) - 1) * LOGS_PAGE_SIZE),
  };
  const action = likeText(f.action.trim());
  if (action) q.action = `ilike.*${action}*`;
  if (f.result) q.result = `eq.${f.result}`;
  const created: string[] = [];
  const start = f.from ? zonedDayStart(f.from, timeZone) : null;
  const end = f.to ? zonedDayStart(nextDay(f.to), timeZone) : null;
  if (start) created.push(`gte.${start}`);
  if (end) created.push(`lt.${end}`);
  if (created.length) q.created_at = created;
  return q;
}

/** Whether any filter is set. */
export function hasFilters(f: LogFilters): boolean {
  return !!(f.action.trim() || f.result || f.from || f.to);
}
