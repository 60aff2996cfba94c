/**
 * GET /api/FinanceInvoicesCsv/:month with the session's token, saved as 'invoices-<month>.csv'
 * (the accountant's export of one month).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { downloadBlob } from '../../../shared/ui/download-text';

export async function downloadInvoicesCsv(month: string): Promise<void> {
  downloadBlob(`invoices-${month}.csv`, await api.file(`FinanceInvoicesCsv/${month}`));
}

export function useDownloadInvoicesCsv() {
  return useMutation({ mutationKey: ['finance', 'csv'], mutationFn: downloadInvoicesCsv });
}
