/**
 * GET /api/TicketAttachment/{file}: an attachment image of the ticket's account (or, for staff, of
 * any). It needs the bearer token, so it is fetched through the client and shown as a data: URL.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { toDataUrl } from '../lib/ticket-image';

export async function getAttachmentImage(file: number, signal?: AbortSignal): Promise<string> {
  return toDataUrl(await api.file(`TicketAttachment/${file}`, { signal }));
}

export function attachmentImageQueryOptions(file: number) {
  return queryOptions({
    queryKey: queryKeys.ticketAttachment(file),
    queryFn: ({ signal }) => getAttachmentImage(file, signal),
    // A stored attachment never changes.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

export function useAttachmentImage(file: number) {
  return useQuery(attachmentImageQueryOptions(file));
}
