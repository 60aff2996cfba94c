/** GET /api/HostingLocations (public): the data centres, kept in the session as hostingLocationGlobal. */
import { api } from '../../../shared/api/client';
import type { HostingLocation } from '@portside/contract/schemas/reference';
import { useSessionList } from '../lib/use-session-list';

export function getHostingLocations(signal?: AbortSignal): Promise<HostingLocation[]> {
  return api.get<HostingLocation[]>(
    'HostingLocations',
    { select: 'id,name,country,country_code,electricity_warning' },
    { signal },
  );
}

export function useHostingLocations() {
  return useSessionList<HostingLocation>('hostingLocationGlobal', getHostingLocations);
}
