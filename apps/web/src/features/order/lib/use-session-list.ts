/**
 * A list kept in the session state (products, productsVms, hostingLocationGlobal): shown at once
 * from the session (a reload keeps it), refreshed from the server through {@link loadIntoSession}.
 * It reads like a query result for the shared QueryState: pending until there is a list, and the
 * failure (with refetch) only while there is none to show.
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
    queryFn: async ({ signal }) => {
      // loadIntoSession keeps the spec's errorMessage; the failure itself still fails the query,
      // so the section shows it with Try again (and the query client retries a 5xx once).
      let failure: unknown = null;
      const list = await loadIntoSession(
        key,
        () =>
          fetch(signal).catch((e: unknown) => {
            failure = e;
            throw e;
          }),
        write,
      );
      if (list === null) throw failure;
      return list;
    },
    staleTime: 5 * 60_000,
  });
  const data = Array.isArray(stored) ? (stored as T[]) : null;
  return {
    data,
    isPending: !data && query.isPending,
    error: data ? null : query.error,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}
