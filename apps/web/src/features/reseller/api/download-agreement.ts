/** GET /svc/reseller/agreement/download/<signed path>: the agreement PDF made last, saved as reseller-agreement.pdf. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { agreementUrl } from '../lib/agreement-url';
import { saveBlob } from '../lib/save-blob';

export async function downloadAgreement(): Promise<void> {
  saveBlob(await api.svcFile(await agreementUrl('download')), 'reseller-agreement.pdf');
}

export function useDownloadAgreement() {
  return useMutation({ mutationKey: ['reseller', 'agreement-download'], mutationFn: downloadAgreement });
}
