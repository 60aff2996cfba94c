/** The health checks for load balancers and the OpenAPI document of the registry. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError, sendError } from '../http/errors.js';
import type { Registry } from '../routes/route-defs.js';
import { openApiDocument } from './openapi.js';
import { checkReadiness, type ReadinessState } from './readiness.js';

/**
 * GET /healthz (alive: the process answers, nothing else is asked), GET /readyz (200 only when the
 * database answers, the migrations are current and a worker beats; 503 NOT_READY with the failing
 * checks in details otherwise, and at once while shutting down) and GET /api/openapi.json. Probes
 * come every few seconds: their requests are not logged at info.
 */
export function registerHealthAndOpenApi(
  app: FastifyInstance,
  db: Database,
  registry: Registry,
  config: Config,
  readiness: ReadinessState = { draining: false },
): void {
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (readiness.draining) return sendError(reply, new AppError('NOT_READY', { details: 'shutting_down' }));
    const r = await checkReadiness(db, config.ops.workerHeartbeatStaleMs);
    if (r.ready) return reply.send({ status: 'ready', checks: r.checks });
    const failing = Object.entries(r.checks).filter(([, v]) => v !== 'ok');
    return sendError(reply, new AppError('NOT_READY', { details: failing.map(([k, v]) => `${k}: ${v}`).join('\n') }));
  });
  app.get('/api/openapi.json', async () => openApiDocument(registry, config));
}
