/**
 * The process's logger: one pino instance made in main.ts and handed to the jobs and the services
 * they call (and, as a child, wherever a part wants its own bindings). Lines are JSON with
 * structured fields (job name, id, status, invoice...) so that they can be searched, and secrets
 * are redacted by path before a line is written.
 */
import pino from 'pino';

/** What parts of the server log through: pino's levels and `child` (Fastify's request logger fits too). */
export interface Logger extends Pick<pino.BaseLogger, 'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'> {
  child(bindings: pino.Bindings): Logger;
}

/**
 * Fields that never reach a log line, wherever a caller puts them: credentials, tokens, keys,
 * connection strings (they hold passwords), request headers and bodies.
 */
export const REDACTED_PATHS: readonly string[] = [
  'password',
  'token',
  'secret',
  'secrets',
  'dataKey',
  'authorization',
  'cookie',
  'databaseUrl',
  'appDatabaseUrl',
  'ownerUrl',
  'smtpUrl',
  '*.password',
  '*.token',
  '*.secret',
  '*.secrets',
  '*.dataKey',
  '*.authorization',
  '*.cookie',
  '*.databaseUrl',
  '*.appDatabaseUrl',
  '*.ownerUrl',
  '*.smtpUrl',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
];

/**
 * A logger at `level` ('silent' writes nothing) writing JSON lines to stdout, or to `write` (tests
 * collect the lines there).
 */
export function createLogger(level: string, write?: (line: string) => void): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: 'portside' },
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
  };
  return write ? pino(options, { write }) : pino(options);
}

/** A logger that writes nothing (scripts and tests that do not look at logs). */
export const silentLogger: Logger = createLogger('silent');

/** An error as a log field: its message, and its code where it has one (never a stack of SQL). */
export function errorField(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
