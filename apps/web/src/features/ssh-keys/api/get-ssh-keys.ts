/**
 * GET /api/MySSHKeys: the account's SSH keys, newest first, 20 a page with the total
 * (Prefer: count=exact); optionally only those of one project.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SshKeyRow } from '@portside/contract/schemas/ssh-keys';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Keys per page. */
export const SSH_KEYS_PAGE_SIZE = 20;

/** One page (0-based) of keys, all projects or `project` only. */
export function getSshKeys(page: number, project: number | null, signal?: AbortSignal): Promise<Counted<SshKeyRow>> {
  const query: Record<string, string> = {
    order: 'created_at.desc,id.desc',
    limit: String(SSH_KEYS_PAGE_SIZE),
    offset: String(page * SSH_KEYS_PAGE_SIZE),
  };
  if (project !== null) query.project = `eq.${project}`;
  return api.get<Counted<SshKeyRow>>('MySSHKeys', query, { signal, count: true });
}

export function sshKeysQueryOptions(page: number, project: number | null) {
  return queryOptions({
    queryKey: queryKeys.sshKeys.page(project ?? 'all', page),
    queryFn: ({ signal }) => getSshKeys(page, project, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSshKeys(page: number, project: number | null) {
  return useQuery(sshKeysQueryOptions(page, project));
}
