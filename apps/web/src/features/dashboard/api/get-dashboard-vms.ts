/**
 * GET /api/MyVMs2 for the dashboard's 'Cloud servers' card: every server's name, power state and
 * age, newest first — enough to count them by state and list the newest. Keyed under 'vms' so
 * server actions and live updates elsewhere refresh it. Asked only with menu-see-cloud-servers
 * (a 403 would end the session).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VmRow } from '@portside/contract/schemas/vms';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** A server as the card counts and lists it. */
export type DashboardVm = Pick<
  VmRow,
  'provisioned_id' | 'name' | 'power_status' | 'state' | 'model_name' | 'location' | 'location_name'
>;

export function getDashboardVms(signal?: AbortSignal): Promise<DashboardVm[]> {
  return api.get<DashboardVm[]>(
    'MyVMs2',
    { select: 'provisioned_id,name,power_status,state,model_name,location,location_name', order: 'created_at.desc' },
    { signal },
  );
}

export function dashboardVmsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.vms.dashboard(), queryFn: ({ signal }) => getDashboardVms(signal) });
}

export function useDashboardVms(enabled: boolean) {
  return useQuery({ ...dashboardVmsQueryOptions(), enabled });
}
