/** GET /api/MyServices (menu-see-my-services): a page of the account's services with an exact count. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SERVICES_PAGE_SIZE, type MyService } from '@portside/contract/schemas/services';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getMyServices(page: number, signal?: AbortSignal): Promise<Counted<MyService>> {
  const query = { order: 'equipment_id.asc', limit: String(SERVICES_PAGE_SIZE), offset: String((page - 1) * SERVICES_PAGE_SIZE) };
  return api.get<Counted<MyService>>('MyServices', query, { signal, count: true });
}

export function myServicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.services.list(page),
    queryFn: ({ signal }) => getMyServices(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyServices(page: number, enabled = true) {
  return useQuery({ ...myServicesQueryOptions(page), enabled });
}
