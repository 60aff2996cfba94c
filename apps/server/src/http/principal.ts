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
}
export type Principal = { kind: 'anonymous' } | UserPrincipal;
export const anonymous: Principal = { kind: 'anonymous' };
