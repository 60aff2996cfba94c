/**
 * POST /api/rpc/ReportAbuse (public) → {reference}: a notice of abuse or illegal content; a receipt
 * with the reference is mailed to the reporter. RATE_LIMITED (429) after a few per hour.
 */
import { useMutation } from '@tanstack/react-query';
import type { ReportAbuseBody } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';

export function reportAbuse(body: ReportAbuseBody): Promise<{ reference: string }> {
  return api.rpc<{ reference: string }>('ReportAbuse', body);
}

export function useReportAbuse() {
  return useMutation({ mutationKey: ['support', 'ReportAbuse'], mutationFn: reportAbuse });
}
