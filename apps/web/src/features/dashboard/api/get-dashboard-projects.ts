/**
 * GET /api/MyProjects for the dashboard's 'My projects' card: the first projects (default first)
 * and the total. Keyed under 'projects' so project and key changes elsewhere refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { api, type Counted } from '../../../shared/api/client';

/** Projects the card lists; 'Show all' leads to the rest. */
export const DASHBOARD_PROJECTS = 5;

export type DashboardProject = Pick<ProjectRow, 'project' | 'name' | 'is_default' | 'vm_count' | 'ssh_key_count'>;

export function getDashboardProjects(signal?: AbortSignal): Promise<Counted<DashboardProject>> {
  return api.get<Counted<DashboardProject>>(
    'MyProjects',
    {
      select: 'project,name,is_default,vm_count,ssh_key_count',
      order: 'is_default.desc,name.asc',
      limit: String(DASHBOARD_PROJECTS),
    },
    { signal, count: true },
  );
}

export function dashboardProjectsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'dashboard'], queryFn: ({ signal }) => getDashboardProjects(signal) });
}

/** `enabled`: only for users holding menu-see-cloud-servers. */
export function useDashboardProjects(enabled = true) {
  return useQuery({ ...dashboardProjectsQueryOptions(), enabled });
}
