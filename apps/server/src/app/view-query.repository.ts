/** The SQL of a view read: the rows of the built query and, when asked for, their total. */
import type { Tx } from '../db/database.js';
import type { BuiltQuery } from '../http/postgrest.js';
import { statementName } from '../db/statement-names.js';

/** Runs a view's query (and its count when `withCount`) in the transaction of the caller's scope, as named statements. */
export async function readView(
  tx: Tx,
  q: Pick<BuiltQuery, 'sql' | 'countSql' | 'params'>,
  withCount: boolean,
): Promise<{ rows: Record<string, unknown>[]; total: number | null }> {
  const r = await tx.query<Record<string, unknown>>({ name: statementName(q.sql), text: q.sql, values: q.params });
  const total = withCount
    ? (await tx.query<{ n: number }>({ name: statementName(q.countSql), text: q.countSql, values: q.params })).rows[0]!.n
    : null;
  return { rows: r.rows, total };
}
