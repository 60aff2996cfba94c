import type { FastifyBaseLogger, LogLevel } from 'fastify';

const LEVELS: LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/**
 * The log level for routes whose request lines must not be logged (their URLs hold tokens, e-mail
 * addresses or hashes): at least 'warn', never louder than the server's own level.
 */
export function quietLevel(log: FastifyBaseLogger): LogLevel {
  const current = LEVELS.find((l) => l === log.level);
  return current && LEVELS.indexOf(current) > LEVELS.indexOf('warn') ? current : 'warn';
}
