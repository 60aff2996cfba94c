/**
 * What a project change makes stale: every projects query, and the SSH key lists that show
 * project names (their feature keys them under 'ssh-keys').
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';

export function invalidateProjects(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.projects.all }),
    client.invalidateQueries({ queryKey: queryKeys.sshKeys.all }),
  ]).then(() => undefined);
}
