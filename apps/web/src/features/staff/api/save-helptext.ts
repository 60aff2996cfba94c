/**
 * PATCH /api/Helptexts?label=eq.{label} {html} (staff) → the saved row (sanitised on the server),
 * or [] when the HTML was empty (the text is removed and the page's default shows again). A new
 * label is created the same way. The customers' reads of help texts are refreshed with the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelptextRow } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

export interface SaveHelptextInput {
  label: string;
  html: string;
}

export function saveHelptext({ label, html }: SaveHelptextInput): Promise<HelptextRow[]> {
  return api.patch<HelptextRow[]>('Helptexts', { label: `eq.${label}` }, { html });
}

export function useSaveHelptext() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['staff', 'save-helptext'],
    mutationFn: saveHelptext,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.staff.all }),
        client.invalidateQueries({ queryKey: queryKeys.support.all }),
      ]),
  });
}
