/**
 * The SQL of the cloud price lists (migration 0041): the models with their prices per location
 * (ProductsModels) and the add-ons (VmAddons), each price as price_on() answers it today with the
 * next change still to come (price_next), and creating a model or retiring it. A new price is a
 * dated change (prices/price-changes.service schedulePrice), never an update of the list's column.
 */
import type { ProductsModelRow, VmAddonCode, VmAddonRow } from '@portside/contract/schemas/cloud-prices';
import type { Tx } from '../../db/database.js';

/** One price as the lists answer it: today's and the next change (`item`, `base` SQL expressions). */
const priceColumns = (item: string, base: string) => `'item', ${item},
      'cents', round(price_on(${item}, utc_today(), ${base}))::int,
      'next_cents', (SELECT round(n.cents)::int FROM price_next(${item}, utc_today()) n),
      'next_from', (SELECT n.effective_from FROM price_next(${item}, utc_today()) n)`;

/** ProductsModels (staff): every model, its prices per location (by the locations' order) and its servers. */
export const PRODUCTS_MODELS_SQL = `SELECT m.id, m.code, m.core_type, ct.name AS core_type_name, m.cores, m.ram_gb, m.disk_gb, m.active,
    (SELECT count(*)::int FROM vms v WHERE v.model_id = m.id AND v.state <> 'deleted') AS servers,
    coalesce((SELECT jsonb_agg(jsonb_build_object('location', l.id, 'location_name', l.name,
        ${priceColumns(`'vm_model:' || m.id || ':' || l.id`, 'vp.monthly_price_cents')}) ORDER BY l.sort, l.id)
      FROM vm_prices vp JOIN hosting_locations l ON l.id = vp.location_id WHERE vp.model_id = m.id), '[]') AS prices
  FROM vm_models m JOIN core_types ct ON ct.code = m.core_type`;

/** VmAddons (staff): the four add-ons of vm_price_settings, in the list's order. */
export const VM_ADDONS_SQL = `SELECT a.code, a.unit, (a.p ->> 'item') AS item, (a.p ->> 'cents')::int AS cents,
    (a.p ->> 'next_cents')::int AS next_cents, (a.p ->> 'next_from')::date AS next_from
  FROM vm_price_settings s
  CROSS JOIN LATERAL (VALUES
      (1, 'storage', 'cents_per_gb', s.storage_cents_per_gb),
      (2, 'snapshots', 'cents_per_gb', s.snapshot_cents_per_gb),
      (3, 'ipv4', 'cents_per_address', s.external_ipv4_cents),
      (4, 'backups', 'percent', s.backup_percent)) v(sort, code, unit, base)
  CROSS JOIN LATERAL (SELECT v.code, v.unit, v.sort, jsonb_build_object(${priceColumns(`'vm_addon:' || v.code`, 'v.base')}) AS p) a`;

/** A model row as ProductsModels answers it, or null. */
export async function modelRow(tx: Tx, id: number): Promise<ProductsModelRow | null> {
  const r = await tx.query<ProductsModelRow>(`SELECT * FROM (${PRODUCTS_MODELS_SQL}) x WHERE x.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** An add-on row as VmAddons answers it. */
export async function addonRow(tx: Tx, code: VmAddonCode): Promise<VmAddonRow> {
  const r = await tx.query<VmAddonRow>(`SELECT * FROM (${VM_ADDONS_SQL}) x WHERE x.code = $1`, [code]);
  return r.rows[0]!;
}

/** The model, locked for the change, with the locations it has a price at; null when there is none. */
export async function lockModel(tx: Tx, id: number): Promise<{ code: string; active: boolean; locations: string[] } | null> {
  const r = await tx.query<{ code: string; active: boolean; locations: string[] }>(
    `SELECT m.code, m.active, coalesce((SELECT array_agg(vp.location_id) FROM vm_prices vp WHERE vp.model_id = m.id), '{}') AS locations
       FROM vm_models m WHERE m.id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Retires (false) or restores (true) a model. */
export async function setModelActive(tx: Tx, id: number, active: boolean): Promise<void> {
  await tx.query(`UPDATE vm_models SET active = $2 WHERE id = $1`, [id, active]);
}

/** Whether the core type exists, and the ids of every hosting location. */
export async function catalogue(tx: Tx, coreType: string): Promise<{ coreTypeKnown: boolean; locations: string[] }> {
  const r = await tx.query<{ known: boolean; locations: string[] }>(
    `SELECT EXISTS (SELECT 1 FROM core_types WHERE code = $1) AS known,
            coalesce((SELECT array_agg(id ORDER BY id) FROM hosting_locations), '{}') AS locations`,
    [coreType],
  );
  return { coreTypeKnown: r.rows[0]!.known, locations: r.rows[0]!.locations };
}

export interface NewModel {
  code: string;
  coreType: string;
  cores: number;
  ramGb: number;
  diskGb: number;
  prices: ReadonlyArray<{ location: string; cents: number }>;
}

/**
 * Writes the model and its price at each location; null when the code is taken for the core type
 * (UNIQUE (code, core_type): a concurrent create loses here too). The model's own
 * monthly_price_cents (the price before the per-location list) is its lowest location price.
 */
export async function insertModel(tx: Tx, m: NewModel): Promise<{ id: number } | null> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO vm_models (code, core_type, cores, ram_gb, disk_gb, monthly_price_cents)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code, core_type) DO NOTHING RETURNING id`,
    [m.code, m.coreType, m.cores, m.ramGb, m.diskGb, Math.min(...m.prices.map((p) => p.cents))],
  );
  const row = r.rows[0];
  if (!row) return null;
  await tx.query(
    `INSERT INTO vm_prices (model_id, location_id, monthly_price_cents)
     SELECT $1, p.location, p.cents FROM jsonb_to_recordset($2::jsonb) AS p(location text, cents int)`,
    [row.id, JSON.stringify(m.prices)],
  );
  return row;
}
