/** GET /api/MyServices of the account's servers that have not ended: the parents an add-on can be attached to. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyService } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServerServices(signal?: AbortSignal): Promise<MyService[]> {
  const query = { category: 'in.(cloud-server,dedicated-server)', status: 'neq.ended', order: 'equipment_id.asc', limit: '1000' };
  return api.get<MyService[]>('MyServices', query, { signal });
}

export function serverServicesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.services.servers(), queryFn: ({ signal }) => getServerServices(signal) });
}

export function useServerServices(enabled = true) {
  return useQuery({ ...serverServicesQueryOptions(), enabled });
}
