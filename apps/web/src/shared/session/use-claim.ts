/**
 * Whether the logged-in user holds a claim (owners hold every customer claim). Screens ask this
 * before calling a claim-guarded read: the API's 403 would end the session (spec 2 §8), and the
 * server decides anyway (docs/access.md).
 */
import type { Claim } from '@portside/contract/constants';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { useSession } from './store';

export function useClaim(claim: Claim): boolean {
  const profile = useSession('customerDetails');
  return profile !== null && hasClaim(profile, claim);
}
