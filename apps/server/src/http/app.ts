import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import type { Database, DbScope } from '../db/database.js';
import type { Mailer } from '../drivers/mail/mailer.js';
import { createStorage } from '../drivers/storage/create-storage.js';
import type { FileStorage } from '../drivers/storage/storage.js';
import type { Secrets } from '../secrets.js';
import { AppError, MAX_QUERY_CHARS, clientErrorHandler, installErrorHandling, sendError, validationError } from './errors.js';
import { rolesOf, type Access, type Ctx, type Registry, type RpcDef, type UserCtx, type ViewDef } from './access.js';
import { authenticate } from './auth.js';
import { isLoopback } from './client-address.js';
import { anonymous, type Principal } from './principal.js';
import { buildQuery } from './postgrest.js';
import { openApiDocument } from './openapi.js';
import { readMultipartBody, registerMultipartRpcs } from './multipart.js';
import { refuseControlChars } from './control-chars.js';
import { beginAudit } from '../modules/audit/audit-log.js';
import { buildRegistry } from '../registry.js';
import { createHypervisorRegistry, type HypervisorRegistry } from '../drivers/hypervisor/registry.js';
import { createProxmoxFromCluster } from '../drivers/hypervisor/proxmox-cluster.js';
import { inlineQueue, type JobQueue } from '../jobs/queue.js';
import { registerHubs } from '../hubs/hub-server.js';
import { registerNotificationRoutes } from '../modules/notifications/notifications.routes.js';
import { registerConsoleSocket } from '../modules/console/console-socket.js';
import { registerPaymentSvcRoutes } from '../modules/payments/payments-svc.routes.js';
import { registerTestCardRoutes } from '../drivers/payments/test-card-routes.js';

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
  /** The storage driver; by default the local directory DATA_DIR/uploads. */
  storage?: FileStorage;
  /** The hypervisor drivers per cluster; by default from the clusters table with the config's simulator options. */
  hypervisors?: HypervisorRegistry;
  /**
   * Where long work goes (pg-boss in real processes). Without it — tests — jobs run in this process
   * in the background, as a worker would run them.
   */
  jobs?: JobQueue;
}

/** The hypervisor registry of a process: the clusters table, the simulator options of the config, the proxmox driver. */
export function defaultHypervisors(config: Config, db: Database, secrets: Secrets): HypervisorRegistry {
  return createHypervisorRegistry({
    owner: db.owner,
    simulator: { taskDurationMs: config.vms.simTaskMs },
    proxmox: (cluster) => createProxmoxFromCluster(cluster, secrets.dataKey),
  });
}

/**
 * A path naming a build file (a missing one is a 404, so a stale chunk fails to load instead of
 * getting the app's HTML). Routes holding an e-mail address (/users/a@b.pt, the confirmation link)
 * end in a top-level domain and are pages of the app.
 */
const BUILD_FILE = /^\/assets\/|\.(?:m?js|css|map|json|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|txt|xml|webmanifest|wasm)$/i;

/** Throws the catalogue's 401/403 when the principal may not use a route declared with `access`. */
export function authorize(access: Access, p: Principal): void {
  if (access.kind === 'public') return;
  if (p.kind !== 'user') throw new AppError('JWT_MISSING');
  if (access.kind === 'claim' && !p.claims.includes(access.claim))
    throw new AppError('CLAIM_REQUIRED', { details: access.claim });
  if (access.kind === 'role' && !rolesOf(access).some((r) => p.roles.includes(r)))
    throw new AppError('ROLE_REQUIRED', { details: rolesOf(access).join(' or ') });
}

