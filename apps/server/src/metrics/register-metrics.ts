/**
 * The request metrics of the API app and its GET /metrics (issue 19). With METRICS_PORT set the
 * public port answers /metrics with 404 (metrics-server.ts serves them on that port instead).
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '@portside/contract/errors';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError } from '../http/errors.js';
import type { Registry } from '../routes/route-defs.js';
import { checkMetricsAccess } from './metrics-access.js';
import { errorsTotal, httpDuration, httpRequests } from './metrics.js';
import { routeLabel, type KnownNames } from './route-label.js';
import { renderMetrics } from './scrape.js';

/** The code of a catalogue error body (`{"code":"…",…}`), as the error handlers serialise it. */
const CODE = /^\{"code":"([A-Za-z0-9_]{1,64})"/;

/** Counts every answer (route, status, time) and every catalogue error; serves GET /metrics. */
export function registerMetrics(app: FastifyInstance, config: Config, db: Database, registry: Registry): void {
  const names: KnownNames = {
    rpcs: new Set(registry.rpcs.map((r) => r.name)),
    views: new Set(registry.views.map((v) => v.name)),
  };
  app.addHook('onResponse', async (req, reply) => {
    const route = routeLabel(req.routeOptions.url, req.params, names);
    httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  // Every error answer of the server has the catalogue's shape, code first (http/errors.ts).
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = CODE.exec(payload)?.[1];
      if (code) errorsTotal.inc({ code: code in ERRORS ? code : 'other' });
    }
    return payload;
  });
  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    if (config.ops.metrics.port !== null) throw new AppError('NotFound');
    checkMetricsAccess(config.ops.metrics, req);
    const m = await renderMetrics(db.owner);
    return reply.header('cache-control', 'no-store').type(m.contentType).send(m.text);
  });
}
