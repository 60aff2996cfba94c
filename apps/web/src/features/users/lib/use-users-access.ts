/** What the signed-in user may do on the users screens (the server enforces the same rules). */
import { canSeeClients, hasClaim } from '@portside/contract/rules/menu-access';
import { useSession } from '../../../shared/session/store';

export function useUsersAccess() {
  const profile = useSession('customerDetails');
  return {
    /** menu-see-users: may see the users (the API answers 403 otherwise, which would end the session). */
    canView: !!profile && hasClaim(profile, 'menu-see-users'),
    /** Only the account owner changes users and claims. */
    canManage: !!profile?.is_owner,
    /** The Client column rule: pg-see-client. */
    seesClients: !!profile && canSeeClients(profile),
  };
}
