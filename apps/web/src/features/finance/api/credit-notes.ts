/**
 * Credit notes for finance (issue 18): GET /api/FinanceCreditNotes (a page, searched), POST
 * /api/rpc/FinanceCreditNoteCreate, and a credit note's PDF (FinanceCreditNotePdf/:id).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditNoteCreateInput, FinanceCreditNote } from '@portside/contract/schemas/finance';
import { api, type Counted } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { downloadBlob } from '../../../shared/ui/download-text';
import { creditNotesQuery } from '../lib/finance-query';

export function useFinanceCreditNotes(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.finance.creditNotes(search, page),
    queryFn: ({ signal }) =>
      api.get<Counted<FinanceCreditNote>>('FinanceCreditNotes', creditNotesQuery(search, page), { signal, count: true }),
    placeholderData: keepPreviousData,
  });
}

export interface CreatedCreditNote {
  id: number;
  number: string;
  total_cents: number;
}

/** Issues a credit note; finance's lists (the invoice's credited amount, revenue) are read again. */
export function useCreateCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['finance', 'credit-note'],
    mutationFn: (input: CreditNoteCreateInput) => api.rpc<CreatedCreditNote>('FinanceCreditNoteCreate', input),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.finance.all }),
  });
}

export async function downloadFinanceCreditNote(note: { id: number; number: string }): Promise<void> {
  downloadBlob(`${note.number}.pdf`, await api.file(`FinanceCreditNotePdf/${note.id}`));
}

export function useDownloadFinanceCreditNote() {
  return useMutation({ mutationKey: ['finance', 'credit-note-pdf'], mutationFn: downloadFinanceCreditNote });
}
