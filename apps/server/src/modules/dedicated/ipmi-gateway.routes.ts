/**
 * The IPMI gateways' agent calls on the service host (issue 17), authenticated by the gateway's own
 * token (`Authorization: Bearer`, made by staff with IpmiGatewayToken; only its SHA-256 is kept):
 * - GET /svc/ipmi-gateway/:location/wg-peers.conf → the WireGuard peers (text)
 * - GET /svc/ipmi-gateway/:location/nftables.conf → the firewall and DNAT rules (text)
 * A wrong or missing token is 401 IPMI_GATEWAY_TOKEN and counts against the caller's address (429
 * once the limit is reached), like the other failed checks of the service host.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { withFailureLimit } from '../../http/signed-path.js';
import * as repo from './ipmi-gateway.repository.js';
import { nftRules, sha256Hex, wgPeersConfig } from './ipmi-gateway.js';

const LOCATION = /^[a-z0-9-]{1,40}$/;

/** Whether `header` carries the token whose hash is `hash` (compared in constant time). */
function tokenMatches(header: string | undefined, hash: string | null): boolean {
  const m = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  if (!m || !hash) return false;
  return crypto.timingSafeEqual(Buffer.from(sha256Hex(m[1]!), 'hex'), Buffer.from(hash, 'hex'));
}

export async function registerIpmiGatewayRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): Promise<void> {
  const { db } = deps;
  for (const [file, render] of [
    ['wg-peers.conf', wgPeersConfig],
    ['nftables.conf', nftRules],
  ] as const) {
    app.get<{ Params: { location: string } }>(`/svc/ipmi-gateway/:location/${file}`, async (req, reply) => {
      const location = req.params.location;
      await withFailureLimit(deps, `ipmi-gateway:${req.ip}`, async () => {
        const gw = LOCATION.test(location) ? await db.system((tx) => repo.gatewayTokenHash(tx, location)) : undefined;
        if (!gw || !tokenMatches(req.headers.authorization, gw.hash)) throw new AppError('IPMI_GATEWAY_TOKEN');
      });
      const peers = await repo.gatewayPeers(db.owner, location);
      return reply.headers({ 'Cache-Control': 'no-store' }).type('text/plain; charset=utf-8').send(render(location, peers));
    });
  }
}
