/** GET /api/Timezones → [{name, utc_offset}]: the IANA zones an account may choose, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimezoneRow } from '@portside/contract/schemas/reference';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getTimezones(signal?: AbortSignal): Promise<TimezoneRow[]> {
  return api.get<TimezoneRow[]>('Timezones', { order: 'name' }, { signal });
}

export function timezonesQueryOptions() {
  // The list changes only with the database's zone data: fetched once per session.
  return queryOptions({
    queryKey: queryKeys.settings.timezones(),
    queryFn: ({ signal }) => getTimezones(signal),
    staleTime: Infinity,
  });
}

export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}
