import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyRequest } from 'fastify';
import { CUSTOMER_CLAIMS, ROLES, type Role } from '@portside/contract/constants';
import type { Database } from '../db/database.js';
import type { Secrets } from '../secrets.js';
import { AppError } from './errors.js';
import { anonymous, type Principal, type UserPrincipal } from './principal.js';

const ISSUER = 'portside';

export async function signToken(secrets: Secrets, user: { id: string; clientId: string; tokenVersion: number }, ttlSeconds: number): Promise<string> {
  return new SignJWT({ cid: user.clientId, tv: user.tokenVersion })
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

interface UserRow {
  id: string;
  client_id: string;
  email: string;
  is_owner: boolean;
  blocked: boolean;
  roles: string[];
  token_version: number;
  claims: string[];
}

/** Loads what a user may do right now: blocked users and old token versions are refused. */
export async function loadPrincipal(db: Database, userId: string): Promise<UserPrincipal | null> {
  const row = await db.system(async (tx) => {
    const r = await tx.query<UserRow>(
      `SELECT u.id, u.client_id, u.email, u.is_owner, u.blocked, u.roles, u.token_version,
              coalesce(array_agg(c.claim) FILTER (WHERE c.claim IS NOT NULL), '{}') AS claims
         FROM users u LEFT JOIN user_claims c ON c.user_id = u.id
        WHERE u.id = $1 GROUP BY u.id`,
      [userId],
    );
    return r.rows[0] ?? null;
  });
  if (!row) return null;
  const roles = row.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  const claims = new Set(row.claims);
  if (row.is_owner) CUSTOMER_CLAIMS.forEach((c) => claims.add(c));
  return {
    kind: 'user',
    userId: row.id,
    clientId: row.client_id,
    email: row.email,
    isOwner: row.is_owner,
    roles,
    claims: [...claims].sort(),
    blocked: row.blocked,
    tokenVersion: row.token_version,
  };
}

/** Resolves the request's principal from `Authorization: Bearer`; no header means anonymous. */
export async function authenticate(req: FastifyRequest, db: Database, secrets: Secrets): Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) return anonymous;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw new AppError('JWT_INVALID');
  let payload: { sub?: string; tv?: unknown; cid?: unknown };
  try {
    ({ payload } = await jwtVerify(m[1]!, secrets.jwtKey, { issuer: ISSUER, algorithms: ['HS256'] }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new AppError('JWT_EXPIRED');
    throw new AppError('JWT_INVALID');
  }
  if (!payload.sub) throw new AppError('JWT_INVALID');
  const p = await loadPrincipal(db, payload.sub);
  if (!p || p.blocked || p.tokenVersion !== payload.tv || p.clientId !== payload.cid) throw new AppError('JWT_REVOKED');
  return p;
}
