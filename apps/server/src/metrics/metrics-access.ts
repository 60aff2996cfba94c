/** Who may read /metrics (issue 19): a bearer token when METRICS_TOKEN is set, else only the machine itself. */
import crypto from 'node:crypto';
import { isLoopback } from '../http/client-address.js';
import { AppError } from '../http/errors.js';
import type { OpsConfig } from '../ops-config.js';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/** Whether `authorization` carries `token` as a bearer token (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  return !!m && crypto.timingSafeEqual(digest(m[1]!.trim()), digest(token));
}

/**
 * Throws the catalogue's refusal unless the request may read the metrics: with METRICS_TOKEN the
 * token (401 METRICS_TOKEN_INVALID), without it a loopback socket address (LOCAL_ONLY, a 404).
 */
export function checkMetricsAccess(
  metrics: OpsConfig['metrics'],
  req: { headers: { authorization?: string }; socket: { remoteAddress?: string } },
): void {
  if (metrics.token !== null) {
    if (!bearerMatches(req.headers.authorization, metrics.token)) throw new AppError('METRICS_TOKEN_INVALID');
    return;
  }
  if (!isLoopback(req.socket.remoteAddress)) throw new AppError('LOCAL_ONLY');
}
