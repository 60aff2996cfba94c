/** POST /api/rpc/RouterIPsDeleteClient {p_ip} (claim menu-see-routers-ips): take an address back from its account. */
import type { IpDeleteClientBody } from '@portside/contract/schemas/routers';
import { useRouterCall } from './use-router-call';

export function useClearIpClient() {
  return useRouterCall<IpDeleteClientBody, { success: true }>('RouterIPsDeleteClient');
}
