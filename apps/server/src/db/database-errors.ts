/**
 * Telling "the database is not there" apart from every other failure: such errors are answered with
 * 503 DATABASE_UNAVAILABLE (the request changed nothing it could keep) and retried by jobs, never
 * reported as a bug of the portal.
 */

/** SQLSTATEs and socket errors of a database that went away, is restarting or cannot be reached. */
const DOWN_CODES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (or postmaster exit)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / in recovery mode
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says, without a code, of a connection that ended or never came. */
const DOWN_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Connection terminated due to connection timeout',
];

/** Whether `err` means the database cannot be used right now (rather than a bad query or a bug). */
export function isDatabaseDown(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && DOWN_CODES.has(code)) return true;
  return DOWN_MESSAGES.some((m) => err.message.includes(m));
}
