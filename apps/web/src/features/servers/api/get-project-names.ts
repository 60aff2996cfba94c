/**
 * GET /api/MyProjects?select=project,name,is_default: the account's projects, to move a server
 * into one. Keyed under 'projects' so project changes elsewhere refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const projectsKey = ['projects'] as const;

export interface ProjectChoice {
  project: number;
  name: string;
  is_default: boolean;
}

export function getProjectChoices(signal?: AbortSignal): Promise<ProjectChoice[]> {
  return api.get<ProjectChoice[]>(
    'MyProjects',
    { select: 'project,name,is_default', order: 'is_default.desc,name.asc' },
    { signal },
  );
}

export function projectChoicesQueryOptions() {
  return queryOptions({ queryKey: [...projectsKey, 'servers-choices'], queryFn: ({ signal }) => getProjectChoices(signal) });
}

export function useProjectChoices() {
  return useQuery(projectChoicesQueryOptions());
}
