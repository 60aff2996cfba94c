/**
 * The dedicated-server price lists and their reference lists for staff (issue 18, migration 0042).
 * Every price is dated: `cents` is the price today (price_on over the list's own column, which is
 * the price before any change) and `next_*` the first change still to come. Rows: the contract's
 * schemas/dedicated-prices.
 */
import {
  serverCpuFamilyRow,
  serverDiskSetRow,
  serverDiskTypeRow,
  serverModelRow,
  serversDisksPricelistRow,
  serversPricelistRow,
} from '@portside/contract/schemas/dedicated-prices';
import { role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const staff = role('staff');

/** The first change of `item` still to come (columns next_cents, next_from), for a LEFT JOIN LATERAL. */
const nextChange = (item: string) => `LEFT JOIN LATERAL (
    SELECT c.cents, c.effective_from FROM price_changes c WHERE c.item = ${item} AND c.effective_from > utc_today()
     ORDER BY c.effective_from LIMIT 1) n ON true`;

/** ServersPricelist: each offer at its location, its price now and next, and the servers rented from it. */
export const SERVERS_PRICELIST_SQL = `SELECT o.id, o.product, o.name, o.cpu_family_id, o.cpu, o.cores, o.model_id,
    CASE WHEN m.id IS NULL THEN NULL ELSE m.vendor || ' ' || m.name END AS model, o.ram_gb, o.disk_set_id, o.disks,
    o.location_id AS location, l.name AS location_name, o.monthly_price_cents AS base_cents,
    round(price_on('server_offer:' || o.id, utc_today(), o.monthly_price_cents), 2) AS cents,
    n.cents AS next_cents, n.effective_from AS next_from, o.active, o.sort,
    (SELECT count(*)::int FROM server_installs i WHERE i.offer_id = o.id) AS rented,
    lower(concat_ws(' ', o.product, o.name, o.cpu, m.vendor, m.name, o.disks)) AS search
  FROM server_offers o JOIN hosting_locations l ON l.id = o.location_id LEFT JOIN server_models m ON m.id = o.model_id
  ${nextChange(`'server_offer:' || o.id`)}`;

/** ServersDisksPricelist: RAM per GB and each disk type per TB, now and next. */
export const SERVERS_DISKS_PRICELIST_SQL = `SELECT p.kind, CASE p.kind WHEN 'ram' THEN 'ram:gb' ELSE 'disk_type:' || p.kind END AS item,
    CASE p.kind WHEN 'ram' THEN 'gb' ELSE 'tb' END AS unit, t.interface, p.cents_per_unit AS base_cents,
    round(price_on(CASE p.kind WHEN 'ram' THEN 'ram:gb' ELSE 'disk_type:' || p.kind END, utc_today(), p.cents_per_unit), 2) AS cents,
    n.cents AS next_cents, n.effective_from AS next_from,
    CASE p.kind WHEN 'ram' THEN (SELECT count(*)::int FROM dedicated_ram_modules)
      ELSE (SELECT count(*)::int FROM dedicated_disks d WHERE d.media_type = p.kind) END AS parts,
    CASE p.kind WHEN 'ram' THEN 0 ELSE coalesce(t.sort, 99) END AS sort
  FROM dedicated_part_prices p LEFT JOIN server_disk_types t ON t.kind = p.kind
  ${nextChange(`CASE p.kind WHEN 'ram' THEN 'ram:gb' ELSE 'disk_type:' || p.kind END`)}`;

export const dedicatedPricesViews: ViewDef[] = [
  defineView({
    name: 'ServersPricelist',
    access: staff,
    system: true,
    row: serversPricelistRow,
    source: SERVERS_PRICELIST_SQL,
    order: 'sort.asc,product.asc,location.asc',
  }),
  defineView({
    name: 'ServersDisksPricelist',
    access: staff,
    system: true,
    row: serversDisksPricelistRow,
    source: SERVERS_DISKS_PRICELIST_SQL,
    order: 'sort.asc,kind.asc',
  }),
  defineView({
    name: 'ServersCPUFamilies',
    access: staff,
    system: true,
    row: serverCpuFamilyRow,
    source: `SELECT f.id, f.name, f.vendor, f.cores, f.threads, f.generation,
        (SELECT count(*)::int FROM server_offers o WHERE o.cpu_family_id = f.id) AS offers
      FROM server_cpu_families f`,
    order: 'vendor.asc,name.asc',
  }),
  defineView({
    name: 'ServersModels',
    access: staff,
    system: true,
    row: serverModelRow,
    source: `SELECT m.id, m.vendor, m.name, m.form_factor, m.drive_bays, m.max_ram_gb,
        (SELECT count(*)::int FROM server_offers o WHERE o.model_id = m.id) AS offers,
        (SELECT count(*)::int FROM dedicated_servers s WHERE s.model = m.name) AS servers
      FROM server_models m`,
    order: 'vendor.asc,name.asc',
  }),
  defineView({
    name: 'ServersDiskTypes',
    access: staff,
    system: true,
    row: serverDiskTypeRow,
    source: `SELECT t.kind, t.interface, t.sort, (SELECT count(*)::int FROM dedicated_disks d WHERE d.media_type = t.kind) AS disks
      FROM server_disk_types t`,
    order: 'sort.asc,kind.asc',
  }),
  defineView({
    name: 'ServerDiskSets',
    access: staff,
    system: true,
    row: serverDiskSetRow,
    source: `SELECT s.id, s.name,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('count', p.count, 'size_gb', p.size_gb, 'kind', p.kind) ORDER BY p.position), '[]')
           FROM server_disk_set_parts p WHERE p.set_id = s.id) AS parts,
        (SELECT coalesce(sum(p.count * p.size_gb), 0)::int FROM server_disk_set_parts p WHERE p.set_id = s.id) AS total_gb,
        (SELECT count(*)::int FROM server_offers o WHERE o.disk_set_id = s.id) AS offers
      FROM server_disk_sets s`,
    order: 'total_gb.asc,name.asc',
  }),
];
