/**
 * The SQL of the dedicated-server price lists' updates (issue 18, migration 0042). A price itself
 * is never written here: it is a dated change (prices/price-changes.service schedulePrice); these
 * touch an offer's own fields only.
 */
import type { Tx } from '../../db/database.js';

/** An offer, locked for its update: its name (what the log names it by). Null when there is none. */
export async function lockOffer(tx: Tx, id: number): Promise<{ id: number; name: string } | null> {
  const r = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM server_offers WHERE id = $1 FOR UPDATE`, [id]);
  return r.rows[0] ?? null;
}

/** Sets the offer's name, position and whether it is offered; fields left undefined stay as they are. */
export async function updateOffer(
  tx: Tx,
  id: number,
  f: { name?: string | undefined; sort?: number | undefined; active?: boolean | undefined },
): Promise<void> {
  await tx.query(
    `UPDATE server_offers SET name = coalesce($2, name), sort = coalesce($3, sort), active = coalesce($4, active) WHERE id = $1`,
    [id, f.name ?? null, f.sort ?? null, f.active ?? null],
  );
}

/** Whether the part price row exists ('ram' or a disk type's media type). */
export async function partPriceExists(tx: Tx, kind: string): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM dedicated_part_prices WHERE kind = $1`, [kind]);
  return (r.rowCount ?? 0) > 0;
}
