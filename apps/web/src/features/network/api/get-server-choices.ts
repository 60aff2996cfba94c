/**
 * GET /api/MyVMs2 (select): every server's id, name, location and addresses — the choices of the
 * forms that attach an IP set to servers or point a domain at one. Keyed under 'vms' so that a new
 * or renamed server shows. Asked only with menu-see-cloud-servers (a 403 would end the session).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VmRow } from '@portside/contract/schemas/vms';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type ServerChoice = Pick<VmRow, 'provisioned_id' | 'name' | 'location_name' | 'ip' | 'ipv6'>;

export function getServerChoices(signal?: AbortSignal): Promise<ServerChoice[]> {
  return api.get<ServerChoice[]>(
    'MyVMs2',
    { select: 'provisioned_id,name,location_name,ip,ipv6', order: 'name.asc' },
    { signal },
  );
}

export function serverChoicesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.vms.choices(), queryFn: ({ signal }) => getServerChoices(signal) });
}

export function useServerChoices(enabled: boolean) {
  return useQuery({ ...serverChoicesQueryOptions(), enabled });
}
