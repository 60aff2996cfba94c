/** One transaction on a connection of its own: committed when `fn` answers, rolled back when it throws. */
import type pg from 'pg';

export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

/**
 * Runs `fn` inside the caller's transaction `tx` with the system flag on (row-level security shows
 * every account), then puts the flag back as it was — for the one search that must see every
 * account's rows to stay unique (a free address), inside a tenant's transaction that keeps its lock.
 * When `fn` throws, the transaction is aborted anyway and its settings go with it.
 */
export async function asSystem<T>(tx: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  const before = await tx.query<{ s: string }>(`SELECT coalesce(current_setting('portside.system', true), '') AS s`);
  await tx.query(`SELECT set_config('portside.system', 'on', true)`);
  const out = await fn();
  await tx.query(`SELECT set_config('portside.system', $1, true)`, [before.rows[0]!.s]);
  return out;
}
