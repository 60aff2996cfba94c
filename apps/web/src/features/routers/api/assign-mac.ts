/** POST /api/rpc/RoutersDHCPAssignMACToIP {p_subnet, p_ip, p_mac, p_comment?} (claim menu-see-routers-ips): reserve an address for a MAC on the router. */
import type { DhcpAssignBody } from '@portside/contract/schemas/routers';
import { useRouterCall } from './use-router-call';

export function useAssignMac() {
  return useRouterCall<DhcpAssignBody, { success: true }>('RoutersDHCPAssignMACToIP');
}
