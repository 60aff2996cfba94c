/**
 * A list kept in the session state (products, productsVms, hostingLocationGlobal): shown at once
 * from the session (a reload keeps it), refreshed from the server through {@link loadIntoSession}.
 */
import { useQuery } from '@tanstack/react-query';
import { setSession, useSession } from '../../../shared/session/store';
import { loadIntoSession, type SessionWriter } from './session-lists';
import { queryKeys } from '../../../shared/api/query-keys';

type ListKey = 'products' | 'productsVms' | 'hostingLocationGlobal';

const write: SessionWriter = (key, value) => setSession(key, value);

export function useSessionList<T>(key: ListKey, fetch: (signal: AbortSignal) => Promise<T[]>) {
  const stored = useSession<ListKey>(key);
  const query = useQuery({
    queryKey: queryKeys.order.sessionList(key),
    queryFn: ({ signal }) => loadIntoSession(key, () => fetch(signal), write),
    staleTime: 5 * 60_000,
  });
  const data = Array.isArray(stored) ? (stored as T[]) : null;
  return { data, isLoading: !data && query.isPending, failed: !data && query.data === null };
}
