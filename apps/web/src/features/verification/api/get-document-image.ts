/**
 * GET /api/VerificationDocumentImage/:id (staff: any account's document) and
 * GET /api/MyVerificationDocumentImage/:id (the owner's own), as a data: URL for an <img>.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { toDataUrl } from '../lib/image-file';
import { queryKeys } from '../../../shared/api/query-keys';

/** Whose image: any account's (staff) or the caller's own. */
export type DocumentImageScope = 'staff' | 'own';

const ROUTE: Record<DocumentImageScope, string> = {
  staff: 'VerificationDocumentImage',
  own: 'MyVerificationDocumentImage',
};

export async function getDocumentImage(scope: DocumentImageScope, id: number, signal?: AbortSignal): Promise<string> {
  return toDataUrl(await api.file(`${ROUTE[scope]}/${id}`, { signal }));
}

export function documentImageQueryOptions(scope: DocumentImageScope, id: number) {
  return queryOptions({
    queryKey: queryKeys.verification.image(scope, id),
    queryFn: ({ signal }) => getDocumentImage(scope, id, signal),
    // A stored image never changes; an ID document is not kept in memory for long once off screen.
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export function useDocumentImage(scope: DocumentImageScope, id: number) {
  return useQuery(documentImageQueryOptions(scope, id));
}
