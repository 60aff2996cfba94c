/** GET /api/MyProjects?project=eq.<id>: one project of the account, or null when it has none with this id. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { api } from '../../../shared/api/client';
import { projectsKey } from './get-projects';

export async function getProject(id: number, signal?: AbortSignal): Promise<ProjectRow | null> {
  const rows = await api.get<ProjectRow[]>('MyProjects', { project: `eq.${id}` }, { signal });
  return rows[0] ?? null;
}

export function projectQueryOptions(id: number) {
  return queryOptions({ queryKey: [...projectsKey, 'one', id], queryFn: ({ signal }) => getProject(id, signal) });
}

/** One project; nothing is fetched for an id that cannot exist (0 or less). */
export function useProject(id: number) {
  return useQuery({ ...projectQueryOptions(id), enabled: id > 0 });
}
