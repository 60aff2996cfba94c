/**
 * GET /api/MyProjects?select=project,name: every project name of the account, so a name form can
 * check uniqueness while the user types (the server checks again).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { projectsKey } from './get-projects';

export interface ProjectName {
  project: number;
  name: string;
}

export function getProjectNames(signal?: AbortSignal): Promise<ProjectName[]> {
  return api.get<ProjectName[]>('MyProjects', { select: 'project,name', order: 'name.asc' }, { signal });
}

export function projectNamesQueryOptions() {
  return queryOptions({ queryKey: [...projectsKey, 'names'], queryFn: ({ signal }) => getProjectNames(signal) });
}

export function useProjectNames() {
  return useQuery(projectNamesQueryOptions());
}
