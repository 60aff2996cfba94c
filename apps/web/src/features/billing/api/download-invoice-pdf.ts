/**
 * GET /api/InvoicePdf/:id (the caller's own invoice) with the session's token, saved as
 * '<number>.pdf' through a short-lived blob URL.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { downloadBlob } from '../../../shared/ui/download-text';

export async function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  downloadBlob(`${invoice.number}.pdf`, await api.file(`InvoicePdf/${invoice.id}`));
}

export function useDownloadInvoicePdf() {
  return useMutation({ mutationKey: ['billing', 'InvoicePdf'], mutationFn: downloadInvoicePdf });
}
