/** POST /api/rpc/<name>: the registry's actions, each body checked by its schema, audited calls logged. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authorize, isPublic, type PublicAccess } from '../http/access.js';
import { AppError, validationError } from '../http/errors.js';
import { readMultipartBody, registerMultipartRpcs } from '../http/multipart.js';
import { refuseControlChars } from '../http/control-chars.js';
import type { Principal, UserPrincipal } from '../http/principal.js';
import { beginAudit } from '../modules/audit/audit-log.js';
import type { AnyRpc, RpcDef } from '../routes/route-defs.js';
import { contextOf, principalFor, userContextOf, type AppServices } from './request-context.js';

/** True for an rpc anyone may call: its handler takes a context without a user. */
const isPublicRpc = (rpc: AnyRpc): rpc is RpcDef<z.ZodType, PublicAccess> => isPublic(rpc.access);

/**
 * The call of `rpc` by `caller` with its context bound, after the access check (which throws the
 * catalogue's refusal), and the logged-in user it runs for (null for an anonymous public call).
 */
function admit(
  rpc: AnyRpc,
  req: FastifyRequest,
  services: AppServices,
  caller: Principal,
): { user: UserPrincipal | null; run: (input: unknown) => Promise<unknown> } {
  if (isPublicRpc(rpc)) {
    const ctx = contextOf(req, services, caller);
    return { user: caller.kind === 'user' ? caller : null, run: (input) => rpc.handler(ctx, input) };
  }
  const user = authorize(rpc.access, caller, { area: rpc.tokenArea, mode: rpc.tokenMode ?? 'write' });
  const ctx = userContextOf(req, services, user);
  return { user: ctx.principal, run: (input) => rpc.handler(ctx, input) };
}

/**
 * Logs a sub-user's try at an owner's audited call as refused, so the owner reads it in the
 * account's log (other refusals of the declared access are not the account's business: a missing
 * claim is the web's menu at work). The target is named from the body when it is valid JSON.
 */
async function logOwnerRefusal(rpc: AnyRpc, req: FastifyRequest, services: AppServices, caller: Principal, e: unknown) {
  if (!rpc.audit || caller.kind !== 'user' || !(e instanceof AppError) || e.code !== 'OWNER_REQUIRED') return;
  const parsed = rpc.multipart ? null : rpc.schema.safeParse(req.body ?? {});
  const audit = await beginAudit(services.db, rpc, caller, parsed?.success ? parsed.data : {}, req.ip);
  await audit.end('error');
}

/** A refused call's streamed upload is read away, so the answer is not held up by the client's sending. */
function drainStreams(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  for (const v of Object.values(body)) {
    const stream = (v as { stream?: { resume?: () => void } } | null)?.stream;
    if (stream && typeof stream.resume === 'function') stream.resume();
  }
}

/** The body with a streamed upload's stream left out (its bytes are no text to check). */
function withoutStreams(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => {
      if (typeof v === 'object' && v !== null && 'stream' in v) {
        const { stream: _stream, ...rest } = v as Record<string, unknown>;
        return [k, rest];
      }
      return [k, v];
    }),
  );
}

/** Serves every rpc: JSON bodies on the shared route, multipart ones on routes of their own. */
export async function registerRpcs(app: FastifyInstance, services: AppServices, all: readonly AnyRpc[]): Promise<void> {
  const rpcs = new Map(all.map((r) => [r.name, r]));

  // `fixed` names the rpc of a route of its own (the multipart uploads); otherwise the path does.
  const rpcHandler = (fixed?: string) => async (req: FastifyRequest) => {
    const rpc = rpcs.get(fixed ?? (req.params as { name: string }).name);
    // An update served by PATCH (or a create by POST) on its view is not an rpc path.
    if (!rpc || ((rpc.patch || rpc.post) && !fixed)) throw new AppError('NotFound');
    const caller = await principalFor(req, rpc.access, services);
    let admitted: ReturnType<typeof admit>;
    try {
      admitted = admit(rpc, req, services, caller);
    } catch (e) {
      await logOwnerRefusal(rpc, req, services, caller, e).catch(() => {});
      throw e;
    }
    const { user, run } = admitted;
    // A multipart body is read only after the caller is known to be allowed.
    const body = rpc.multipart ? await readMultipartBody(req, rpc.multipart) : req.body;
    const parsed = (() => {
      try {
        refuseControlChars(withoutStreams(body));
        const p = rpc.schema.safeParse(body ?? {});
        if (!p.success) throw validationError(p.error);
        return p;
      } catch (e) {
        drainStreams(body);
        throw e;
      }
    })();
    // The log entry of an audited call names what it touched (modules/audit/audit-log.ts).
    const audit = rpc.audit && user ? await beginAudit(services.db, rpc, user, parsed.data, req.ip) : null;
    try {
      const out = await run(parsed.data);
      await audit?.end('ok', out);
      return out ?? { success: true };
    } catch (e) {
      await audit?.end('error').catch(() => {});
      throw e;
    }
  };
  app.post('/api/rpc/:name', rpcHandler());
  await registerMultipartRpcs(app, all, rpcHandler);
  for (const rpc of all) if (rpc.patch) app.patch(`/api/${rpc.patch.view}`, patchHandler(rpc.name, rpc.patch, rpcHandler));
  for (const rpc of all) if (rpc.post) app.post(`/api/${rpc.post.view}`, rpcHandler(rpc.name));
}

/**
 * PATCH /api/<view>?<key>=eq.<id>: the one row named by the filter is updated with the body's
 * fields, through the update's rpc (access, validation and the log as for every rpc).
 */
function patchHandler(
  name: string,
  patch: { key: string; text?: boolean },
  rpcHandler: (fixed?: string) => (req: FastifyRequest) => Promise<unknown>,
) {
  const run = rpcHandler(name);
  return async (req: FastifyRequest) => {
    const query = req.query as Record<string, unknown>;
    const filter = query[patch.key];
    const pattern = patch.text ? /^eq\.(.{1,200})$/s : /^eq\.([1-9]\d{0,15})$/;
    const m = typeof filter === 'string' ? pattern.exec(filter) : null;
    if (!m || Object.keys(query).length !== 1)
      throw new AppError('BAD_FILTER_VALUE', { hint: `Name the row as ${patch.key}=eq.<id> and nothing else` });
    const body = req.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
      throw new AppError('BAD_REQUEST', { hint: 'Send the fields to change as a JSON object' });
    req.body = { ...(body ?? {}), [`p_${patch.key}`]: patch.text ? m[1] : Number(m[1]) };
    return run(req);
  };
}
