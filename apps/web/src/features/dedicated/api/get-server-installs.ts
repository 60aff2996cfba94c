/**
 * GET /api/MyServerInstalls: the servers being installed for the account (newest order first),
 * and one of them by serial for its installed page (null when it is not the account's).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerInstall } from '@portside/contract/schemas/dedicated';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** More than this many installs at once is not expected; the list shows them all. */
const INSTALLS_LIMIT = 100;

export function getServerInstalls(signal?: AbortSignal): Promise<ServerInstall[]> {
  return api.get<ServerInstall[]>('MyServerInstalls', { order: 'ordered_at.desc', limit: String(INSTALLS_LIMIT) }, { signal });
}

export async function getServerInstall(serial: string, signal?: AbortSignal): Promise<ServerInstall | null> {
  const rows = await api.get<ServerInstall[]>('MyServerInstalls', { serial: `eq.${serial}` }, { signal });
  return rows[0] ?? null;
}

export function serverInstallsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.dedicated.installs(), queryFn: ({ signal }) => getServerInstalls(signal) });
}

export function serverInstallQueryOptions(serial: string) {
  return queryOptions({
    queryKey: queryKeys.dedicated.install(serial),
    queryFn: ({ signal }) => getServerInstall(serial, signal),
  });
}

export function useServerInstalls() {
  return useQuery(serverInstallsQueryOptions());
}

export function useServerInstall(serial: string, enabled = true) {
  return useQuery({ ...serverInstallQueryOptions(serial), enabled });
}
