/** GET /api/HostingLocations (public): the data centres a cluster or router is registered in. */
import { useQuery } from '@tanstack/react-query';
import type { HostingLocation } from '@portside/contract/schemas/reference';
import { api } from '../../../shared/api/client';
import { infraKeys } from './infra-keys';

export function useLocations() {
  return useQuery({
    queryKey: infraKeys.locations(),
    queryFn: ({ signal }) => api.get<HostingLocation[]>('HostingLocations', { select: 'id,name' }, { signal }),
    staleTime: 5 * 60_000,
  });
}
