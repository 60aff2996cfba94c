/**
 * The servers section of the global search (spec 1 §2 Modals, §4 'Search overlay', §5): GET
 * /api/MyVMs2 (only the fields shown and matched) while the overlay is open, filtered with the
 * contract's rule by name, model, cluster, addresses and MAC. Asked only with menu-see-cloud-servers
 * (a 403 would end the session); closing the overlay clears the servers (gcTime 0).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasClaim } from '@portside/contract/rules/menu-access';
import { filterServers } from '@portside/contract/rules/search-filter';
import type { VmRow } from '@portside/contract/schemas/vms';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useSession } from '../../../shared/session/store';
import type { SearchSection, ServerHit } from '../lib/types';

type Row = Pick<VmRow, 'provisioned_id' | 'name' | 'project' | 'project_name' | 'model_name' | 'cluster' | 'ip' | 'ipv6' | 'mac'>;
const COLUMNS = 'provisioned_id,name,project,project_name,model_name,cluster,ip,ipv6,mac';

/** A server as the search shows and matches it: its IPv4 and IPv6 addresses both count as its ip (spec 1 §3). */
export function serverHitOf(r: Row): ServerHit {
  return {
    provisioned_id: r.provisioned_id,
    name: r.name,
    project: r.project,
    project_name: r.project_name,
    model_name: r.model_name,
    cluster: r.cluster,
    ip: [r.ip, r.ipv6].filter(Boolean).join(' ') || null,
    mac: r.mac,
  };
}

export async function getSearchServers(signal?: AbortSignal): Promise<ServerHit[]> {
  const rows = await api.get<Row[]>('MyVMs2', { select: COLUMNS, order: 'project_name.asc,name.asc' }, { signal });
  return Array.isArray(rows) ? rows.map(serverHitOf) : [];
}

export function searchServersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.searchServers(),
    queryFn: ({ signal }) => getSearchServers(signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The servers section for `phrase`; empty and idle while the overlay is closed or without the claim. */
export function useSearchServers(phrase: string, opened: boolean): SearchSection<ServerHit> {
  const profile = useSession('customerDetails');
  const enabled = opened && !!profile && hasClaim(profile, 'menu-see-cloud-servers');
  const q = useQuery({ ...searchServersQueryOptions(), enabled });
  if (!enabled) return { loading: false, items: [] };
  return { loading: q.isPending, items: filterServers(q.data ?? [], phrase), query: q };
}
