-- Up Migration

-- Cloud price lists with dated prices (issue 18): /products-models (ProductsModels) and /addons-vm
-- (VmAddons). Every price of a cloud server is now read through price_on() (0040) for a day, so a
-- change staff schedule applies from its day on and never before. The item keys of this list:
--   vm_model:<model id>:<location id>  a model's monthly price at a location, in whole cents;
--                                      base vm_prices.monthly_price_cents
--   vm_addon:storage                   cents per GB a month of disk beyond the model's; base
--                                      vm_price_settings.storage_cents_per_gb
--   vm_addon:snapshots                 cents per GB a month of snapshots; base snapshot_cents_per_gb
--   vm_addon:ipv4                      cents a month per external IPv4 address; base external_ipv4_cents
--   vm_addon:backups                   a PERCENT (not cents) of the model's full monthly price;
--                                      base backup_percent
-- The add-ons are whole cents (the cost breakdown is integer cents) and the percent a whole number.

-- A model staff retire is no longer offered to new orders or upgrades; servers that have it keep it.
ALTER TABLE vm_models ADD COLUMN active boolean NOT NULL DEFAULT true;
-- Staff create models and set their prices per location (ProductsModels); the prices and every
-- other column stay as they were made: a new price is a dated change, never an update.
GRANT INSERT ON vm_models TO portside_app;
GRANT UPDATE (active) ON vm_models TO portside_app;
GRANT INSERT ON vm_prices TO portside_app;

-- A model's monthly list price at a location on day p_day (p_base: its vm_prices column). Inlined
-- into the query that calls it; every reader of a model's price goes through it.
CREATE FUNCTION vm_list_price_on(p_day date, p_model_id int, p_location_id text, p_base int) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT round(price_on('vm_model:' || p_model_id || ':' || p_location_id, p_day, p_base))::int
$$;
GRANT EXECUTE ON FUNCTION vm_list_price_on(date, int, text, int) TO portside_app;

-- A VM's monthly cost on day p_day: vm_cost_breakdown_of (0023) with every price as it is that day.
-- A table function, so callers in FROM get it inlined (0023's reason). Each price is price_on()'s
-- own lookup written out: a function with a sub-select is never inlined, and five calls
-- of it per server cost 170 ms for 500 servers; written out, the add-ons' lookups run once per
-- query (they name no column of the row) and the model's is an index scan per row.
CREATE FUNCTION vm_cost_breakdown_on(p_day date, p_model_id int, p_location_id text, p_disk_gb int, p_backups boolean, p_snapshots_gb int, p_external_ipv4 int, p_discount_percent int)
RETURNS TABLE (cost_breakdown jsonb) LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'model', m.code,
    'list_price', x.list,
    'discount_percent', x.discount,
    'base_cost', x.base,
    'additional_disk_gb', x.extra_gb,
    'additional_disk_cost_per_gb', p.storage,
    'additional_disk_cost_total', x.extra_gb * p.storage,
    'backup_cost', x.backup,
    'snapshots_gb', p_snapshots_gb,
    'snapshots_cost', p_snapshots_gb * p.snapshot,
    'external_ip_cost', p_external_ipv4 * p.ipv4,
    'total_cost', x.base + x.extra_gb * p.storage + x.backup + p_snapshots_gb * p.snapshot + p_external_ipv4 * p.ipv4)
  FROM vm_models m
  JOIN vm_prices vp ON vp.model_id = m.id AND vp.location_id = p_location_id
  CROSS JOIN vm_price_settings s
  CROSS JOIN LATERAL (SELECT
      round(coalesce((SELECT c.cents FROM price_changes c WHERE c.item = 'vm_model:' || m.id || ':' || vp.location_id AND c.effective_from <= p_day
                 ORDER BY c.effective_from DESC LIMIT 1), vp.monthly_price_cents))::int AS list,
      round(coalesce((SELECT c.cents FROM price_changes c WHERE c.item = 'vm_addon:storage' AND c.effective_from <= p_day
                 ORDER BY c.effective_from DESC LIMIT 1), s.storage_cents_per_gb))::int AS storage,
      round(coalesce((SELECT c.cents FROM price_changes c WHERE c.item = 'vm_addon:snapshots' AND c.effective_from <= p_day
                 ORDER BY c.effective_from DESC LIMIT 1), s.snapshot_cents_per_gb))::int AS snapshot,
      round(coalesce((SELECT c.cents FROM price_changes c WHERE c.item = 'vm_addon:ipv4' AND c.effective_from <= p_day
                 ORDER BY c.effective_from DESC LIMIT 1), s.external_ipv4_cents))::int AS ipv4,
      coalesce((SELECT c.cents FROM price_changes c WHERE c.item = 'vm_addon:backups' AND c.effective_from <= p_day
                 ORDER BY c.effective_from DESC LIMIT 1), s.backup_percent) AS backup_percent,
      least(greatest(coalesce(p_discount_percent, 0), 0), 100) AS discount) p
  CROSS JOIN LATERAL (SELECT
      p.list,
      p.discount,
      round(p.list * (100 - p.discount) / 100.0)::int AS base,
      greatest(p_disk_gb - m.disk_gb, 0) AS extra_gb,
      CASE WHEN p_backups THEN round(p.list * p.backup_percent / 100.0)::int ELSE 0 END AS backup) x
  WHERE m.id = p_model_id
