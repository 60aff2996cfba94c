/** GET /api/RoutersSubnets (claim menu-see-routers-subnets): every router's subnets with their use counts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouterSubnetRow } from '@portside/contract/schemas/routers';
import { api } from '../../../shared/api/client';
import { routersKeys } from './routers-keys';

export function getRouterSubnets(signal?: AbortSignal): Promise<RouterSubnetRow[]> {
  return api.get<RouterSubnetRow[]>('RoutersSubnets', { order: 'router_name.asc,network.asc' }, { signal });
}

export function useRouterSubnets(enabled = true) {
  return useQuery(queryOptions({ queryKey: routersKeys.subnets(), queryFn: ({ signal }) => getRouterSubnets(signal), enabled }));
}
