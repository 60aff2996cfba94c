/** GET /api/Timezones → [{name, utc_offset}]: the IANA zones an account may choose, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface TimezoneRow {
  name: string;
  /** The zone's offset from UTC right now, e.g. '+05:30'. */
  utc_offset: string;
}

export function getTimezones(signal?: AbortSignal): Promise<TimezoneRow[]> {
  return api.get<TimezoneRow[]>('Timezones', { order: 'name' }, { signal });
}

export function timezonesQueryOptions() {
  // The list changes only with the database's zone data: fetched once per session.
  return queryOptions({
    queryKey: ['settings', 'Timezones'],
    queryFn: ({ signal }) => getTimezones(signal),
    staleTime: Infinity,
  });
}

export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}
