/**
 * The kinds of route a module declares (views, rpcs, files) and the registry they are collected in
 * (registry.ts). A declaration names its access; its handler's context follows from it
 * (handler-context.ts), and the app (app/build-app.ts) serves the declarations.
 */
import type { z } from 'zod';
import type { Readable } from 'node:stream';
import { columnsOf, type ColumnType } from '@portside/contract/schemas/view-row';
import type { Claim } from '@portside/contract/constants';
import type { TokenArea, TokenMode } from '@portside/contract/rules/api-token-scopes';
import type { Config } from '../config.js';
import type { Access, PublicAccess, UserAccess } from '../http/access.js';
import type { MultipartSpec } from '../http/multipart.js';
import type { UserPrincipal } from '../http/principal.js';
import type { AuditTarget } from '../modules/audit/audit-target.js';
import type { CtxOf } from './handler-context.js';

/**
 * A read: GET /api/<name>. `source` is SQL run in the caller's context; its row is the contract's
 * zod `row` schema, and only that row's columns can be selected, filtered and ordered by.
 */
export interface ViewDef {
  name: string;
  access: Access;
  /**
   * The area whose `:read` (or `:write`) scope lets a personal API token read this view; none
   * means tokens are refused (set per module in registry.ts with inArea).
   */
  tokenArea?: TokenArea;
  /** The row's one shape (packages/contract schemas): the web's type and the OpenAPI answer. */
  row: z.ZodObject;
  /** The whitelist of columns and their types, derived from `row` by {@link defineView}. */
  columns: Record<string, ColumnType>;
  /** The SQL, or a function building it from the configuration (limits it must compare with). */
  source: string | ((config: Config) => string);
  /** Default order when the caller gives none. */
  order?: string;
  /** Only when this returns true (e.g. the dev mailbox outside production). */
  enabled?: (config: Config) => boolean;
  /** Runs in the system context instead of the tenant one (public reference data). */
  system?: boolean;
  /**
   * A caller `access` lets in who also holds this (operator) claim reads every account's rows: the
   * same source in the system context (ServerStats for staff, issue 18). The claim widens what a
   * caller reads, never who may call; everyone else reads their own account's rows.
   */
  widerFor?: Claim;
  /**
   * Answers only requests whose socket comes from the machine itself (loopback), whatever
   * forwarded headers say; others get 404 LOCAL_ONLY (the developer mailbox).
   */
  localOnly?: boolean;
}

/** The view's SQL under `config` (a source may compare with configured limits). */
export function viewSource(view: Pick<ViewDef, 'source'>, config: Config): string {
  return typeof view.source === 'function' ? view.source(config) : view.source;
}

/** Declares a view; its columns come from its row schema, so a row is written once. */
export function defineView(def: Omit<ViewDef, 'columns'>): ViewDef {
  return { ...def, columns: columnsOf(def.row) };
}

/** An action: POST /api/rpc/<name> with a zod-validated JSON body, declared with access `A`. */
export interface RpcDef<S extends z.ZodType = z.ZodType, A extends Access = Access> {
  name: string;
  access: A;
  /** The area whose `:write` scope lets a personal API token call this; none means tokens are refused. */
  tokenArea?: TokenArea;
  /** 'read' for an rpc that changes nothing (a quote, a graph): the area's read scope is enough. */
  tokenMode?: TokenMode;
  schema: S;
  /** Gets {@link CtxOf} its access: a user's context unless the route is public. */
  handler: (ctx: CtxOf<A>, input: z.infer<S>) => Promise<unknown>;
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
   * schema sees as an UploadedFile (http/multipart.ts) under `fileField`. Only these rpcs parse multipart.
   */
  multipart?: MultipartSpec;
  /**
   * Served as `PATCH /api/<view>?<key>=eq.<id>` instead of `POST /api/rpc/<name>` (spec 2 §7:
   * updates of price lists, help texts, add-ons and IP sets use PATCH): the body's fields plus
   * `p_<key>` (the filter's id) are what the schema checks. The id is a number unless `text` (a
   * help text's label), which the schema then checks like any field.
   */
  patch?: { view: string; key: string; text?: boolean };
  /**
   * Served as `POST /api/<view>` instead of `POST /api/rpc/<name>`: a row created on its view, as
   * PostgREST inserts (spec 2 §7 'POST ProductsModels'). The body is what the schema checks.
   */
  post?: { view: string };
}

/** An rpc of the registry, whatever its body: public ones get a `Ctx`, the others a `UserCtx`. */
export type AnyRpc = RpcDef<z.ZodType, PublicAccess> | RpcDef<z.ZodType, UserAccess>;

/** Declares a public rpc: its handler gets a `Ctx`, the caller may be anyone. */
export function defineRpc<S extends z.ZodType>(def: RpcDef<S, PublicAccess>): AnyRpc;
/** Declares an rpc that needs a user: its handler gets the caller's `UserCtx`. */
export function defineRpc<S extends z.ZodType>(def: RpcDef<S, UserAccess>): AnyRpc;
export function defineRpc(def: AnyRpc): AnyRpc {
  return def;
}

/**
 * A binary read: GET /api/<name>/<id>, answered with the file's own content type, inline (images
 * of ID documents). `handler` answers null for an id the caller may not see or that does not exist.
 */
export interface FileDef<A extends Access = Access> {
  name: string;
  access: A;
  /** The area whose `:read` scope lets a personal API token fetch the file; none means tokens are refused. */
  tokenArea?: TokenArea;
  /** `filename`, when given, is named in the Content-Disposition (e.g. an invoice's number). */
  /** `attachment` makes the browser save it instead of showing it (an ISO image). */
  handler: (
    ctx: CtxOf<A>,
    id: string,
  ) => Promise<{ body: Readable; contentType: string; filename?: string; attachment?: boolean } | null>;
}

/** A file route of the registry: public ones get a `Ctx`, the others a `UserCtx`. */
export type AnyFile = FileDef<PublicAccess> | FileDef<UserAccess>;

/** Declares a public file route: its handler gets a `Ctx`. */
export function defineFile(def: FileDef<PublicAccess>): AnyFile;
/** Declares a file route that needs a user: its handler gets the caller's `UserCtx`. */
export function defineFile(def: FileDef<UserAccess>): AnyFile;
export function defineFile(def: AnyFile): AnyFile {
  return def;
}

/** The registry every route is declared in; the access test walks it. */
export interface Registry {
  views: ViewDef[];
  rpcs: AnyRpc[];
  /** Binary reads (optional so probe registries of tests can leave it out). */
  files?: AnyFile[];
}
