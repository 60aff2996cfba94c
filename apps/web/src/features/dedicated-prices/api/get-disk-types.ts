/** GET /api/ServersDiskTypes (staff): the disk types (media type and interface) with their installed disks. A reference list: short, read whole. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerDiskType } from '@portside/contract/schemas/dedicated-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function serversDiskTypesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicatedPrices.reference('ServersDiskTypes'),
    queryFn: ({ signal }) => api.get<ServerDiskType[]>('ServersDiskTypes', { limit: '500' }, { signal }),
  });
}

export function useServersDiskTypes() {
  return useQuery(serversDiskTypesQueryOptions());
}
