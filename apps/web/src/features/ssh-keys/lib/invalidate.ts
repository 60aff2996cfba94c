/** What a key change makes stale: every SSH key list, and the projects' key counts and lists. */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function invalidateKeys(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.sshKeys.all }),
    client.invalidateQueries({ queryKey: queryKeys.projects.all }),
  ]).then(() => undefined);
}
