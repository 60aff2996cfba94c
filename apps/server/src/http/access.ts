import type { z } from 'zod';
import type { Claim, Role } from '@portside/contract/constants';
import type { Database, Tx } from '../db/database.js';
import type { Config } from '../config.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import type { Principal, UserPrincipal } from './principal.js';
import type { ColumnType } from './postgrest.js';
import type { Secrets } from '../secrets.js';

/** Who may call a route. Every route declares exactly one. */
export type Access =
  | { kind: 'public' }
  | { kind: 'customer' }
  | { kind: 'claim'; claim: Claim }
  | { kind: 'role'; role: Role };

export const publicAccess: Access = { kind: 'public' };
export const customer: Access = { kind: 'customer' };
export const claim = (c: Claim): Access => ({ kind: 'claim', claim: c });
export const role = (r: Role): Access => ({ kind: 'role', role: r });

/** What every handler gets. */
export interface Ctx {
  db: Database;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  ip: string;
  principal: Principal;
}
export interface UserCtx extends Ctx {
  principal: UserPrincipal;
  /** Runs SQL inside the caller's tenant context (row-level security applies). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A read: GET /api/<name>. `source` is SQL run in the caller's context; columns are whitelisted. */
export interface ViewDef {
  name: string;
  access: Access;
  columns: Record<string, ColumnType>;
  source: string;
  /** Default order when the caller gives none. */
  order?: string;
  /** Only when this returns true (e.g. the dev mailbox outside production). */
  enabled?: (config: Config) => boolean;
  /** Runs in the system context instead of the tenant one (public reference data). */
  system?: boolean;
}

/** An action: POST /api/rpc/<name> with a zod-validated JSON body. */
export interface RpcDef<S extends z.ZodType = z.ZodType> {
  name: string;
  access: Access;
  schema: S;
  handler: (ctx: Ctx & { principal: Principal }, input: z.infer<S>) => Promise<unknown>;
  /** Recorded in the account's log when true (all mutating calls of an account). */
  audit?: boolean;
}

export function defineRpc<S extends z.ZodType>(def: RpcDef<S>): RpcDef {
  return def as unknown as RpcDef;
}

/** The registry every route is declared in; the access test walks it. */
export interface Registry {
  views: ViewDef[];
  rpcs: RpcDef[];
}

export function accessLabel(a: Access): string {
  return a.kind === 'claim' ? `claim ${a.claim}` : a.kind === 'role' ? `role ${a.role}` : a.kind;
}
