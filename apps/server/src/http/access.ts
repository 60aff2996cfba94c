/**
 * Who may call a route (DESIGN §3 "every route declares its access"): the kinds of access, and the
 * one check that turns a declared access and the caller into the catalogue's refusal. Generic HTTP:
 * it knows principals and error codes, nothing of the modules behind the routes.
 */
import type { Claim, Role } from '@portside/contract/constants';
import { scopeAllows, scopeFor, type TokenArea, type TokenMode } from '@portside/contract/rules/api-token-scopes';
import { AppError } from './errors.js';
import type { Principal, UserPrincipal } from './principal.js';

/** Anyone, logged in or not. */
export type PublicAccess = { kind: 'public' };
/** Every logged-in user of an account (owner and sub-users alike). */
export type CustomerAccess = { kind: 'customer' };
/** Only the account's owner (sub-users are refused with OWNER_REQUIRED, whatever their claims). */
export type OwnerAccess = { kind: 'owner' };
/** A user holding the claim; owners hold every customer claim (http/auth.ts), so "owner or claim X" is `claim(X)`. */
export type ClaimAccess = { kind: 'claim'; claim: Claim };
/** Staff: a user holding the role, or one of `orRoles`. */
export type RoleAccess = {
  kind: 'role';
  role: Role;
  /** Further roles that are also let in (e.g. finance or staff). */
  orRoles?: readonly Role[];
};
/** Every access that needs a logged-in user: its handler gets the user's context. */
export type UserAccess = CustomerAccess | OwnerAccess | ClaimAccess | RoleAccess;
/** Who may call a route. Every route declares exactly one. */
export type Access = PublicAccess | UserAccess;

export const publicAccess: PublicAccess = { kind: 'public' };
export const customer: CustomerAccess = { kind: 'customer' };
export const owner: OwnerAccess = { kind: 'owner' };
export const claim = (c: Claim): ClaimAccess => ({ kind: 'claim', claim: c });
export const role = (r: Role): RoleAccess => ({ kind: 'role', role: r });
/** Any one of the roles lets the caller in. */
export const anyRole = (first: Role, ...more: Role[]): RoleAccess => ({ kind: 'role', role: first, orRoles: more });

/** The roles a route declared with `access` lets in (empty for other kinds). */
export function rolesOf(access: Access): readonly Role[] {
  return access.kind === 'role' ? [access.role, ...(access.orRoles ?? [])] : [];
}

/** True for routes anyone may call (their handlers get no user). */
export function isPublic(access: Access): access is PublicAccess {
  return access.kind === 'public';
}

/** How docs/access.md and the OpenAPI document name an access. */
export function accessLabel(a: Access): string {
  return a.kind === 'claim' ? `claim ${a.claim}` : a.kind === 'role' ? `role ${rolesOf(a).join(' or ')}` : a.kind;
}

/**
 * What a personal API token needs to call a route: the route's area (none: tokens are refused)
 * and whether the call reads or changes (views and files read; rpcs change unless marked).
 */
export interface TokenNeed {
  area: TokenArea | undefined;
  mode: TokenMode;
}

/** The scope a route needs, as the refusal's details and the OpenAPI document name it. */
export function tokenScopeLabel(need: TokenNeed): string {
  return need.area ? scopeFor(need.area, need.mode) : 'none (personal API tokens are refused)';
}

/**
 * The caller of a route that needs a user, or the catalogue's refusal: 401 without a user,
 * 403 CLAIM_REQUIRED / ROLE_REQUIRED, 422 OWNER_REQUIRED for a sub-user on an owner's route, and
 * for a personal API token also 403 API_TOKEN_SCOPE unless its scopes allow the route's area and
 * mode (`token`, which every caller states: a route without an area is never a token's).
 */
export function authorize(access: UserAccess, p: Principal, token: TokenNeed): UserPrincipal {
  if (p.kind !== 'user') throw new AppError('JWT_MISSING');
  if (access.kind === 'owner' && !p.isOwner) throw new AppError('OWNER_REQUIRED');
  if (access.kind === 'claim' && !p.claims.includes(access.claim))
    throw new AppError('CLAIM_REQUIRED', { details: access.claim });
  if (access.kind === 'role' && !rolesOf(access).some((r) => p.roles.includes(r)))
    throw new AppError('ROLE_REQUIRED', { details: rolesOf(access).join(' or ') });
  if (p.apiToken && !scopeAllows(p.apiToken.scopes, token.area, token.mode))
    throw new AppError('API_TOKEN_SCOPE', { details: tokenScopeLabel(token) });
  return p;
}
