/**
 * Whether the user may see cloud servers (menu-see-cloud-servers) and delete them
 * (vm-settings-delete). The pages check first: the API answers a missing claim with 403, which
 * ends the session (spec 2 §8).
 */
import { hasClaim } from '@portside/contract/rules/menu-access';
import { useSession } from '../../../shared/session/store';

export function useCanSeeServers(): boolean {
  const profile = useSession('customerDetails');
  return !!profile && hasClaim(profile, 'menu-see-cloud-servers');
}

export function useCanDeleteServers(): boolean {
  const profile = useSession('customerDetails');
  return !!profile && hasClaim(profile, 'vm-settings-delete');
}
