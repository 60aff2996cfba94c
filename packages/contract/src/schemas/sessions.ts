/**
 * Login sessions (issue 9 §6 "Sessions end when the user leaves"): every login opens a session on
 * the server, its tokens carry the session's id and are refused once it has ended. Bodies of
 * Logout, SessionEnd and SessionsEndAll, and the row of GET /api/MySessions.
 */
import { z } from '../zod';
import { timestampField } from './view-row';

/** Longest device text (the User-Agent header) and address a session keeps. */
export const SESSION_LIMITS = { deviceMax: 300, ipMax: 64 } as const;

/** Body of POST /api/rpc/Logout: nothing; the token says which session ends. */
export const logoutSchema = z.object({});
export type LogoutInput = z.input<typeof logoutSchema>;

/** A session id (MySessions.id). */
export const sessionIdField = z.guid({ error: 'invalid_data' });

/** Body of POST /api/rpc/SessionEnd: one of the caller's own open sessions (MySessions.id). */
export const sessionEndSchema = z.object({ p_session: sessionIdField });
export type SessionEndInput = z.input<typeof sessionEndSchema>;
export type SessionEndBody = z.output<typeof sessionEndSchema>;

/**
 * Body of POST /api/rpc/SessionsEndAll ('log out everywhere', this session included). The explicit
 * `p_confirm: true` keeps an empty or mistaken call from logging the user out of every device.
 */
export const sessionsEndAllSchema = z.object({ p_confirm: z.literal(true, { error: 'invalid_data' }) });
export type SessionsEndAllInput = z.input<typeof sessionsEndAllSchema>;

/** One row of GET /api/MySessions: the caller's own open sessions, most recently active first. */
export const mySessionRow = z.object({
  /** The session's id (SessionEnd's p_session). */
  id: z.guid(),
  /** When the session's login happened (ISO 8601, UTC). */
  created_at: timestampField(),
  /** The last request made with it, to the minute (ISO 8601, UTC). */
  last_seen_at: timestampField(),
  /** The address the login came from. */
  ip: z.string().nullable(),
  /** The User-Agent header of the login (at most {@link SESSION_LIMITS}.deviceMax characters). */
  device: z.string().nullable(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionRow>;

/** Answer of SessionsEndAll: how many sessions ended (this one included). */
export interface SessionsEndAllAnswer {
  success: true;
  ended: number;
}
