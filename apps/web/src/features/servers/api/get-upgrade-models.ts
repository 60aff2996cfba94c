/**
 * POST /api/rpc/VmUpgradeGetModels {p_provisioned_id}: the models above the server's own (same
 * core type and location), each with the server's new monthly price and the prorated difference
 * to the month's end. A read, though a POST: kept as a query under the server's key.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpgradeModelRow } from '@portside/contract/schemas/vm-lifecycle';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getUpgradeModels(id: number): Promise<UpgradeModelRow[]> {
  return api.rpc<UpgradeModelRow[]>('VmUpgradeGetModels', { p_provisioned_id: id });
}

export function upgradeModelsQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.vms.upgradeModels(id), queryFn: () => getUpgradeModels(id) });
}

/** The models the server can be upgraded to; `enabled` false asks nothing. */
export function useUpgradeModels(id: number, enabled = true) {
  return useQuery({ ...upgradeModelsQueryOptions(id), enabled });
}
