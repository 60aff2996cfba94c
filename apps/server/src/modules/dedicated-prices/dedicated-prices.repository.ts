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

/** A new offer to insert: its reference rows by id; the text the public offers print is derived from them. */
export interface OfferDraft {
  product: string;
  name: string;
  location: string;
  cpuFamily: number;
  cores: number | null;
  model: number | null;
  diskSet: number;
  ramGb: number;
  cents: number;
  sort: number;
}

/**
 * Inserts the offer, its processor's name and cores (unless `cores` is given), its disk set's name
 * and total size: the field that names no row when one does not exist ('p_location' ...), 'exists'
 * when the product is offered at the location already, else the new offer's id.
 */
export async function insertOffer(tx: Tx, d: OfferDraft): Promise<{ id: number } | 'exists' | { missing: string }> {
  const refs = await tx.query<{ location: boolean; family: boolean; cores: number | null; model: boolean; disk_set: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM hosting_locations WHERE id = $1) AS location,
            EXISTS (SELECT 1 FROM server_cpu_families WHERE id = $2) AS family,
            (SELECT cores FROM server_cpu_families WHERE id = $2) AS cores,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM server_models WHERE id = $3)) AS model,
            EXISTS (SELECT 1 FROM server_disk_sets WHERE id = $4) AS disk_set`,
    [d.location, d.cpuFamily, d.model, d.diskSet],
  );
  const r = refs.rows[0]!;
  if (!r.location) return { missing: 'p_location' };
  if (!r.family) return { missing: 'p_cpu_family' };
  if (d.cores === null && r.cores === null) return { missing: 'p_cores' };
  if (!r.model) return { missing: 'p_model' };
  if (!r.disk_set) return { missing: 'p_disk_set' };
  const made = await tx.query<{ id: number }>(
    `INSERT INTO server_offers (product, name, cpu, cores, ram_gb, disks, storage_gb, location_id, monthly_price_cents, sort,
                                cpu_family_id, model_id, disk_set_id)
     SELECT $1, $2, f.name, coalesce($5::int, f.cores), $8, s.name,
            (SELECT sum(p.count * p.size_gb)::int FROM server_disk_set_parts p WHERE p.set_id = s.id), $3, $9, $10, f.id, $6, s.id
       FROM server_cpu_families f, server_disk_sets s WHERE f.id = $4 AND s.id = $7
     ON CONFLICT (product, location_id) DO NOTHING
     RETURNING id`,
    [d.product, d.name, d.location, d.cpuFamily, d.cores, d.model, d.diskSet, d.ramGb, d.cents, d.sort],
  );
  return made.rows[0] ?? 'exists';
}
