/**
 * POST /svc/reseller/agreement/generate/<signed path> → AgreementState: the agreement PDF made
 * from the account's details (the owner's call; a signed copy of an earlier one no longer counts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgreementState } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { agreementUrl } from '../lib/agreement-url';

export async function generateAgreement(): Promise<AgreementState> {
  return api.svc<AgreementState>('POST', await agreementUrl('generate'));
}

export function useGenerateAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateAgreement,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.reseller.me() }),
  });
}
