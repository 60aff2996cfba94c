/**
 * The service host (/svc: payments, notifications, the reseller agreement, the test card page, the IPMI gateways' agent) and the live-update hubs
 * (/hubs/<kind>) with the console socket; other paths under /svc and /hubs are 404s.
 */
import type { FastifyInstance } from 'fastify';
import { registerTestCardRoutes } from '../drivers/payments/test-card-routes.js';
import { AppError } from '../http/errors.js';
import { registerHubs } from '../hubs/hub-server.js';
import { registerConsoleSocket } from '../modules/console/console-socket.js';
import { registerNotificationRoutes } from '../modules/notifications/notifications.routes.js';
import { registerPaymentSvcRoutes } from '../modules/payments/payments-svc.routes.js';
import { registerIpmiGatewayRoutes } from '../modules/dedicated/ipmi-gateway.routes.js';
import { registerResellerSvcRoutes } from '../modules/reseller/reseller-svc.routes.js';
import type { AppServices } from './request-context.js';

/** Registers the hubs and the service host's routes. */
export async function registerServiceHosts(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config, secrets, hypervisors, storage } = services;
  const hubs = await registerHubs(app, { db });
  await registerNotificationRoutes(app, { db, config, hubs });
  await registerPaymentSvcRoutes(app, { db, config, secrets });
  await registerResellerSvcRoutes(app, { db, config, storage });
  await registerTestCardRoutes(app, { db, config });
  await registerIpmiGatewayRoutes(app, { db, config });
  await registerConsoleSocket(app, { db, secrets, hypervisors });
  for (const prefix of ['/svc', '/hubs']) {
    app.all(prefix, async () => {
      throw new AppError('NotFound');
    });
    app.all(`${prefix}/*`, async () => {
      throw new AppError('NotFound');
    });
  }
}
