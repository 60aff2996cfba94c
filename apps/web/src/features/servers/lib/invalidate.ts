/** What a VM change makes stale: every MyVMs2 query (lists, details, the dashboard's card). */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function invalidateVms(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.vms.all });
}

/** What a backup, snapshot or ISO action on server `id` makes stale: the server and its backups and snapshots. */
export function invalidateVmData(client: QueryClient, id: number): Promise<unknown> {
  return Promise.all([
    invalidateVms(client),
    client.invalidateQueries({ queryKey: queryKeys.vmBackups(id) }),
    client.invalidateQueries({ queryKey: queryKeys.vmSnapshots(id) }),
  ]);
}