$$;
GRANT EXECUTE ON FUNCTION vm_cost_breakdown_on(date, int, text, int, boolean, int, int, int) TO portside_app;

-- The readers of the price now keep their call: today's (UTC) cost.
CREATE OR REPLACE FUNCTION vm_cost_breakdown_of(p_model_id int, p_location_id text, p_disk_gb int, p_backups boolean, p_snapshots_gb int, p_external_ipv4 int, p_discount_percent int)
RETURNS TABLE (cost_breakdown jsonb) LANGUAGE sql STABLE AS $$
  SELECT cost_breakdown FROM vm_cost_breakdown_on(utc_today(), p_model_id, p_location_id, p_disk_gb, p_backups, p_snapshots_gb, p_external_ipv4, p_discount_percent)
$$;

-- The items a cloud server's monthly cost is made of at a location (what price_change_days splits on).
CREATE FUNCTION vm_price_items(p_model_id int, p_location_id text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['vm_model:' || p_model_id || ':' || p_location_id, 'vm_addon:storage', 'vm_addon:snapshots', 'vm_addon:ipv4', 'vm_addon:backups']
$$;
GRANT EXECUTE ON FUNCTION vm_price_items(int, text) TO portside_app;

-- The next change of a price still to come after p_day: its cents and day (none: no row).
CREATE FUNCTION price_next(p_item text, p_day date) RETURNS TABLE (cents numeric, effective_from date) LANGUAGE sql STABLE AS $$
  SELECT c.cents, c.effective_from FROM price_changes c WHERE c.item = p_item AND c.effective_from > p_day
   ORDER BY c.effective_from LIMIT 1
$$;
GRANT EXECUTE ON FUNCTION price_next(text, date) TO portside_app;

-- Down Migration
DROP FUNCTION price_next(text, date);
DROP FUNCTION vm_price_items(int, text);
CREATE OR REPLACE FUNCTION vm_cost_breakdown_of(p_model_id int, p_location_id text, p_disk_gb int, p_backups boolean, p_snapshots_gb int, p_external_ipv4 int, p_discount_percent int)
RETURNS TABLE (cost_breakdown jsonb) LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'model', m.code,
    'list_price', x.list,
    'discount_percent', x.discount,
    'base_cost', x.base,
    'additional_disk_gb', x.extra_gb,
    'additional_disk_cost_per_gb', s.storage_cents_per_gb,
    'additional_disk_cost_total', x.extra_gb * s.storage_cents_per_gb,
    'backup_cost', x.backup,
    'snapshots_gb', p_snapshots_gb,
    'snapshots_cost', p_snapshots_gb * s.snapshot_cents_per_gb,
    'external_ip_cost', p_external_ipv4 * s.external_ipv4_cents,
    'total_cost', x.base + x.extra_gb * s.storage_cents_per_gb + x.backup + p_snapshots_gb * s.snapshot_cents_per_gb + p_external_ipv4 * s.external_ipv4_cents)
  FROM vm_models m
  JOIN vm_prices vp ON vp.model_id = m.id AND vp.location_id = p_location_id
  CROSS JOIN vm_price_settings s
  CROSS JOIN LATERAL (SELECT vp.monthly_price_cents AS list, least(greatest(coalesce(p_discount_percent, 0), 0), 100) AS discount) d
  CROSS JOIN LATERAL (SELECT
      d.list,
      d.discount,
      round(d.list * (100 - d.discount) / 100.0)::int AS base,
      greatest(p_disk_gb - m.disk_gb, 0) AS extra_gb,
      CASE WHEN p_backups THEN round(d.list * s.backup_percent / 100.0)::int ELSE 0 END AS backup) x
  WHERE m.id = p_model_id
$$;
DROP FUNCTION vm_cost_breakdown_on(date, int, text, int, boolean, int, int, int);
DROP FUNCTION vm_list_price_on(date, int, text, int);
REVOKE INSERT ON vm_prices FROM portside_app;
REVOKE UPDATE (active) ON vm_models FROM portside_app;
REVOKE INSERT ON vm_models FROM portside_app;
ALTER TABLE vm_models DROP COLUMN active;
