import type { FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { HUB_KINDS } from '@portside/contract/hubs';
import type { Database } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { closedBatch } from './closed-batch.js';
import { startFanout } from './fanout.js';
import { deactivateConnections } from './hubs.repository.js';
import { quietLevel } from './log-level.js';
import { trackHubConnections } from '../metrics/scrape.js';
import {
  HUB_LIMITS,
  HubSockets,
  SERVICE_RESTART,
  connectionIdOf,
  isConnectionToken,
  newConnectionToken,
  type HubLimits,
} from './hub-sockets.js';

export interface HubDeps {
  db: Database;
  /** Overrides of the connection limits (tests). */
  limits?: Partial<HubLimits>;
}

/**
 * The notification host (DESIGN §1, spec 2 §7 'Websocket'): one SignalR JSON hub per event kind at
 * `/hubs/<kind>`, with `POST /hubs/<kind>/negotiate` so the official client works with or without
 * skipNegotiation. After the handshake a connection gets `{id}_joined_[{kind}]`; it receives live
 * messages only once the service host registered it for an account (modules/notifications), and
 * only that account's messages of its kind (fanout.ts). Unknown kinds stay 404s of the catch-all.
 * Gives this instance's sockets (the notification routes note where a connection lives).
 */
export async function registerHubs(app: FastifyInstance, deps: HubDeps): Promise<HubSockets> {
  const limits = { ...HUB_LIMITS, ...deps.limits };
  const sockets = new HubSockets(limits);
  const { db } = deps;

  // A closed socket no longer receives anything: its mapping is deactivated (best effort), with
  // the others closed meanwhile in one statement (closed-batch.ts).
  const deactivate = (ids: string[]) => db.system((tx) => deactivateConnections(tx, ids));
  const closed = closedBatch(deactivate, (err) => app.log.warn({ err }, 'closed hub connections not deactivated'));
  const onGone = (id: string) => {
    if (!sockets.closing) closed.add(id);
  };

  const quiet = quietLevel(app.log);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: limits.maxMessageBytes },
    // A client's fault (an oversized frame, a broken connection) is no server error.
    errorHandler: (err, socket, req) => {
      req.log.info({ code: (err as { code?: string }).code, message: err.message }, 'hub socket dropped');
      socket.terminate();
    },
    // Clients are told they may reconnect (to another instance) before the sockets close; one that
    // does not answer the closing handshake in time is cut off, so shutting down never hangs.
    preClose: async function (this: FastifyInstance) {
      const wss = this.websocketServer;
      const ids = sockets.closeAll();
      for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.close(SERVICE_RESTART, 'Service restart');
      if (ids.length) await deactivate(ids).catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((ok) => wss.close(() => ok())),
        new Promise<void>((ok) => (timer = setTimeout(ok, limits.closeGraceMs))),
      ]);
      clearTimeout(timer);
      for (const ws of wss.clients) ws.terminate();
    },
  });

  // Only the hubs and routes with `config.websocket` (the console) upgrade: a websocket to any
  // other path is refused before the upgrade.
  const hubPaths = new Set(HUB_KINDS.map((k) => `/hubs/${k}`));
  app.addHook('onRequest', async (req) => {
    const websocketRoute = (req.routeOptions.config as { websocket?: boolean } | undefined)?.websocket === true;
    if (req.ws && !websocketRoute && !hubPaths.has(req.url.split('?')[0]!)) throw new AppError('NotFound');
  });

  const untrack = trackHubConnections(sockets);
  const fanout = startFanout({ db, sockets, log: app.log });
  await fanout.ready;
  // Expired hub rows are pruned by the recurring job hubs.prune (jobs/job-schedules.ts), not here.
  app.addHook('onClose', async () => {
    untrack();
    await fanout.stop();
    await closed.idle();
  });

  for (const kind of HUB_KINDS) {
    app.route({
      method: 'GET',
      url: `/hubs/${kind}`,
      // The query holds the connection token: request lines of the hubs are not logged.
      logLevel: quiet,
      // Checked before the upgrade: a refused socket gets the catalogue's HTTP answer instead.
      preValidation: async (req) => {
        if (!req.ws) return;
        const token = (req.query as { id?: unknown }).id;
        if (token !== undefined && !isConnectionToken(token))
          throw new AppError('NotFound', { details: 'No connection with that id' });
        if (!sockets.admits(req.ip))
          throw new AppError('RATE_LIMITED', {
            message: 'Too many live connections',
            hint: 'Close other tabs or try again later',
          });
      },
      // A plain GET (no upgrade) is answered here.
      handler: async () => {
        throw new AppError('BAD_REQUEST', {
          message: 'A websocket connection is required',
          hint: 'Connect with the SignalR JSON protocol',
        });
      },
      wsHandler: (socket, req) => {
        const token = (req.query as { id?: string }).id ?? newConnectionToken();
        sockets.attach(socket, { kind, connectionId: connectionIdOf(token), ip: req.ip, onGone });
      },
    });
  }

  // The negotiate call has an empty body (or text/plain); nothing of it is read.
  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { bodyLimit: 1024 }, (_req, _payload, done) => done(null, undefined));
      for (const kind of HUB_KINDS) scope.post(`/hubs/${kind}/negotiate`, async () => negotiate());
    },
    { logLevel: quiet },
  );

  return sockets;
}

/** The negotiate answer (version 1): a fresh token; the id is derived from it (see connectionIdOf). */
function negotiate() {
  const connectionToken = newConnectionToken();
  return {
    negotiateVersion: 1,
    connectionId: connectionIdOf(connectionToken),
    connectionToken,
    availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
  };
}
