/** POST /api/rpc/MyServicesHistory: a page of the account's service history (or one service's), newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SERVICES_HISTORY_PAGE_SIZE, type ServiceHistoryRow } from '@portside/contract/schemas/services';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getServicesHistory(equipmentId: number | null, page: number): Promise<ServiceHistoryRow[]> {
  return api.rpc<ServiceHistoryRow[]>('MyServicesHistory', {
    p_equipment_id: equipmentId,
    p_limit: SERVICES_HISTORY_PAGE_SIZE,
    p_offset: (page - 1) * SERVICES_HISTORY_PAGE_SIZE,
  });
}

export function servicesHistoryQueryOptions(equipmentId: number | null, page: number) {
  return queryOptions({
    queryKey: queryKeys.services.history(equipmentId, page),
    queryFn: () => getServicesHistory(equipmentId, page),
    placeholderData: keepPreviousData,
  });
}

export function useServicesHistory(equipmentId: number | null, page: number, enabled = true) {
  return useQuery({ ...servicesHistoryQueryOptions(equipmentId, page), enabled });
}
