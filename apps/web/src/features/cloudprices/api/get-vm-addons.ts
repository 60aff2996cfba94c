/** GET /api/VmAddons (staff): the four add-ons of a cloud server with their price now and next change. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VM_ADDON_CODES, type VmAddonRow } from '@portside/contract/schemas/cloud-prices';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The add-ons in the list's order (storage, snapshots, IPv4, backups). */
export async function getVmAddons(signal?: AbortSignal): Promise<VmAddonRow[]> {
  const rows = await api.get<VmAddonRow[]>('VmAddons', undefined, { signal });
  return [...rows].sort((a, b) => VM_ADDON_CODES.indexOf(a.code) - VM_ADDON_CODES.indexOf(b.code));
}

export function vmAddonsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cloudPrices.addons(), queryFn: ({ signal }) => getVmAddons(signal), staleTime: 0 });
}

export function useVmAddons() {
  return useQuery(vmAddonsQueryOptions());
}
