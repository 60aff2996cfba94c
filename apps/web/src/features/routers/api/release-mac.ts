/** POST /api/rpc/RoutersReleaseDHCPMac {p_subnet, p_mac} (claim menu-see-routers-ips): remove a reservation from the router. */
import type { DhcpReleaseBody } from '@portside/contract/schemas/routers';
import { useRouterCall } from './use-router-call';

export function useReleaseMac() {
  return useRouterCall<DhcpReleaseBody, { success: true; address: string }>('RoutersReleaseDHCPMac');
}
