/**
 * GET /api/MyProjects: the one reader of the account's projects. It is shared because five
 * features show or choose projects (the projects pages, servers, SSH keys, the builder, the
 * dashboard) and features never import each other; each asks for the columns it needs, under
 * queryKeys.projects, so a change made anywhere refreshes all of them.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectRow } from '@portside/contract/schemas/projects';
import { api, type Counted, type ViewQuery } from './client';
import { queryKeys } from './query-keys';

/** Default first, then by name: the order every projects list shows. */
const DEFAULT_FIRST = 'is_default.desc,name.asc';
/** Projects per page of the list. */
export const PROJECTS_PAGE_SIZE = 20;
/** Projects the dashboard's card lists; 'Show all' leads to the rest. */
export const DASHBOARD_PROJECTS = 5;

/** A project as the forms offer it (and check new names against). */
export type ProjectChoice = Pick<ProjectRow, 'project' | 'name' | 'is_default'>;
/** A project as the dashboard's card shows it. */
export type ProjectSummary = Pick<ProjectRow, 'project' | 'name' | 'is_default' | 'vm_count' | 'ssh_key_count'>;

/** Reads MyProjects; `count` asks for the total too (Prefer: count=exact). */
export function getMyProjects<T extends Partial<ProjectRow>>(query: ViewQuery, signal?: AbortSignal): Promise<T[]>;
export function getMyProjects<T extends Partial<ProjectRow>>(
  query: ViewQuery,
  signal: AbortSignal | undefined,
  count: true,
): Promise<Counted<T>>;
export function getMyProjects<T extends Partial<ProjectRow>>(query: ViewQuery, signal?: AbortSignal, count?: true) {
  return count
    ? api.get<Counted<T>>('MyProjects', query, { signal, count: true })
    : api.get<T[]>('MyProjects', query, { signal });
}

/** Every project's id, name and default flag, default first. */
export function projectChoicesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects.choices(),
    queryFn: ({ signal }) => getMyProjects<ProjectChoice>({ select: 'project,name,is_default', order: DEFAULT_FIRST }, signal),
  });
}

/** `enabled`: only for users holding menu-see-cloud-servers (projects are theirs, docs/access.md). */
export function useProjectChoices(enabled = true) {
  return useQuery({ ...projectChoicesQueryOptions(), enabled });
}

/** One page (0-based) of projects with the total count. */
export function projectsPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.projects.page(page),
    queryFn: ({ signal }) =>
      getMyProjects<ProjectRow>(
        { order: DEFAULT_FIRST, limit: String(PROJECTS_PAGE_SIZE), offset: String(page * PROJECTS_PAGE_SIZE) },
        signal,
        true,
      ),
    placeholderData: keepPreviousData,
  });
}

/** One page (0-based) of the projects list, the previous page kept while the next loads. */
export function useProjectsPage(page: number) {
  return useQuery(projectsPageQueryOptions(page));
}

/** One project of the account, or null when it has none with this id. */
export function projectQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.projects.one(id),
    queryFn: async ({ signal }) => (await getMyProjects<ProjectRow>({ project: `eq.${id}` }, signal))[0] ?? null,
  });
}

/** One project; nothing is fetched for an id that cannot exist (0 or less). */
export function useProject(id: number) {
  return useQuery({ ...projectQueryOptions(id), enabled: id > 0 });
}

/** The first projects (default first) with their counts, and the total: the dashboard's card. */
export function projectSummariesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.projects.dashboard(),
    queryFn: ({ signal }) =>
      getMyProjects<ProjectSummary>(
        { select: 'project,name,is_default,vm_count,ssh_key_count', order: DEFAULT_FIRST, limit: String(DASHBOARD_PROJECTS) },
        signal,
        true,
      ),
  });
}

/** `enabled`: only for users holding menu-see-cloud-servers. */
export function useProjectSummaries(enabled = true) {
  return useQuery({ ...projectSummariesQueryOptions(), enabled });
}
