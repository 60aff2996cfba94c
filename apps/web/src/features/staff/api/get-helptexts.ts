/**
 * GET /api/Helptexts (public view; the staff's list): one page of the help texts by label,
 * searchable by label, with how many match.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HelptextRow } from '@portside/contract/schemas/support';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { helptextsQuery } from '../lib/staff-queries';

export function getHelptexts(search: string, page: number, signal?: AbortSignal): Promise<Counted<HelptextRow>> {
  return api.get<Counted<HelptextRow>>('Helptexts', helptextsQuery(search, page), { signal, count: true });
}

export function helptextsQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: queryKeys.staff.helptexts(search, page),
    queryFn: ({ signal }) => getHelptexts(search, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useHelptexts(search: string, page: number) {
  return useQuery(helptextsQueryOptions(search, page));
}
