/** The hooks every answer passes: the query-string limit, no caching of account data, the security headers. */
import type { FastifyInstance } from 'fastify';
import { AppError, MAX_QUERY_CHARS } from '../http/errors.js';

/** Scripts only from this origin; Mantine sets inline styles; websockets for the live hubs. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Installs the request and answer hooks and refuses text/plain bodies. */
export function installSecurityHooks(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const q = req.url.indexOf('?');
    if (q >= 0 && req.url.length - q - 1 > MAX_QUERY_CHARS) throw new AppError('URI_TOO_LONG');
  });
  app.addHook('onSend', async (_req, reply) => {
    // Answers hold account data (MyProfile the notification secret): no cache keeps them, unless
    // the route said otherwise (hashed build files, the app's HTML).
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Content-Security-Policy', CSP);
  });
  // Bodies are JSON only: a text/plain body is refused as a wrong content type, not parsed as a string.
  app.removeContentTypeParser('text/plain');
}
