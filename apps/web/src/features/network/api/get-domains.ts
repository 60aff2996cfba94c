/** GET /api/MyDomains: the account's custom domains with the TXT record each needs, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DomainRow } from '@portside/contract/schemas/network';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getDomains(signal?: AbortSignal): Promise<DomainRow[]> {
  return api.get<DomainRow[]>('MyDomains', { order: 'created_at.desc,id.desc' }, { signal });
}

export function domainsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.domains.list(), queryFn: ({ signal }) => getDomains(signal) });
}

export function useDomains() {
  return useQuery(domainsQueryOptions());
}
