/**
 * The DNS simulator's records (migration 0031): the SQL of simulator-dns.ts. PTR records per
 * address, TXT records per name in order; system data reached through the owner pool.
 */
import type pg from 'pg';
import { inTransaction } from '../../db/transaction.js';

/** Makes `hostname` the PTR record of `address`. */
export async function upsertPtr(db: pg.Pool, address: string, hostname: string): Promise<void> {
  await db.query(
    `INSERT INTO sim_dns_ptr (address, hostname) VALUES ($1, $2)
     ON CONFLICT (address) DO UPDATE SET hostname = EXCLUDED.hostname, updated_at = now()`,
    [address, hostname],
  );
}

/** The PTR record of `address`, or null. */
export async function findPtr(db: pg.Pool, address: string): Promise<string | null> {
  const r = await db.query<{ hostname: string }>(`SELECT hostname FROM sim_dns_ptr WHERE address = $1`, [address]);
  return r.rows[0]?.hostname ?? null;
}

/** The TXT records of `name` in order. */
export async function listTxt(db: pg.Pool, name: string): Promise<string[]> {
  const r = await db.query<{ value: string }>(`SELECT value FROM sim_dns_txt WHERE name = $1 ORDER BY pos`, [name]);
  return r.rows.map((x) => x.value);
}

/** Makes the TXT records of `name` exactly `values` (none for []), in one transaction. */
export async function replaceTxt(db: pg.Pool, name: string, values: string[]): Promise<void> {
  await inTransaction(db, async (c) => {
    await c.query(`DELETE FROM sim_dns_txt WHERE name = $1`, [name]);
    await c.query(
      `INSERT INTO sim_dns_txt (name, pos, value) SELECT $1, v.n - 1, v.value FROM unnest($2::text[]) WITH ORDINALITY AS v(value, n)`,
      [name, values],
    );
  });
}
