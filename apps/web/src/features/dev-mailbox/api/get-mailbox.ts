/**
 * GET /api/dev/mailbox: the mails the embedded server "sent" (development only; 404 in
 * production), newest first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** One mail of the developer outbox. */
export interface DevMail {
  id: string | number;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  created_at: string;
}

export const mailboxQueryKey = ['dev', 'mailbox'] as const;

/** Fetches the mailbox, newest first whatever order the server used. */
export async function getMailbox(signal?: AbortSignal): Promise<DevMail[]> {
  const rows = await api.get<DevMail[]>('dev/mailbox', undefined, { signal });
  return [...(Array.isArray(rows) ? rows : [])].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export function mailboxQueryOptions() {
  return queryOptions({
    queryKey: mailboxQueryKey,
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
