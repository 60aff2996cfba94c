import type { z } from 'zod';
import type { Readable } from 'node:stream';
import type { Claim, Role } from '@portside/contract/constants';
import type { Database, Tx } from '../db/database.js';
import type { Config } from '../config.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import type { FileStorage } from '../drivers/storage/storage.js';
import type { HypervisorRegistry } from '../drivers/hypervisor/registry.js';
import type { JobQueue } from '../jobs/job-types.js';
import type { Principal, UserPrincipal } from './principal.js';
import { columnsOf, type ColumnType } from '@portside/contract/schemas/view-row';
import type { Secrets } from '../secrets.js';
import type { AuditTarget } from '../modules/audit/audit-target.js';

/** Who may call a route. Every route declares exactly one. */
export type Access =
  | { kind: 'public' }
  | { kind: 'customer' }
  | { kind: 'claim'; claim: Claim }
  | { kind: 'role'; role: Role; /** Further roles that are also let in (e.g. finance or staff). */ orRoles?: readonly Role[] };

export const publicAccess: Access = { kind: 'public' };
export const customer: Access = { kind: 'customer' };
export const claim = (c: Claim): Access => ({ kind: 'claim', claim: c });
export const role = (r: Role): Access => ({ kind: 'role', role: r });
/** Any one of the roles lets the caller in. */
export const anyRole = (first: Role, ...more: Role[]): Access => ({ kind: 'role', role: first, orRoles: more });

/** The roles a route declared with `access` lets in (empty for other kinds). */
export function rolesOf(access: Access): readonly Role[] {
  return access.kind === 'role' ? [access.role, ...(access.orRoles ?? [])] : [];
}

/** What every handler gets. */
export interface Ctx {
  db: Database;
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  ip: string;
  /** The request's User-Agent header ('' when absent): the device a login session is shown as. */
  userAgent: string;
  /** The storage driver (uploads, ID documents). */
  storage: FileStorage;
  principal: Principal;
  /** Hands long work to the workers (VM operations). */
  jobs: Pick<JobQueue, 'send'>;
  /** The driver of each hypervisor cluster. */
  hypervisors: HypervisorRegistry;
}
export interface UserCtx extends Ctx {
  principal: UserPrincipal;
  /** Runs SQL inside the caller's tenant context (row-level security applies). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * A read: GET /api/<name>. `source` is SQL run in the caller's context; its row is the contract's
 * zod `row` schema, and only that row's columns can be selected, filtered and ordered by.
 */
export interface ViewDef {
  name: string;
  access: Access;
  /** The row's one shape (packages/contract schemas): the web's type and the OpenAPI answer. */
  row: z.ZodObject;
  /** The whitelist of columns and their types, derived from `row` by {@link defineView}. */
  columns: Record<string, ColumnType>;
  source: string;
  /** Default order when the caller gives none. */
  order?: string;
  /** Only when this returns true (e.g. the dev mailbox outside production). */
  enabled?: (config: Config) => boolean;
  /** Runs in the system context instead of the tenant one (public reference data). */
  system?: boolean;
  /**
   * Answers only requests whose socket comes from the machine itself (loopback), whatever
   * forwarded headers say; others get 404 LOCAL_ONLY (the developer mailbox).
   */
  localOnly?: boolean;
}

/** Declares a view; its columns come from its row schema, so a row is written once. */
export function defineView(def: Omit<ViewDef, 'columns'>): ViewDef {
  return { ...def, columns: columnsOf(def.row) };
}

/** An action: POST /api/rpc/<name> with a zod-validated JSON body. */
export interface RpcDef<S extends z.ZodType = z.ZodType> {
  name: string;
  access: Access;
  schema: S;
  handler: (ctx: Ctx & { principal: Principal }, input: z.infer<S>) => Promise<unknown>;
  /** Recorded in the account's log when true (all mutating calls of an account). */
  audit?: boolean;
  /**
   * What the call touched, named in its log entry (modules/audit/audit-target.ts): from the validated
   * body, the call's answer (undefined until it succeeded) and the caller. Every audited rpc declares one.
   */
  auditTarget?: (input: z.infer<S>, answer: unknown, caller: UserPrincipal) => AuditTarget;
  /**
   * A successful call ends the caller's own session: the token it was made with is refused
   * afterwards (Logout, SessionsEndAll). Declared so that whoever walks the registry (the access
   * test) knows to log in again instead of reading the refusals that follow as access bugs.
   */
  endsSession?: boolean;
  /**
   * The body is multipart/form-data instead of JSON: text fields plus at most one file, which the
   * schema sees as an {@link UploadedFile} under `fileField`. Only these rpcs parse multipart.
   */
  multipart?: { fileField: string; maxFileBytes: number };
}

export function defineRpc<S extends z.ZodType>(def: RpcDef<S>): RpcDef {
  return def;
}

/** A file received in a multipart body. */
export interface UploadedFile {
  bytes: Buffer;
  /** As the client named and typed it: informative only, never trusted. */
  filename: string;
  mimetype: string;
}

/**
 * A binary read: GET /api/<name>/<id>, answered with the file's own content type, inline (images
 * of ID documents). `handler` answers null for an id the caller may not see or that does not exist.
 */
export interface FileDef {
  name: string;
  access: Access;
  /** `filename`, when given, is named in the Content-Disposition (e.g. an invoice's number). */
  handler: (
    ctx: Ctx & { principal: Principal },
    id: string,
  ) => Promise<{ body: Readable; contentType: string; filename?: string } | null>;
}

/** The registry every route is declared in; the access test walks it. */
export interface Registry {
  views: ViewDef[];
  rpcs: RpcDef[];
  /** Binary reads (optional so probe registries of tests can leave it out). */
  files?: FileDef[];
}

export function accessLabel(a: Access): string {
  return a.kind === 'claim' ? `claim ${a.claim}` : a.kind === 'role' ? `role ${rolesOf(a).join(' or ')}` : a.kind;
}
