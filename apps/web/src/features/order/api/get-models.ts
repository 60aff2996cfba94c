/** GET /api/NewOrderGetModels?location=eq.X&core_type=eq.Y: the models of a location and core type with their list price. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { ModelOption } from '@portside/contract/schemas/offers';
import { queryKeys } from '../../../shared/api/query-keys';

export function getModels(location: string, coreType: string, signal?: AbortSignal): Promise<ModelOption[]> {
  return api.get<ModelOption[]>('NewOrderGetModels', { location: `eq.${location}`, core_type: `eq.${coreType}` }, { signal });
}

export function modelsQueryOptions(location: string, coreType: string) {
  return queryOptions({
    queryKey: queryKeys.order.models(location, coreType),
    queryFn: ({ signal }) => getModels(location, coreType, signal),
    staleTime: 60_000,
  });
}

export function useModels(location: string | null, coreType: string | null) {
  return useQuery({ ...modelsQueryOptions(location ?? '', coreType ?? ''), enabled: !!location && !!coreType });
}
