/** Marks every dedicated-server read stale (lists, details, installs, the dashboard card). */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function invalidateDedicated(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.dedicated.all });
}
