import { accountSalt, isHubKind, registerSalt, type RecentHubMessage } from '@portside/contract/hubs';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { verifySignedPath, type SignedParts } from '../../http/signed-path.js';
import { CONNECTION_ID_PATTERN, type HubSockets } from '../../hubs/hub-sockets.js';
import * as repo from './notifications.repository.js';

export interface NotificationDeps {
  db: Database;
  config: Config;
  /** This instance's hub sockets (to note where a registered connection lives). */
  hubs?: HubSockets;
}

export type { SignedParts };

const rateKey = (ip: string) => `notifications:ip:${ip}`;

/** Who signed a notification call: the shared hash-in-path check (http/signed-path.ts). */
function verify(
  deps: NotificationDeps,
  ip: string,
  p: SignedParts,
  salt: (clientId: string, secret: string) => string,
  checkFirst?: () => void,
) {
  return verifySignedPath(deps, ip, p, salt, { rateKey: rateKey(ip), checkFirst });
}

/**
 * Register connection mapping: the connection (handed out by a hub's joined message) receives the
 * user's account's messages of the destination's kind from now on.
 */
export async function registerConnection(
  deps: NotificationDeps,
  ip: string,
  p: SignedParts & { connectionId: string; destination: string },
): Promise<{ success: true }> {
  const user = await verify(
    deps,
    ip,
    p,
    (clientId, secret) => registerSalt(clientId, secret, p.connectionId),
    () => {
      if (!CONNECTION_ID_PATTERN.test(p.connectionId))
        throw new AppError('BAD_REQUEST', { message: 'Unknown connection id', details: 'connection id' });
      if (!isHubKind(p.destination))
        throw new AppError('BAD_REQUEST', { message: 'Unknown destination', details: 'destination' });
    },
  );
  const kind = p.destination;
  if (!isHubKind(kind)) throw new AppError('BAD_REQUEST'); // checked above; narrows the type
  const local = deps.hubs?.has(p.connectionId) ? deps.hubs.instanceId : null;
  const ok = await deps.db.system((tx) =>
    repo.upsertConnection(tx, {
      connectionId: p.connectionId,
      clientId: user.clientId,
      userId: user.userId,
      kind,
      destination: p.destination,
      instanceId: local,
    }),
  );
  if (!ok) throw new AppError('NOTIFICATION_CONNECTION_TAKEN');
  return { success: true };
}

/** Deactivate connection mappings: every active mapping the user registered; gives how many. */
export async function deactivateConnections(deps: NotificationDeps, ip: string, p: SignedParts): Promise<{ data: number }> {
  const user = await verify(deps, ip, p, accountSalt);
  const n = await deps.db.run({ kind: 'tenant', clientId: user.clientId, userId: user.userId }, (tx) => repo.deactivateMine(tx));
  return { data: n };
}

/** Recent messages: the account's terminal messages of the last 24 h, at most 50, newest first. */
export async function recentMessages(deps: NotificationDeps, ip: string, p: SignedParts): Promise<RecentHubMessage[]> {
  const user = await verify(deps, ip, p, accountSalt);
  return deps.db.run({ kind: 'tenant', clientId: user.clientId, userId: user.userId }, (tx) => repo.recentTerminal(tx));
}
