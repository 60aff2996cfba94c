/**
 * Who may do what on the services screens: seeing them needs menu-see-my-services (the pages show
 * a notice instead of asking the API, whose 403 would end the session); adding and cancelling is
 * for the account owner (the server refuses sub-users with OWNER_REQUIRED).
 */
import { hasClaim } from '@portside/contract/rules/menu-access';
import { useSession } from '../../../shared/session/store';

export function useServicesAccess(): { canView: boolean; canManage: boolean } {
  const profile = useSession('customerDetails');
  return { canView: !!profile && hasClaim(profile, 'menu-see-my-services'), canManage: !!profile?.is_owner };
}
