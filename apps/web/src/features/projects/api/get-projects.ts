/**
 * GET /api/MyProjects: the account's projects, default first, a page at a time with the total
 * (Prefer: count=exact).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { api, type Counted } from '../../../shared/api/client';

/** Every projects query starts with this key; mutations invalidate it. */
export const projectsKey = ['projects'] as const;
/** Projects per page of the list. */
export const PROJECTS_PAGE_SIZE = 20;

/** One page (0-based) of projects with the total count. */
export function getProjects(page: number, signal?: AbortSignal): Promise<Counted<ProjectRow>> {
  const query = {
    order: 'is_default.desc,name.asc',
    limit: String(PROJECTS_PAGE_SIZE),
    offset: String(page * PROJECTS_PAGE_SIZE),
  };
  return api.get<Counted<ProjectRow>>('MyProjects', query, { signal, count: true });
}

export function projectsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...projectsKey, 'page', page],
    queryFn: ({ signal }) => getProjects(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProjects(page: number) {
  return useQuery(projectsQueryOptions(page));
}
