/**
 * GET /api/GetVMPrices?model_id=eq.{model}&location=eq.{location}: the price list's row of the
 * server's model at its location, with the extras every server may add (an IPv4 address, disk).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VmPrice } from '@portside/contract/schemas/offers';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export async function getVmPrice(modelId: number, location: string, signal?: AbortSignal): Promise<VmPrice | null> {
  const rows = await api.get<VmPrice[]>('GetVMPrices', { model_id: `eq.${modelId}`, location: `eq.${location}` }, { signal });
  return rows[0] ?? null;
}

export function vmPriceQueryOptions(modelId: number, location: string) {
  return queryOptions({
    queryKey: queryKeys.vmPrices(modelId, location),
    queryFn: ({ signal }) => getVmPrice(modelId, location, signal),
    staleTime: 5 * 60_000,
  });
}

/** The price row; `enabled` false asks nothing (the dialog is closed). */
export function useVmPrice(modelId: number, location: string, enabled = true) {
  return useQuery({ ...vmPriceQueryOptions(modelId, location), enabled });
}
