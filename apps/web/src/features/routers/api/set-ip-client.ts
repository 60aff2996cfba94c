/** POST /api/rpc/RouterIPsUpdateClient {p_ip, p_client} (claim menu-see-routers-ips): give a free address to an account. */
import type { IpUpdateClientBody } from '@portside/contract/schemas/routers';
import { useRouterCall } from './use-router-call';

export function useSetIpClient() {
  return useRouterCall<IpUpdateClientBody, { success: true }>('RouterIPsUpdateClient');
}
