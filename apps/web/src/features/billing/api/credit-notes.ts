/**
 * The account's credit notes (issue 18): GET /api/MyCreditNotes a page at a time, and one credit
 * note's PDF (CreditNotePdf/:id, the account's own), saved as '<number>.pdf'.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { MyCreditNote } from '@portside/contract/schemas/finance';
import { DEPOSITS_PAGE_SIZE } from '@portside/contract/schemas/billing';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { downloadBlob } from '../../../shared/ui/download-text';

/** Credit notes per page: as many as deposits, the other short list of the page. */
export const CREDIT_NOTES_PAGE_SIZE = DEPOSITS_PAGE_SIZE;

export function useMyCreditNotes(page: number) {
  return useQuery({
    queryKey: queryKeys.billing.creditNotes(page),
    queryFn: ({ signal }) =>
      api.get<Counted<MyCreditNote>>(
        'MyCreditNotes',
        { limit: String(CREDIT_NOTES_PAGE_SIZE), offset: String((page - 1) * CREDIT_NOTES_PAGE_SIZE) },
        { signal, count: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDownloadCreditNotePdf() {
  return useMutation({
    mutationKey: ['billing', 'CreditNotePdf'],
    mutationFn: async (note: { id: number; number: string }) =>
      downloadBlob(`${note.number}.pdf`, await api.file(`CreditNotePdf/${note.id}`)),
  });
}
