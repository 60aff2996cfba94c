/**
 * GET /api/Helptexts?label=eq.{label} (public): the help text staff wrote for a page, or none (an
 * empty answer: the page shows its built-in default, or no help panel). The answer is kept as the
 * session's helpText (spec 2 §7), and a kept answer for the same label shows at once on a reload.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelptextRow } from '@portside/contract/schemas/support';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { getSession, setSession } from '../../../shared/session/store';

/** Help texts change rarely (staff edit them): read again after five minutes. */
const HELPTEXT_STALE_MS = 5 * 60_000;

export async function getHelptext(label: string, signal?: AbortSignal): Promise<HelptextRow[]> {
  const rows = await api.get<HelptextRow[]>('Helptexts', { label: `eq.${label}` }, { signal });
  setSession('helpText', rows);
  return rows;
}

/** The kept answer when it is this label's (an empty answer names no label, so it is not reused). */
function keptAnswer(label: string): HelptextRow[] | undefined {
  const kept = getSession('helpText');
  return kept && kept.length > 0 && kept.every((r) => r.label === label) ? kept : undefined;
}

export function helptextQueryOptions(label: string) {
  return queryOptions({
    queryKey: queryKeys.support.helptext(label),
    queryFn: ({ signal }) => getHelptext(label, signal),
    staleTime: HELPTEXT_STALE_MS,
    initialData: () => keptAnswer(label),
    // The kept answer shows at once and is read again right away.
    initialDataUpdatedAt: 0,
  });
}

/** The page's help text (its HTML is sanitised on the server; show it through SafeHtml), or null for none. */
export function useHelptext(label: string) {
  return useQuery({ ...helptextQueryOptions(label), select: (rows) => rows.find((r) => r.html.trim() !== '') ?? null });
}