export async function buildApp(deps: AppDeps, registry: Registry = buildRegistry()): Promise<FastifyInstance> {
  const { config, db } = deps;
  const storage = deps.storage ?? createStorage(config);
  const hypervisors = deps.hypervisors ?? defaultHypervisors(config, db, deps.secrets);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], remove: true },
    },
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
  });
  installErrorHandling(app);
  const jobs: JobQueue =
    deps.jobs ??
    inlineQueue(() => ({
      db,
      storage,
      hypervisors,
      vms: config.vms,
      mailer: deps.mailer,
      secrets: deps.secrets,
      config,
      logger: app.log,
    }));
  // Jobs this process runs itself finish before the database goes away.
  if (!deps.jobs) app.addHook('onClose', () => jobs.stop());
  app.addHook('onRequest', async (req) => {
    const q = req.url.indexOf('?');
    if (q >= 0 && req.url.length - q - 1 > MAX_QUERY_CHARS) throw new AppError('URI_TOO_LONG');
  });
  app.addHook('onSend', async (_req, reply) => {
    // Answers hold account data (MyProfile the notification secret): no cache keeps them, unless
    // the route said otherwise (hashed build files, the app's HTML).
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
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
    const userAgent = req.headers['user-agent'] ?? '';
    const base: Ctx = {
      db,
      config,
      secrets: deps.secrets,
      mailer: deps.mailer,
      storage,
      ip: req.ip,
      userAgent,
      principal,
      jobs,
      hypervisors,
    };
    if (principal.kind !== 'user') return base;
    const scope = {
      kind: 'tenant' as const,
      clientId: principal.clientId,
      userId: principal.userId,
      sessionId: principal.sessionId,
    };
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
    if (view.localOnly && !isLoopback(req.socket.remoteAddress)) throw new AppError('LOCAL_ONLY');
    const principal = await principalFor(req, view.access);
    authorize(view.access, principal);
    const q = buildQuery(view.source, view.columns, req.query as Record<string, string>, view.order);
    const wantsCount = /count=exact/.test(String(req.headers.prefer ?? ''));
    // Only views marked `system` skip row-level security; an anonymous caller sees no account's rows.
    const scope: DbScope = view.system
      ? { kind: 'system' }
      : principal.kind === 'user'
        ? { kind: 'tenant', clientId: principal.clientId, userId: principal.userId, sessionId: principal.sessionId }
        : { kind: 'anonymous' };
    const { rows, total } = await db.run(scope, async (tx) => {
      const r = await tx.query<Record<string, unknown>>(q.sql, q.params);
      const n = wantsCount ? (await tx.query<{ n: number }>(q.countSql, q.params)).rows[0]!.n : null;
      return { rows: r.rows, total: n };
    });
    if (total !== null) {
      const range = rows.length ? `${q.offset}-${q.offset + rows.length - 1}` : '*';
      reply.header('Content-Range', `${range}/${total}`);
    }
    return rows;
  });

  // `fixed` names the rpc of a route of its own (the multipart uploads); otherwise the path does.
  const rpcHandler = (fixed?: string) => async (req: FastifyRequest) => {
    const rpc: RpcDef | undefined = rpcs.get(fixed ?? (req.params as { name: string }).name);
    if (!rpc) throw new AppError('NotFound');
    const principal = await principalFor(req, rpc.access);
    authorize(rpc.access, principal);
    // A multipart body is read only after the caller is known to be allowed.
    const body = rpc.multipart ? await readMultipartBody(req, rpc.multipart) : req.body;
    refuseControlChars(body);
    const parsed = rpc.schema.safeParse(body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const ctx = context(req, principal);
    // The log entry of an audited call names what it touched (modules/audit/audit-log.ts).
    const audit = rpc.audit && principal.kind === 'user' ? await beginAudit(db, rpc, principal, parsed.data, req.ip) : null;
    try {
      const out = await rpc.handler(ctx, parsed.data);
      await audit?.end('ok', out);
      return out ?? { success: true };
    } catch (e) {
      await audit?.end('error').catch(() => {});
      throw e;
    }
  };
  app.post('/api/rpc/:name', rpcHandler());
  await registerMultipartRpcs(app, registry.rpcs, rpcHandler);

  // Binary reads (ID document images): the file's own type, shown inline, never cached or sniffed.
  for (const file of registry.files ?? []) {
    app.get(`/api/${file.name}/:id`, async (req, reply) => {
      const principal = await principalFor(req, file.access);
      authorize(file.access, principal);
      const id = (req.params as { id: string }).id;
      refuseControlChars(id, 'id');
      const found = await file.handler(context(req, principal), id);
      if (!found) throw new AppError('NotFound');
      return reply
        .type(found.contentType)
        .header(
          'Content-Disposition',
          found.filename ? `inline; filename="${found.filename.replace(/[^\w.-]/g, '_')}"` : 'inline',
        )
        .header('Cache-Control', 'private, no-store')
        .send(found.body);
    });
  }

  // The live-update hubs and their notification calls on the service host; other paths under
  // /svc and /hubs are 404s.
  const hubs = await registerHubs(app, { db });
  await registerNotificationRoutes(app, { db, config, hubs });
  await registerPaymentSvcRoutes(app, { db, config, secrets: deps.secrets });
  await registerTestCardRoutes(app, { db, config });
  await registerConsoleSocket(app, { db, secrets: deps.secrets, hypervisors });
  for (const prefix of ['/svc', '/hubs']) {
    app.all(prefix, async () => {
      throw new AppError('NotFound');
    });
    app.all(`${prefix}/*`, async () => {
      throw new AppError('NotFound');
    });
  }

  const index = path.join(config.webDist, 'index.html');
  const html = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;
  if (html !== null) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // Hashed build files never change; everything else is revalidated.
      setHeaders: (reply, file) => {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // Any other GET is a route of the single-page app (its router shows the not-found page);
  // everything else, or every path when no SPA is built, is a 404 in the error shape.
  app.setNotFoundHandler((req, reply) => {
    const p = req.url.split('?')[0] ?? '';
    if (html === null || req.method !== 'GET' || /^\/(api|svc|hubs)(\/|$)/.test(p) || BUILD_FILE.test(p)) {
      return sendError(reply, new AppError('NotFound'));
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  });
  return app;
}
