/**
 * What the browser reads from its session token: an id (the signature) and the lifetime
 * (exp − iat). The token is not verified here — the server does that on every call.
 */
import type { TokenInfo } from './inactivity';

export function tokenInfo(token: string | null): TokenInfo | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[2]) return { id: token, lifetimeMs: null };
  let lifetimeMs: number | null = null;
  try {
    const json = atob(
      parts[1]!
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(parts[1]!.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { exp?: unknown; iat?: unknown };
    if (typeof claims.exp === 'number' && typeof claims.iat === 'number' && claims.exp > claims.iat) {
      lifetimeMs = (claims.exp - claims.iat) * 1000;
    }
  } catch {
    lifetimeMs = null;
  }
  return { id: parts[2], lifetimeMs };
}
