/**
 * POST /api/rpc/ResolveAbuseReport {p_report, p_status, p_note?} (staff) → the decided row. The
 * reporter is e-mailed the decision with the note; ABUSE_REPORT_CLOSED (409) when another staff
 * member decided it first, so the list is read again whatever the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AbuseReportRow, resolveAbuseReportSchema } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** The body of the call, as the contract's schema reads it. */
export type ResolveAbuseReportBody = z.input<typeof resolveAbuseReportSchema>;

export function resolveAbuseReport(body: ResolveAbuseReportBody): Promise<AbuseReportRow> {
  return api.rpc<AbuseReportRow>('ResolveAbuseReport', body);
}

export function useResolveAbuseReport() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['abuse-reports', 'resolve'],
    mutationFn: resolveAbuseReport,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.abuseReports.all }),
  });
}
