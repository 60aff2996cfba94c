import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedParts, signedPathParts } from '../../http/signed-path.js';
import { quietLevel } from '../../hubs/log-level.js';
import {
  deactivateConnections,
  recentMessages,
  registerConnection,
  type NotificationDeps,
  type SignedParts,
} from './notifications.service.js';

/**
 * The notification calls of the payment and service host (spec 2 §7): public, authenticated by
 * the hash in the path (DESIGN §3, notifications.service.ts). Not part of the /api registry.
 *
 * - POST /svc/notifications/register/:issuer/:connectionId/:destination/:email/:client/:epoch/:hash
 *   → {success: true}
 * - POST /svc/notifications/deactivate/:issuer/:email/:client/:epoch/:hash → {data: <count>}
 * - GET  /svc/notifications/recent/:issuer/:email/:client/:epoch/:hash
 *   → [{message: <JSON text of a TerminalMessage>, created_at}], newest first
 *
 * Failures answer the catalogue's {code, message, hint, details}. The POST bodies are empty; any
 * body (of any content type, at most 1 KiB) is ignored.
 */
export async function registerNotificationRoutes(app: FastifyInstance, deps: NotificationDeps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { bodyLimit: 1024 }, (_req, _payload, done) => done(null, undefined));
      const noStore = { 'Cache-Control': 'no-store' };

      scope.post(`${BASE}/register/*`, async (req, reply) => {
        const [issuer, connectionId, destination, email, client, epoch, hash] = pathParts(req, 'register', 7);
        const p = { issuer, connectionId, destination, email, client, epoch, hash } as SignedParts & {
          connectionId: string;
          destination: string;
        };
        return reply.headers(noStore).send(await registerConnection(deps, req.ip, p));
      });

      scope.post(`${BASE}/deactivate/*`, async (req, reply) => {
        return reply
          .headers(noStore)
          .send(await deactivateConnections(deps, req.ip, signedParts(pathParts(req, 'deactivate', 5))));
      });

      scope.get(`${BASE}/recent/*`, async (req, reply) => {
        return reply.headers(noStore).send(await recentMessages(deps, req.ip, signedParts(pathParts(req, 'recent', 5))));
      });
      // The paths hold e-mail addresses and hashes: their request lines are not logged.
    },
    { logLevel: quietLevel(app.log) },
  );
}

const BASE = '/svc/notifications';

/** The decoded path parts after `/svc/notifications/<call>/` (http/signed-path.ts). */
const pathParts = (req: FastifyRequest, call: string, n: number) => signedPathParts(req, `${BASE}/${call}/`, n);
