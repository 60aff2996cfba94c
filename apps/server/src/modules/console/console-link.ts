/**
 * The console link's signature (contract `console.ts`, DESIGN §3): HMAC-SHA512 with the server's
 * data key over `url|cookie|epoch`, lower-case hex. Only the server makes and checks it, so the
 * link's path cannot be altered and its parts cannot be forged; the epoch bounds its life.
 */
import crypto from 'node:crypto';
import { CONSOLE_LINK_TTL_SECONDS, CONSOLE_WS_PATH, consoleHashInput, encodeBase64Url } from '@portside/contract/console';

/** The link's url part: base64url of the console websocket's path. */
export const CONSOLE_URL_PART = encodeBase64Url(CONSOLE_WS_PATH);

/** How far a link's epoch may lie ahead of this server's clock (other instances' clocks), seconds. */
const CLOCK_SKEW_SECONDS = 5;

/** The hash of a link's parts. */
export function signConsoleLink(key: Buffer, url: string, cookie: string, epoch: number | string): string {
  return crypto
    .createHmac('sha512', key)
    .update(consoleHashInput(url, cookie, epoch))
    .digest('hex');
}

/** The console-open path for a one-time token made at `epoch` (seconds). */
export function consoleOpenPath(key: Buffer, cookie: string, epoch: number): string {
  return `/console-open/${CONSOLE_URL_PART}/${cookie}/${epoch}/${signConsoleLink(key, CONSOLE_URL_PART, cookie, epoch)}`;
}

/** What the socket's query says of a link: signed by this server and recent, altered, or too old. */
export type LinkCheck = 'ok' | 'invalid' | 'expired';

/** Checks the query of a console socket (`cookie`, `epoch`, `hash`) against the socket's own path. */
export function checkConsoleLink(
  key: Buffer,
  q: { cookie?: unknown; epoch?: unknown; hash?: unknown },
  nowSeconds: number,
): LinkCheck {
  const { cookie, epoch, hash } = q;
  if (typeof cookie !== 'string' || typeof epoch !== 'string' || typeof hash !== 'string') return 'invalid';
  if (!/^[A-Za-z0-9_-]{43}$/.test(cookie) || !/^\d{1,12}$/.test(epoch) || !/^[0-9a-f]{128}$/.test(hash)) return 'invalid';
  const want = Buffer.from(signConsoleLink(key, CONSOLE_URL_PART, cookie, epoch), 'hex');
  if (!crypto.timingSafeEqual(want, Buffer.from(hash, 'hex'))) return 'invalid';
  const age = nowSeconds - Number(epoch);
  return age > CONSOLE_LINK_TTL_SECONDS || age < -CLOCK_SKEW_SECONDS ? 'expired' : 'ok';
}

/** A new one-time token (32 random bytes, base64url) and the SHA-256 hex kept in its place. */
export function newConsoleToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

/** The stored form of a token. */
export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
