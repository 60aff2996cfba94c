import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyRequest } from 'fastify';
import { CUSTOMER_CLAIMS, ROLES, type Role } from '@portside/contract/constants';
import type { Database } from '../db/database.js';
import type { Secrets } from '../secrets.js';
import { AppError } from './errors.js';
import { anonymous, type Principal, type UserPrincipal } from './principal.js';
import { principalRow } from './principal.repository.js';

const ISSUER = 'portside';

/** Whom a token is for: the user, their account, the token version it was issued at and the login session. */
export interface TokenSubject {
  id: string;
  clientId: string;
  tokenVersion: number;
  /** The server-side session (sessions.id); the token is refused once it has ended. */
  sessionId: string;
}

export async function signToken(secrets: Secrets, user: TokenSubject, ttlSeconds: number): Promise<string> {
  return new SignJWT({ cid: user.clientId, tv: user.tokenVersion, sid: user.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secrets.jwtKey);
}

/**
 * A session token's lifetime in seconds: the account's inactivity logout (logout_after_minutes),
 * capped at TOKEN_TTL_SECONDS. The web renews the token while the user is active (RefreshToken),
 * so an idle session ends on the server at the same moment as in the browser.
 */
export function sessionTtlSeconds(logoutAfterMinutes: number, capSeconds: number): number {
  return Math.max(1, Math.min(Math.floor(logoutAfterMinutes * 60), capSeconds));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Loads what a user may do right now, with whether the token's session is still open (one query,
 * which also marks the session as seen at most once a minute). Blocked users, old token versions
 * and ended sessions are refused by {@link authenticate}.
 */
export async function loadPrincipal(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<{ principal: UserPrincipal; sessionOpen: boolean } | null> {
  const row = await principalRow(db.app, userId, sessionId);
  if (!row) return null;
  const roles = row.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  const claims = new Set(row.claims);
  if (row.is_owner) CUSTOMER_CLAIMS.forEach((c) => claims.add(c));
  const principal: UserPrincipal = {
    kind: 'user',
    userId: row.id,
    clientId: row.client_id,
    email: row.email,
    isOwner: row.is_owner,
    roles,
    claims: [...claims].sort(),
    blocked: row.blocked,
    tokenVersion: row.token_version,
    sessionId,
  };
  return { principal, sessionOpen: row.session_open };
}

/** Resolves the request's principal from `Authorization: Bearer`; no header means anonymous. */
export async function authenticate(req: FastifyRequest, db: Database, secrets: Secrets): Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) return anonymous;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw new AppError('JWT_INVALID');
  let payload: { sub?: string; tv?: unknown; cid?: unknown; sid?: unknown };
  try {
    ({ payload } = await jwtVerify(m[1]!, secrets.jwtKey, { issuer: ISSUER, algorithms: ['HS256'] }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new AppError('JWT_EXPIRED');
    throw new AppError('JWT_INVALID');
  }
  if (!payload.sub || !UUID.test(payload.sub)) throw new AppError('JWT_INVALID');
  // A token without a session (issued before sessions existed) cannot be ended at logout: refused.
  if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) throw new AppError('JWT_REVOKED');
  const found = await loadPrincipal(db, payload.sub, payload.sid);
  const p = found?.principal;
  if (!p || !found.sessionOpen || p.blocked || p.tokenVersion !== payload.tv || p.clientId !== payload.cid)
    throw new AppError('JWT_REVOKED');
  return p;
}
