/**
 * The builder's SSH key choices: GET /api/MySSHKeys, every key of the account with its project.
 * Keyed under queryKeys.sshKeys so that key changes made in that area refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export type SshKeyChoice = Pick<SshKeyRow, 'id' | 'name' | 'project' | 'project_name'>;

/** Every SSH key of the account with its project, by name. */
export function sshKeyChoicesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.sshKeys.orderChoices(),
    queryFn: ({ signal }) =>
      api.get<SshKeyChoice[]>(
        'MySSHKeys',
        { select: 'id,name,project,project_name', order: 'name.asc', limit: '1000' },
        { signal },
      ),
  });
}

/** `enabled`: only for users holding menu-see-cloud-servers (keys are theirs, docs/access.md). */
export function useSshKeyChoices(enabled = true) {
  return useQuery({ ...sshKeyChoicesQueryOptions(), enabled });
}
