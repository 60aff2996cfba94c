/** POST /api/rpc/RoutersRebuildSubnets {p_router?} (claim menu-see-routers-subnets): re-read one router or all, in a job; /api/Routers shows its progress. */
import type { RoutersRebuildBody } from '@portside/contract/schemas/routers';
import { useRouterCall } from './use-router-call';

export function useRebuildSubnets() {
  return useRouterCall<RoutersRebuildBody, { success: true; routers: number }>('RoutersRebuildSubnets');
}
