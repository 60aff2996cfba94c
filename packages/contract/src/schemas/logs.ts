/**
 * The account's audit log (GET /api/MyLogs, spec 2 §7; DESIGN §6 "every mutating call writes an
 * audit entry"). Entries are written by the server only; customers can read but never change them.
 */

/** Outcome of a logged call. */
export const AUDIT_RESULTS = ['ok', 'error'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** One row of GET /api/MyLogs, newest first by default. */
export interface MyLog {
  id: number;
  /** ISO 8601 timestamp (UTC); shown in the account's timezone. */
  created_at: string;
  /** Who made the call (null for entries without a known user). */
  actor_email: string | null;
  /** The call's name, e.g. AddMyUser or login. */
  action: string;
  /** What the call was about, e.g. the sub-user's e-mail address; null when it names nothing. */
  target: string | null;
  result: AuditResult;
  ip: string | null;
}

/** Rows per page of the log screen. */
export const LOGS_PAGE_SIZE = 25;
