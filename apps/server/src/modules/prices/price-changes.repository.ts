/**
 * The SQL of dated price changes (migration 0040): setting a price from a day on, withdrawing one
 * still to come, and their history. What a price is on a day is SQL price_on(), which every price
 * list's reads call.
 */
import type { Tx } from '../../db/database.js';

/** Today's calendar day by the database's clock (UTC), the day the price rules compare with. */
export async function databaseToday(tx: Tx): Promise<string> {
  const r = await tx.query<{ today: string }>(`SELECT (now() AT TIME ZONE 'UTC')::date::text AS today`);
  return r.rows[0]!.today;
}

export interface PriceChangeDraft {
  item: string;
  /** The new price in cents (two decimals at most). */
  cents: number;
  effectiveFrom: string;
  userId: string;
}

/**
 * Sets `item`'s price from `effectiveFrom` on. A second change for the same item and day replaces
 * the first while that day is still to come; 'started' when one for that day applies already
 * (history is never rewritten). Answers the change's id.
 */
export async function setPriceChange(tx: Tx, d: PriceChangeDraft): Promise<{ id: number } | 'started'> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO price_changes (item, cents, effective_from, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (item, effective_from) DO UPDATE SET cents = EXCLUDED.cents, created_at = now(), created_by = EXCLUDED.created_by
       WHERE price_changes.effective_from > (now() AT TIME ZONE 'UTC')::date
     RETURNING id::int AS id`,
    [d.item, d.cents, d.effectiveFrom, d.userId],
  );
  return r.rows[0] ?? 'started';
}

/** Withdraws a change that has not started: its item, 'started' when it applies already, null when there is none. */
export async function deletePriceChange(tx: Tx, id: number): Promise<{ item: string } | 'started' | null> {
  const r = await tx.query<{ item: string; started: boolean }>(
    `WITH c AS (SELECT id, item, effective_from <= (now() AT TIME ZONE 'UTC')::date AS started FROM price_changes WHERE id = $1 FOR UPDATE),
          d AS (DELETE FROM price_changes p USING c WHERE p.id = c.id AND NOT c.started RETURNING p.id)
     SELECT c.item, c.started FROM c`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  return row.started ? 'started' : { item: row.item };
}

/** PriceChanges (staff): every change, with whether it applies already and who set it. */
export const PRICE_CHANGES_SQL = `SELECT c.id::int AS id, c.item, c.cents::text AS cents, c.effective_from,
    c.effective_from <= (now() AT TIME ZONE 'UTC')::date AS started, u.email AS created_by, c.created_at
  FROM price_changes c LEFT JOIN users u ON u.id = c.created_by`;
