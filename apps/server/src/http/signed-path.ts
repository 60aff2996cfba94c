/**
 * The hash-in-path authentication of the payment and service host (spec 2 §7, DESIGN §3), shared
 * by its notification and payment calls: the path carries issuer, e-mail (lower-cased, '+' as
 * '$'), client id, epoch and a SHA-512 hash over lower(e-mail) + epoch + salt, where the salt holds
 * the user's notification secret, which only the logged-in user receives (MyProfile).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  NOTIFICATION_EPOCH_SKEW_SECONDS,
  emailFromPathPart,
  emailPathPart,
  notificationHashInput,
} from '@portside/contract/hubs';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError } from './errors.js';
import { checkRate, recordRate } from './rate-limit.js';
import { findLiveUser, type SignedUser } from './signed-path.repository.js';

/** The path parts every signed call carries. */
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

/**
 * Refuses with 429 once the caller's IP has failed `perIp` times within the window, then runs
 * `fn`; a catalogue error of `fn` (but those `uncounted` names) counts as a failure of the IP.
 * A failure changes nothing but that count.
 */
export async function withFailureLimit<T>(
  deps: { db: Database; config: Config },
  key: string,
  fn: () => Promise<T>,
  uncounted: readonly string[] = [],
): Promise<T> {
  const { windowSeconds, perIp } = deps.config.rateLimit;
  await deps.db.system((tx) => checkRate(tx, key, perIp, windowSeconds));
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError && !uncounted.includes(e.code)) await deps.db.system((tx) => recordRate(tx, key));
    throw e;
  }
}

/**
 * Who signed a call (DESIGN §3): the issuer is this host's, the epoch within ±300 s of now, the
 * e-mail a live user of the named client, and the hash the SHA-512 hex of lower(e-mail) + epoch +
 * salt, where `salt` builds the salt from the client id and that user's secret. Failures (but a
 * stale epoch) count against the caller's IP under `rateKey`; once the limit is reached every
 * call of the IP is refused (429) for the window.
 */
export async function verifySignedPath(
  deps: { db: Database; config: Config },
  ip: string,
  p: SignedParts,
  salt: (clientId: string, secret: string) => string,
  opts: { rateKey: string; checkFirst?: () => void },
): Promise<SignedUser> {
  // A stale epoch is refused before anything secret is looked at, so it teaches a guesser
  // nothing; not counting it keeps a device with a wrong clock (whose tab registers a connection
  // per hub) from locking out everyone behind its address.
  return withFailureLimit(
    deps,
    opts.rateKey,
    async () => {
      opts.checkFirst?.();
      if (p.issuer !== deps.config.notificationIssuer) throw new AppError('NotFound');
      if (!EPOCH.test(p.epoch))
        throw new AppError('BAD_REQUEST', { message: 'The epoch must be a number of seconds', details: 'epoch' });
      const epoch = Number(p.epoch);
      if (Math.abs(Date.now() / 1000 - epoch) > NOTIFICATION_EPOCH_SKEW_SECONDS) throw new AppError('NOTIFICATION_EPOCH_STALE');
      if (!HASH.test(p.hash) || !UUID.test(p.client) || p.email.length > 320) throw new AppError('NOTIFICATION_HASH_INVALID');
      const clientId = p.client.toLowerCase();
      const emailPart = emailPathPart(emailFromPathPart(p.email));
      const user = await deps.db.system((tx) => findLiveUser(tx, clientId, emailPart));
      // Without such a user the hash is still computed and compared (with a random secret), so the
      // answer takes as long and says the same.
      const secret = user?.secret ?? crypto.randomBytes(32).toString('hex');
      const expected = sha512Hex(notificationHashInput(user?.email ?? emailFromPathPart(p.email), epoch, salt(clientId, secret)));
      const same = crypto.timingSafeEqual(Buffer.from(expected, 'ascii'), Buffer.from(p.hash.toLowerCase(), 'ascii'));
      if (!same || !user) throw new AppError('NOTIFICATION_HASH_INVALID');
      return user;
    },
    ['NOTIFICATION_EPOCH_STALE'],
  );
}

/**
 * The decoded path parts after `prefix` (which ends in '/'), exactly `n` of them (else a 404, as
 * for any unknown path). Read from the raw URL — a hash (128 hex digits) is longer than a router
 * parameter may be, and an encoded slash inside a part must not split it.
 */
export function signedPathParts(req: FastifyRequest, prefix: string, n: number): string[] {
  const path = (req.raw.url ?? '').split('?')[0]!.slice(prefix.length);
  const parts = path.split('/');
  if (parts.length !== n || parts.some((p) => p === '')) throw new AppError('NotFound');
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw new AppError('BAD_REQUEST', { message: 'A path part is not valid URL encoding' });
  }
}

/** The five signed parts in their path order: issuer, e-mail, client, epoch, hash. */
export function signedParts([issuer, email, client, epoch, hash]: string[]): SignedParts {
  return { issuer: issuer!, email: email!, client: client!, epoch: epoch!, hash: hash! };
}
