import type { Role } from '@portside/contract/constants';

export interface UserPrincipal {
  kind: 'user';
  userId: string;
  clientId: string;
  email: string;
  isOwner: boolean;
  roles: Role[];
  claims: string[];
  blocked: boolean;
  tokenVersion: number;
  /** The login session the token belongs to (JWT claim sid); it ends at logout. */
  sessionId: string;
  /**
   * Set when the request came with a personal API token (`pst_...`) instead of a session: the
   * token's id, name (the account's log names it) and scopes. Such a caller has no session (sessionId is ''), and only routes of an
   * area its scopes allow let it in (http/access.ts authorize).
   */
  apiToken?: { id: string; name: string; scopes: string[] };
}
export type Principal = { kind: 'anonymous' } | UserPrincipal;
export const anonymous: Principal = { kind: 'anonymous' };
