/**
 * What a section shows for the queries it depends on (the logic of {@link QueryState}): the
 * skeleton until every query has answered, the first failure, the empty state only for a real
 * answer with nothing in it, else the content.
 */

/** The part of a TanStack query result the section reads. */
export interface QueryLike {
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export type QueryStatus = { kind: 'pending' } | { kind: 'error'; error: unknown } | { kind: 'empty' } | { kind: 'ready' };

/** The state to show for `queries`; `empty` is asked only once all of them have answered. */
export function queryStatus(queries: readonly QueryLike[], empty: () => boolean): QueryStatus {
  // A failure is shown at once, even while another query is still on its way.
  const failed = queries.find((q) => q.error != null);
  if (failed) return { kind: 'error', error: failed.error };
  if (queries.some((q) => q.isPending)) return { kind: 'pending' };
  return empty() ? { kind: 'empty' } : { kind: 'ready' };
}

/** Asks every failed query again (the Retry button). */
export function retryFailed(queries: readonly QueryLike[]): Promise<unknown> {
  return Promise.all(queries.filter((q) => q.error != null).map((q) => q.refetch()));
}
