import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_LIMITS, API_TOKEN_PREFIX } from '@portside/contract/schemas/api-tokens';
import { CUSTOMER_CLAIMS, ROLES, type Role } from '@portside/contract/constants';
import type { Database } from '../db/database.js';
import type { Secrets } from '../secrets.js';
import { AppError } from './errors.js';
import { anonymous, type Principal, type UserPrincipal } from './principal.js';
import { apiPrincipalRow, principalRow, type ApiPrincipalRow } from './principal.repository.js';

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
  return { principal: principalOf(row, sessionId), sessionOpen: row.session_open };
}

/** The user's fields of a principal row, as the session and the token queries both answer them. */
interface UserRow {
  id: string;
  client_id: string;
  email: string;
  is_owner: boolean;
  roles: string[];
  claims: string[];
  blocked: boolean;
  token_version: number;
}

/** What a user may do: known roles only, and every customer claim for the account's owner. */
function principalOf(row: UserRow, sessionId: string): UserPrincipal {
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
    sessionId,
  };
}

/** A personal API token's text: `pst_` and 32 random bytes in base64url (43 characters). */
const API_TOKEN_TEXT = /^pst_[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a token's text, as stored (api_tokens.secret_hash). */
export function hashApiToken(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}

/** A new personal API token: its text (shown once), the prefix lists show and the hash that is stored. */
export function newApiToken(): { text: string; prefix: string; hash: Buffer } {
  const text = API_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { text, prefix: text.slice(0, API_TOKEN_LIMITS.prefixLength), hash: hashApiToken(text) };
}

/** The principal of a token's row, or the refusal: revoked (or its user blocked), expired, too many requests. */
function tokenPrincipal(row: ApiPrincipalRow | null, ratePerMinute: number): UserPrincipal {
  if (!row) throw new AppError('API_TOKEN_INVALID');
  if (row.revoked_at || row.blocked) throw new AppError('API_TOKEN_REVOKED');
  if (row.expires_at.getTime() <= Date.now()) throw new AppError('API_TOKEN_EXPIRED');
  if (row.rate_count > ratePerMinute)
    throw new AppError('API_TOKEN_RATE_LIMITED', { details: `at most ${ratePerMinute} requests a minute` });
  // No login session: the calls that work on "this session" have no area and refuse tokens.
  return { ...principalOf(row, ''), apiToken: { id: row.token_id, name: row.token_name, scopes: row.scopes } };
}

/** How {@link authenticate} treats personal API tokens. */
export interface TokenOptions {
  /** Requests one token may make per minute (API_TOKEN_RATE_PER_MINUTE). */
  ratePerMinute: number;
}

/**
 * Resolves the request's principal from `Authorization: Bearer`; no header means anonymous. A
 * bearer starting with `pst_` is a personal API token (one query finds it by its hash with its
 * user); anything else is a session's JWT.
 */
export async function authenticate(
  req: FastifyRequest,
  db: Database,
  secrets: Secrets,
  tokens: TokenOptions,
): Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) return anonymous;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw new AppError('JWT_INVALID');
  if (m[1]!.startsWith(API_TOKEN_PREFIX)) {
    if (!API_TOKEN_TEXT.test(m[1]!)) throw new AppError('API_TOKEN_INVALID');
    return tokenPrincipal(await apiPrincipalRow(db.app, hashApiToken(m[1]!), req.ip), tokens.ratePerMinute);
  }
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
