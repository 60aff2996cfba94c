import crypto from 'node:crypto';
import {
  NOTIFICATION_EPOCH_SKEW_SECONDS,
  accountSalt,
  emailFromPathPart,
  emailPathPart,
  isHubKind,
  notificationHashInput,
  registerSalt,
  type RecentHubMessage,
} from '@portside/contract/hubs';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { checkRate, recordRate } from '../../http/rate-limit.js';
import { CONNECTION_ID_PATTERN, type HubSockets } from '../../hubs/hub-sockets.js';
import * as repo from './notifications.repository.js';

export interface NotificationDeps {
  db: Database;
  config: Config;
  /** This instance's hub sockets (to note where a registered connection lives). */
  hubs?: HubSockets;
}

/** The path parts every notification call carries. */
export interface SignedParts {
  issuer: string;
  email: string;
  client: string;
  epoch: string;
  hash: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HASH = /^[0-9a-f]{128}$/i;
const EPOCH = /^[0-9]{1,12}$/;

export const sha512Hex = (text: string) => crypto.createHash('sha512').update(text, 'utf8').digest('hex');

const rateKey = (ip: string) => `notifications:ip:${ip}`;

/**
 * Who signed a notification call (DESIGN §3): the issuer is this host's, the epoch within
 * ±300 s of now, the e-mail a live user of the named client, and the hash the SHA-512 hex of
 * lower(e-mail) + epoch + salt, where the salt holds that user's notification secret (`salt`
 * builds it from the client id and the secret). Failures (but a stale epoch) count against the
 * caller's IP; once the limit is reached every call of the IP is refused (429) for the window.
 * A failure changes nothing but that count.
 */
async function verify(
  deps: NotificationDeps,
  ip: string,
  p: SignedParts,
  salt: (clientId: string, secret: string) => string,
  checkFirst: () => void = () => {},
): Promise<repo.NotificationUser> {
  const { windowSeconds, perIp } = deps.config.rateLimit;
  await deps.db.system((tx) => checkRate(tx, rateKey(ip), perIp, windowSeconds));
  try {
    checkFirst();
    if (p.issuer !== deps.config.notificationIssuer) throw new AppError('NotFound');
    if (!EPOCH.test(p.epoch)) throw new AppError('BAD_REQUEST', { message: 'The epoch must be a number of seconds', details: 'epoch' });
    const epoch = Number(p.epoch);
    if (Math.abs(Date.now() / 1000 - epoch) > NOTIFICATION_EPOCH_SKEW_SECONDS) throw new AppError('NOTIFICATION_EPOCH_STALE');
    if (!HASH.test(p.hash) || !UUID.test(p.client) || p.email.length > 320) throw new AppError('NOTIFICATION_HASH_INVALID');
    const clientId = p.client.toLowerCase();
    const emailPart = emailPathPart(emailFromPathPart(p.email));
    const user = await deps.db.system((tx) => repo.findLiveUser(tx, clientId, emailPart));
    // Without such a user the hash is still computed and compared (with a random secret), so the
    // answer takes as long and says the same.
    const secret = user?.secret ?? crypto.randomBytes(32).toString('hex');
    const expected = sha512Hex(notificationHashInput(user?.email ?? emailFromPathPart(p.email), epoch, salt(clientId, secret)));
    const same = crypto.timingSafeEqual(Buffer.from(expected, 'ascii'), Buffer.from(p.hash.toLowerCase(), 'ascii'));
    if (!same || !user) throw new AppError('NOTIFICATION_HASH_INVALID');
    return user;
  } catch (e) {
    // A stale epoch is refused before anything secret is looked at, so it teaches a guesser
    // nothing; not counting it keeps a device with a wrong clock (whose tab registers a connection
    // per hub) from locking out everyone behind its address.
    if (e instanceof AppError && e.code !== 'NOTIFICATION_EPOCH_STALE') await deps.db.system((tx) => recordRate(tx, rateKey(ip)));
    throw e;
  }
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
      if (!CONNECTION_ID_PATTERN.test(p.connectionId)) throw new AppError('BAD_REQUEST', { message: 'Unknown connection id', details: 'connection id' });
      if (!isHubKind(p.destination)) throw new AppError('BAD_REQUEST', { message: 'Unknown destination', details: 'destination' });
    },
  );
  const kind = p.destination;
  if (!isHubKind(kind)) throw new AppError('BAD_REQUEST'); // checked above; narrows the type
  const local = deps.hubs?.has(p.connectionId) ? deps.hubs.instanceId : null;
  const ok = await deps.db.system((tx) =>
    repo.upsertConnection(tx, { connectionId: p.connectionId, clientId: user.clientId, userId: user.userId, kind, destination: p.destination, instanceId: local }),
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
