import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import type { Database, DbScope } from '../db/database.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import type { Secrets } from '../secrets.js';
import { AppError, installErrorHandling, sendError, validationError } from './errors.js';
import type { Access, Ctx, Registry, RpcDef, UserCtx, ViewDef } from './access.js';
import { authenticate } from './auth.js';
import { anonymous, type Principal } from './principal.js';
import { buildQuery } from './postgrest.js';
import { openApiDocument } from './openapi.js';
import { writeAudit } from '../modules/audit/audit.repository.js';
import { buildRegistry } from '../registry.js';

/** Scripts only from this origin; Mantine sets inline styles; websockets for the live hubs. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export interface AppDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  mailer: Mailer;
}

/** Throws the catalogue's 401/403 when the principal may not use a route declared with `access`. */
export function authorize(access: Access, p: Principal): void {
  if (access.kind === 'public') return;
  if (p.kind !== 'user') throw new AppError('JWT_MISSING');
  if (access.kind === 'claim' && !p.claims.includes(access.claim)) throw new AppError('CLAIM_REQUIRED', { details: access.claim });
  if (access.kind === 'role' && !p.roles.includes(access.role)) throw new AppError('ROLE_REQUIRED', { details: access.role });
}

export async function buildApp(deps: AppDeps, registry: Registry = buildRegistry()): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], remove: true },
    },
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
  });
  installErrorHandling(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Content-Security-Policy', CSP);
  });
  // Bodies are JSON only: a text/plain body is refused as a wrong content type, not parsed as a string.
  app.removeContentTypeParser('text/plain');

  const views = new Map(registry.views.filter((v) => !v.enabled || v.enabled(config)).map((v) => [v.name, v]));
  const rpcs = new Map(registry.rpcs.map((r) => [r.name, r]));

  async function principalFor(req: FastifyRequest, access: Access): Promise<Principal> {
    if (access.kind !== 'public') return authenticate(req, db, deps.secrets);
    // A public call ignores a stale or broken token rather than failing.
    return authenticate(req, db, deps.secrets).catch(() => anonymous);
  }

  function context(req: FastifyRequest, principal: Principal): Ctx | UserCtx {
    const base: Ctx = { db, config, secrets: deps.secrets, mailer: deps.mailer, ip: req.ip, principal };
    if (principal.kind !== 'user') return base;
    const scope = { kind: 'tenant' as const, clientId: principal.clientId, userId: principal.userId };
    return { ...base, principal, tenant: (fn) => db.run(scope, fn) } satisfies UserCtx;
  }

  app.get('/healthz', async (_req, reply) => {
    const ok = await db.ping();
    return reply.status(ok ? 200 : 503).send(ok ? { status: 'ok' } : { status: 'unavailable' });
  });

  app.get('/api/openapi.json', async () => openApiDocument(registry, config));

  app.get('/api/*', async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    const view: ViewDef | undefined = views.get(name);
    if (!view) throw new AppError('NotFound');
    const principal = await principalFor(req, view.access);
    authorize(view.access, principal);
    const q = buildQuery(view.source, view.columns, req.query as Record<string, string>, view.order);
    const wantsCount = /count=exact/.test(String(req.headers.prefer ?? ''));
    // Only views marked `system` skip row-level security; an anonymous caller sees no account's rows.
    const scope: DbScope = view.system
      ? { kind: 'system' }
      : principal.kind === 'user'
        ? { kind: 'tenant', clientId: principal.clientId, userId: principal.userId }
        : { kind: 'anonymous' };
    const { rows, total } = await db.run(scope, async (tx) => {
      const r = await tx.query(q.sql, q.params);
      const n = wantsCount ? (await tx.query<{ n: number }>(q.countSql, q.params)).rows[0]!.n : null;
      return { rows: r.rows, total: n };
    });
    if (total !== null) {
      const range = rows.length ? `${q.offset}-${q.offset + rows.length - 1}` : '*';
      reply.header('Content-Range', `${range}/${total}`);
    }
    return rows;
  });

  app.post('/api/rpc/:name', async (req) => {
    const rpc: RpcDef | undefined = rpcs.get((req.params as { name: string }).name);
    if (!rpc) throw new AppError('NotFound');
    const principal = await principalFor(req, rpc.access);
    authorize(rpc.access, principal);
    const parsed = rpc.schema.safeParse(req.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const ctx = context(req, principal);
    const audit = async (result: 'ok' | 'error') => {
      if (!rpc.audit || principal.kind !== 'user') return;
      await db.system((tx) =>
        writeAudit(tx, { clientId: principal.clientId, userId: principal.userId, email: principal.email, action: rpc.name, result, ip: req.ip }),
      );
    };
    try {
      const out = await rpc.handler(ctx, parsed.data);
      await audit('ok');
      return out ?? { success: true };
    } catch (e) {
      await audit('error').catch(() => {});
      throw e;
    }
  });

  // The payment/service host and the notification hubs arrive with later issues.
  for (const prefix of ['/svc', '/hubs']) {
    app.all(prefix, async () => { throw new AppError('NotFound'); });
    app.all(`${prefix}/*`, async () => { throw new AppError('NotFound'); });
  }

  const index = path.join(config.webDist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;
  if (html !== null) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // Hashed build files never change; everything else is revalidated.
      setHeaders: (reply, file) =>
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  // Any other GET is a route of the single-page app (its router shows the not-found page);
  // everything else, or every path when no SPA is built, is a 404 in the error shape.
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0] ?? '';
    if (html === null || req.method !== 'GET' || /^\/(api|svc|hubs)(\/|$)/.test(p) || /\.[a-z0-9]+$/i.test(p)) {
      return sendError(reply, new AppError('NotFound'));
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  });
  return app;
}
