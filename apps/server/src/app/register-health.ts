/** The health check and the OpenAPI document of the registry. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Registry } from '../routes/route-defs.js';
import { openApiDocument } from './openapi.js';

/** GET /healthz (503 when the database does not answer) and GET /api/openapi.json. */
export function registerHealthAndOpenApi(app: FastifyInstance, db: Database, registry: Registry, config: Config): void {
  app.get('/healthz', async (_req, reply) => {
    const ok = await db.ping();
    return reply.status(ok ? 200 : 503).send(ok ? { status: 'ok' } : { status: 'unavailable' });
  });
  app.get('/api/openapi.json', async () => openApiDocument(registry, config));
}
