/**
 * The account's audit log (GET /api/MyLogs, spec 2 §7; DESIGN §6 "every mutating call writes an
 * audit entry"). Entries are written by the server only; customers can read but never change them.
 */
import { z } from '../zod';
import { timestampField } from './view-row';

/** Outcome of a logged call. */
export const AUDIT_RESULTS = ['ok', 'error'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** One row of GET /api/MyLogs, newest first by default. */
export const myLogRow = z.object({
  id: z.int(),
  /** ISO 8601 timestamp (UTC); shown in the account's timezone. */
  created_at: timestampField(),
  /** Who made the call (null for entries without a known user). */
  actor_email: z.string().nullable(),
  /** The call's name, e.g. AddMyUser or login. */
  action: z.string(),
  /** What the call was about, e.g. the sub-user's e-mail address; null when it names nothing. */
  target: z.string().nullable(),
  /** Whether the call succeeded. */
  result: z.enum(AUDIT_RESULTS),
  /** The caller's address, when known. */
  ip: z.string().nullable(),
});
export type MyLog = z.infer<typeof myLogRow>;

/** Rows per page of the log screen. */
export const LOGS_PAGE_SIZE = 25;
