/**
 * The SQL behind an order line's checks and price. Every query names the account explicitly
 * (`client_id = $n`), so it gives the same answer inside the caller's tenant transaction and in a
 * system one (a job), and row-level security still limits a tenant transaction to its account.
 */
import type { CostBreakdown } from '@portside/contract/schemas/vms';
import type { Tx } from '../../db/database.js';
import { DEDICATED_PRICE_NOW, VM_OFFERS_SQL } from './offers.views.js';

/** A model with its list price today at one location (null price: not offered there, or the model is retired). */
export interface ModelAtLocation {
  id: number;
  code: string;
  core_type: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  monthly_price_cents: number | null;
}

export async function modelAtLocation(tx: Tx, modelId: number, location: string): Promise<ModelAtLocation | null> {
  const r = await tx.query<ModelAtLocation>(
    `SELECT m.id, m.code, m.core_type, m.cores, m.ram_gb, m.disk_gb,
            CASE WHEN m.active THEN vm_list_price_on(utc_today(), m.id, vp.location_id, vp.monthly_price_cents) END AS monthly_price_cents
       FROM vm_models m LEFT JOIN vm_prices vp ON vp.model_id = m.id AND vp.location_id = $2
      WHERE m.id = $1`,
    [modelId, location],
  );
  return r.rows[0] ?? null;
}

/** Whether `offerId` is the current offer (a VmsOffers row) of the model at the location. */
export async function isVmOffer(tx: Tx, offerId: string, modelId: number, location: string): Promise<boolean> {
  const r = await tx.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM (${VM_OFFERS_SQL}) o WHERE o.offer_id = $1 AND o.model_id = $2 AND o.location = $3) AS ok`,
    [offerId, modelId, location],
  );
  return r.rows[0]!.ok;
}

export interface ImageRecord {
  id: string;
  name: string;
  os_family: 'linux' | 'windows';
  min_disk_gb: number;
}

/** An active system image the account may order (a private one only for an internal account), or null. */
export async function activeImage(tx: Tx, id: string, clientId: string): Promise<ImageRecord | null> {
  const r = await tx.query<ImageRecord>(
    `SELECT id, name, os_family, min_disk_gb FROM vm_images
      WHERE id = $1 AND active AND (NOT private OR portside_internal_client($2))`,
    [id, clientId],
  );
  return r.rows[0] ?? null;
}

/** The account's project `id`, or its default project when `id` is null; null when not the account's. */
export async function projectOf(tx: Tx, clientId: string, id: number | null): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    id === null
      ? `SELECT id FROM projects WHERE client_id = $1 AND is_default`
      : `SELECT id FROM projects WHERE client_id = $1 AND id = $2`,
    id === null ? [clientId] : [clientId, id],
  );
  return r.rows[0]?.id ?? null;
}

/** How many of `ids` are SSH keys of the account. */
export async function ownSshKeyCount(tx: Tx, clientId: string, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ssh_keys WHERE client_id = $1 AND id = ANY($2::bigint[])`,
    [clientId, ids],
  );
  return r.rows[0]!.n;
}

/** One server's monthly cost (vm_cost_breakdown with the account's voucher) and today's share of it. */
export interface LinePrice {
  breakdown: CostBreakdown;
  first_charge_cents: number;
  days_charged: number;
  month_days: number;
}

/** Today (UTC) and the days of its month: `d` (month_days, day). */
const MONTH_LEFT = `d AS (SELECT extract(day FROM (date_trunc('month', today) + interval '1 month - 1 day'))::int AS month_days,
                       extract(day FROM today)::int AS day
                  FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS today) t)`;

/**
 * The cost breakdown of one server and its first charge: from today (UTC) to the end of the
 * month, both days counted, prorated with prorate_cents.
 */
export async function linePrice(
  tx: Tx,
  clientId: string,
  p: { modelId: number; location: string; diskGb: number; backups: boolean },
): Promise<LinePrice> {
  const r = await tx.query<LinePrice>(
    `WITH b AS (SELECT vm_cost_breakdown($2, $3, $4, $5, 0, 0, account_discount_percent($1)) AS breakdown), ${MONTH_LEFT}
     SELECT b.breakdown, d.month_days - d.day + 1 AS days_charged, d.month_days,
            prorate_cents((b.breakdown->>'total_cost')::int, d.month_days - d.day + 1, d.month_days) AS first_charge_cents
       FROM b, d`,
    [clientId, p.modelId, p.location, p.diskGb, p.backups],
  );
  return r.rows[0]!;
}

/** An active dedicated-server offer at the location (ServerOffers) with its price today, or null. */
export async function dedicatedOffer(
  tx: Tx,
  id: number,
  location: string,
): Promise<{ id: number; name: string; monthly_price_cents: number } | null> {
  const r = await tx.query<{ id: number; name: string; monthly_price_cents: number }>(
    `SELECT o.id, o.name, ${DEDICATED_PRICE_NOW} AS monthly_price_cents FROM server_offers o WHERE o.id = $1 AND o.location_id = $2 AND o.active`,
    [id, location],
  );
  return r.rows[0] ?? null;
}

/** A monthly price's first charge: from today (UTC) to the end of the month, both days counted (prorate_cents). */
export async function firstCharge(
  tx: Tx,
  monthlyCents: number,
): Promise<{ first_charge_cents: number; days_charged: number; month_days: number }> {
  const r = await tx.query<{ first_charge_cents: number; days_charged: number; month_days: number }>(
    `WITH ${MONTH_LEFT}
     SELECT d.month_days - d.day + 1 AS days_charged, d.month_days,
            prorate_cents($1::int, d.month_days - d.day + 1, d.month_days) AS first_charge_cents
       FROM d`,
    [monthlyCents],
  );
  return r.rows[0]!;
}

/** The account's VAT (invoice_vat) with the provider in `sellerCountry`. */
export async function accountVat(
  tx: Tx,
  clientId: string,
  sellerCountry: string,
): Promise<{ percent: number; note: string | null }> {
  const r = await tx.query<{ percent: string; note: string | null }>(`SELECT percent, note FROM invoice_vat($1, $2)`, [
    clientId,
    sellerCountry,
  ]);
  const row = r.rows[0];
  return { percent: row ? Number(row.percent) : 0, note: row?.note ?? null };
}
