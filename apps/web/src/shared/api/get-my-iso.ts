/**
 * GET /api/MyIso: the account's ISO images, newest first. Shared because two features show them —
 * the Custom ISO page (features/iso) and a server's Image tab (features/servers), which offers the
 * ready ones — and features never import each other. While one is still arriving the list is read
 * again every 2 s, so its progress moves even when no live message comes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsoRow } from '@portside/contract/schemas/vm-data';
import { api } from './client';
import { queryKeys } from './query-keys';

/** How often the list is read again while an image downloads. */
export const ISO_BUSY_REFETCH_MS = 2_000;

export function getMyIso(signal?: AbortSignal): Promise<IsoRow[]> {
  return api.get<IsoRow[]>('MyIso', { order: 'created_at.desc' }, { signal });
}

/** 2 s while an image is still downloading, otherwise no refetch. */
export function isoRefetchInterval(rows: readonly Pick<IsoRow, 'status'>[] | undefined): number | false {
  return rows?.some((r) => r.status === 'downloading') ? ISO_BUSY_REFETCH_MS : false;
}

export function myIsoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.iso.list(),
    queryFn: ({ signal }) => getMyIso(signal),
    refetchInterval: (q) => isoRefetchInterval(q.state.data),
  });
}

/** The account's ISO images; not asked for while `enabled` is false (no claim). */
export function useMyIso(enabled = true) {
  return useQuery({ ...myIsoQueryOptions(), enabled });
}
