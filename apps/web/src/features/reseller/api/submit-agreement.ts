/**
 * POST /svc/reseller/agreement/submit/<signed path> (multipart, the file in `file`) → AgreementState:
 * the signed copy (a PDF, JPEG or PNG of at most 5 MB, judged by its bytes on the server).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGREEMENT_UPLOAD_FIELD, type AgreementState } from '@portside/contract/schemas/reseller';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { agreementUrl } from '../lib/agreement-url';

export async function submitAgreement(file: File): Promise<AgreementState> {
  const form = new FormData();
  form.append(AGREEMENT_UPLOAD_FIELD, file, file.name);
  return api.svc<AgreementState>('POST', await agreementUrl('submit'), form);
}

export function useSubmitAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitAgreement,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.reseller.me() }),
  });
}
