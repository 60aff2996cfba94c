/**
 * GET /api/MyProjects?select=project,name,is_default: the projects keys can go to, default first.
 * Keyed under 'projects' so that project changes (made in the projects area) refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ProjectOption {
  project: number;
  name: string;
  is_default: boolean;
}

export function getProjectOptions(signal?: AbortSignal): Promise<ProjectOption[]> {
  return api.get<ProjectOption[]>(
    'MyProjects',
    { select: 'project,name,is_default', order: 'is_default.desc,name.asc' },
    { signal },
  );
}

export function projectOptionsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'options'], queryFn: ({ signal }) => getProjectOptions(signal) });
}

export function useProjectOptions() {
  return useQuery(projectOptionsQueryOptions());
}
