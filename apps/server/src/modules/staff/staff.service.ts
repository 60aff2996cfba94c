/** The staff's actions of issue 18 that are no other module's: unbanning an address. */
import { AppError } from '../../http/errors.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { clearAddress } from './bans.repository.js';

/**
 * Lets `ip` in again at once: clears all its counters (every kind, its per-account ones too), the
 * same the login limiter reads. IP_NOT_BANNED when it had none (nothing to undo, e.g. a second
 * click after another staff member's unban).
 */
export async function unbanAddress(u: UserCtx, ip: string): Promise<{ ip: string; cleared: number }> {
  const cleared = await u.db.system((tx) => clearAddress(tx, ip));
  if (cleared === 0) throw new AppError('IP_NOT_BANNED', { details: ip });
  return { ip, cleared };
}
