/** The SQL of a view read: the rows of the built query and, when asked for, their total. */
import type { Tx } from '../db/database.js';
import type { BuiltQuery } from '../http/postgrest.js';

/** Runs a view's query (and its count when `withCount`) in the transaction of the caller's scope. */
export async function readView(
  tx: Tx,
  q: Pick<BuiltQuery, 'sql' | 'countSql' | 'params'>,
  withCount: boolean,
): Promise<{ rows: Record<string, unknown>[]; total: number | null }> {
  const r = await tx.query<Record<string, unknown>>(q.sql, q.params);
  const total = withCount ? (await tx.query<{ n: number }>(q.countSql, q.params)).rows[0]!.n : null;
  return { rows: r.rows, total };
}
