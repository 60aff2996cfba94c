/** What a VM change makes stale: every MyVMs2 query (lists, details, the dashboard's card). */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function invalidateVms(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.vms.all });
}
