/**
 * GET /api/AbuseReports (staff): the notices received through the public abuse form, newest first,
 * a page at a time; the default filter shows only the open ones, which wait for a decision.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AbuseReportRow } from '@portside/contract/schemas/support';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { abuseReportsQuery, type AbuseFilter } from '../lib/queue-rules';

/** One page of the reports and how many the filter holds. */
export function getAbuseReports(filter: AbuseFilter, page: number, signal?: AbortSignal): Promise<Counted<AbuseReportRow>> {
  return api.get<Counted<AbuseReportRow>>('AbuseReports', abuseReportsQuery(filter, page), { signal, count: true });
}

export function abuseReportsQueryOptions(filter: AbuseFilter, page: number, enabled = true) {
  return queryOptions({
    queryKey: queryKeys.abuseReports.page(filter, page),
    queryFn: ({ signal }) => getAbuseReports(filter, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The reports of one page; `enabled` false for non-staff, whom the call would log out. */
export function useAbuseReports(filter: AbuseFilter, page: number, enabled = true) {
  return useQuery(abuseReportsQueryOptions(filter, page, enabled));
}
