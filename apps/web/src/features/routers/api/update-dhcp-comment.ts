/** POST /api/rpc/RoutersUpdateDHCPComment {p_subnet, p_mac, p_comment} (claim menu-see-routers-ips): the comment of a reservation. */
import type { DhcpCommentBody } from '@portside/contract/schemas/routers';
import { useRouterCall } from './use-router-call';

export function useUpdateDhcpComment() {
  return useRouterCall<DhcpCommentBody, { success: true }>('RoutersUpdateDHCPComment');
}
