/**
 * GET /api/InvoicePdf/:id (the caller's own invoice) with the session's token, saved as
 * '<number>.pdf' through a short-lived blob URL.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export async function downloadInvoicePdf(invoice: { id: number; number: string }): Promise<void> {
  const blob = await api.file(`InvoicePdf/${invoice.id}`);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `${invoice.number}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser time to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }
}

export function useDownloadInvoicePdf() {
  return useMutation({ mutationKey: ['billing', 'InvoicePdf'], mutationFn: downloadInvoicePdf });
}
