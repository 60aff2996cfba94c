/** GET /api/MyFiles?category=eq.client&for_client=eq.{id}: the reseller's files about one client, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileRow } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getClientFiles(client: string, signal?: AbortSignal): Promise<FileRow[]> {
  return api.get<FileRow[]>(
    'MyFiles',
    { category: 'eq.client', for_client: `eq.${client}`, order: 'created_at.desc,file.desc' },
    { signal },
  );
}

export function clientFilesQueryOptions(client: string) {
  return queryOptions({ queryKey: queryKeys.reseller.files(client), queryFn: ({ signal }) => getClientFiles(client, signal) });
}

export function useClientFiles(client: string | null) {
  return useQuery({ ...clientFilesQueryOptions(client ?? ''), enabled: !!client });
}
