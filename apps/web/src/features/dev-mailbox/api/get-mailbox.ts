/**
 * GET /api/dev/mailbox: the mails the embedded server "sent" (development only; 404 in
 * production), newest first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMail } from '@portside/contract/schemas/dev-mail';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Fetches the mailbox, newest first whatever order the server used. */
export async function getMailbox(signal?: AbortSignal): Promise<DevMail[]> {
  const rows = await api.get<DevMail[]>('dev/mailbox', undefined, { signal });
  return [...(Array.isArray(rows) ? rows : [])].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export function mailboxQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.devMailbox(),
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
