/**
 * GET /api/MyDedicatedServers for the dashboard's 'Dedicated servers' card: the first few servers
 * (serial, hostname, power state, model, location) and the total. Kept small: the dashboard is
 * part of the first load. Keyed under 'dedicated' so power changes elsewhere refresh it. Asked
 * only with menu-see-dedicated-servers (a 403 would end the session).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DedicatedServer } from '@portside/contract/schemas/dedicated';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** A dedicated server as the card lists it. */
export type DashboardDedicated = Pick<
  DedicatedServer,
  'serial' | 'hostname' | 'power_state' | 'model' | 'location' | 'location_name'
>;

/** Servers the card lists; 'More servers' leads to the rest. */
export const DASHBOARD_DEDICATED_LIMIT = 4;

export function getDashboardDedicated(signal?: AbortSignal): Promise<Counted<DashboardDedicated>> {
  return api.get<Counted<DashboardDedicated>>(
    'MyDedicatedServers',
    {
      select: 'serial,hostname,power_state,model,location,location_name',
      order: 'hostname.asc,serial.asc',
      limit: String(DASHBOARD_DEDICATED_LIMIT),
    },
    { signal, count: true },
  );
}

export function dashboardDedicatedQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dedicated.dashboard(),
    queryFn: ({ signal }) => getDashboardDedicated(signal),
  });
}

export function useDashboardDedicated(enabled: boolean) {
  return useQuery({ ...dashboardDedicatedQueryOptions(), enabled });
}
