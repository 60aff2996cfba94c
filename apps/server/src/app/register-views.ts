/** GET /api/<view>: the registry's reads, with PostgREST filters over each view's columns. */
import type { FastifyInstance } from 'fastify';
import type { DbScope } from '../db/database.js';
import { authorize, isPublic } from '../http/access.js';
import { isLoopback } from '../http/client-address.js';
import { AppError } from '../http/errors.js';
import { buildQuery } from '../http/postgrest.js';
import type { Principal } from '../http/principal.js';
import { viewSource, type ViewDef } from '../routes/route-defs.js';
import { principalFor, type AppServices } from './request-context.js';
import { readView } from './view-query.repository.js';

/** Serves the views enabled by the configuration; any other name is a 404. */
export function registerViews(app: FastifyInstance, services: AppServices, all: readonly ViewDef[]): void {
  const { config, db } = services;
  const views = new Map(all.filter((v) => !v.enabled || v.enabled(config)).map((v) => [v.name, v]));
  app.get('/api/*', async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    const view = views.get(name);
    if (!view) throw new AppError('NotFound');
    if (view.localOnly && !isLoopback(req.socket.remoteAddress)) throw new AppError('LOCAL_ONLY');
    const caller = await principalFor(req, view.access, services);
    const principal: Principal = isPublic(view.access)
      ? caller
      : authorize(view.access, caller, { area: view.tokenArea, mode: 'read' });
    // A caller let in who also holds the view's wider claim reads every account's rows — in a
    // session only: a personal API token reads its own account's rows, whoever holds it.
    const wide =
      view.widerFor !== undefined && principal.kind === 'user' && !principal.apiToken && principal.claims.includes(view.widerFor);
    const q = buildQuery(viewSource(view, config), view.columns, req.query as Record<string, string>, view.order);
    const wantsCount = /count=exact/.test(String(req.headers.prefer ?? ''));
    // Only views marked `system` skip row-level security; an anonymous caller sees no account's rows.
    const scope: DbScope =
      view.system || wide
        ? { kind: 'system' }
        : principal.kind === 'user'
          ? { kind: 'tenant', clientId: principal.clientId, userId: principal.userId, sessionId: principal.sessionId }
          : { kind: 'anonymous' };
    const { rows, total } = await db.run(scope, (tx) => readView(tx, q, wantsCount));
    if (total !== null) {
      const range = rows.length ? `${q.offset}-${q.offset + rows.length - 1}` : '*';
      reply.header('Content-Range', `${range}/${total}`);
    }
    return rows;
  });
}
