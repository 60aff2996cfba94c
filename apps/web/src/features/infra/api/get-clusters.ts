/** GET /api/Clusters (role staff): the registered hypervisor clusters, searched by name, a page at a time. */
import { useQuery } from '@tanstack/react-query';
import type { ClusterRow } from '@portside/contract/schemas/vms';
import { infraPageOptions, type InfraListParams } from './infra-page-query';

const COLUMNS = [
  'id',
  'name',
  'location',
  'driver',
  'api_url',
  'token_id',
  'nodes',
  'last_sync_at',
  'last_sync_error',
  'vm_count',
];

export function useClusters(params: InfraListParams) {
  return useQuery(infraPageOptions<ClusterRow>('Clusters', COLUMNS, 'name', params));
}
