/** GET /api/MyTrialEligibility: whether the account may still take its one free trial. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export function getTrialEligibility(signal?: AbortSignal): Promise<boolean> {
  return api
    .get<Array<{ eligible: boolean }>>('MyTrialEligibility', undefined, { signal })
    .then((rows) => rows[0]?.eligible === true);
}

export function trialEligibilityQueryOptions() {
  return queryOptions({ queryKey: queryKeys.order.trialEligibility(), queryFn: ({ signal }) => getTrialEligibility(signal) });
}

export function useTrialEligibility() {
  return useQuery(trialEligibilityQueryOptions());
}
