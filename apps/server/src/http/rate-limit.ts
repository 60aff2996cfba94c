import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimitConfig } from '../config.js';
import type { Database, Tx } from '../db/database.js';
import { AppError } from './errors.js';
import { countRate, recordRate } from './rate-limit.repository.js';

// The counters' SQL is in the repository; the services that count their own keys take it from here.
export { countRate, recordRate };

/** Counts events per key in a sliding window in PostgreSQL and refuses with 429 once `limit` happened. */
export async function checkRate(tx: Tx, key: string, limit: number, windowSeconds: number): Promise<void> {
  if ((await countRate(tx, key, windowSeconds)) >= limit) throw new AppError('RATE_LIMITED');
}

/**
 * How long to hold an attempt for an account that has failed `failures` times in the window from
 * all addresses together: nothing below `perAccount`, then `baseDelayMs` doubling with each
 * further failure, at most `maxDelayMs`. A delay, never a refusal, so failing on purpose cannot
 * lock the owner out; the per-address limits stop the one failing.
 */
export function slowdownMs(failures: number, rl: Pick<RateLimitConfig, 'perAccount' | 'baseDelayMs' | 'maxDelayMs'>): number {
  if (failures < rl.perAccount || rl.baseDelayMs <= 0) return 0;
  const steps = Math.min(failures - rl.perAccount, 30);
  return Math.min(rl.baseDelayMs * 2 ** steps, rl.maxDelayMs);
}

/** The rate keys of one attempt of `kind` on `account` from `ip`. */
export function attemptKeys(kind: string, ip: string, account: string): { ip: string; pair: string; account: string } {
  return { ip: `${kind}:ip:${ip}`, pair: `${kind}:pair:${ip}:${account}`, account: `${kind}:acct:${account}` };
}

/**
 * Guards an attempt: 429 once the address has used up `perIp` failures (whatever the account) or
 * `perAccount` failures on this account; otherwise waits as {@link slowdownMs} says for the
 * account's failures from everywhere. Answers that count (the mail calls send no more once it
 * reaches `perAccount`).
 */
export async function guardAttempt(
  db: Pick<Database, 'system'>,
  rl: RateLimitConfig,
  keys: ReturnType<typeof attemptKeys>,
): Promise<number> {
  const failures = await db.system(async (tx) => {
    await checkRate(tx, keys.ip, rl.perIp, rl.windowSeconds);
    await checkRate(tx, keys.pair, rl.perAccount, rl.windowSeconds);
    return countRate(tx, keys.account, rl.windowSeconds);
  });
  const wait = slowdownMs(failures, rl);
  if (wait > 0) await sleep(wait);
  return failures;
}

/** Counts a failed (or, for the calls that send mail, any) attempt under all three keys. */
export async function recordAttempt(db: Pick<Database, 'system'>, keys: ReturnType<typeof attemptKeys>): Promise<void> {
  await db.system(async (tx) => {
    await recordRate(tx, keys.ip);
    await recordRate(tx, keys.pair);
    await recordRate(tx, keys.account);
  });
}
