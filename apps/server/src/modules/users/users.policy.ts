/**
 * What may be done to a user of the account, decided on its row (Outline-style policy). Who may
 * call a users route at all is declared in the registry (`owner` for every change).
 */
import { AppError } from '../../http/errors.js';

/**
 * The owner always holds every claim and is never blocked, deleted or given a password from the
 * users page (422 OWNER_PROTECTED): the account must keep someone who can manage it.
 */
export function assertNotOwner(user: { is_owner: boolean }): void {
  if (user.is_owner) throw new AppError('OWNER_PROTECTED');
}
