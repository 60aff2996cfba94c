/**
 * GET /api/Problems (claim menu-see-problems): one page of the problems of every account, of one
 * kind or all, newest first, with how many there are.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProblemKind, ProblemRow } from '@portside/contract/schemas/staff';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { problemsQuery } from '../lib/problem-links';
import { STAFF_PAGE_SIZE } from '../lib/staff-queries';

export function getProblems(kind: ProblemKind | 'all', page: number, signal?: AbortSignal): Promise<Counted<ProblemRow>> {
  return api.get<Counted<ProblemRow>>('Problems', problemsQuery(kind, page, STAFF_PAGE_SIZE), { signal, count: true });
}

export function problemsQueryOptions(kind: ProblemKind | 'all', page: number) {
  return queryOptions({
    queryKey: queryKeys.staff.problems(kind, page),
    queryFn: ({ signal }) => getProblems(kind, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useProblems(kind: ProblemKind | 'all', page: number) {
  return useQuery(problemsQueryOptions(kind, page));
}
