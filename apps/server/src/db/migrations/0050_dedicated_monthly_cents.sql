-- Up Migration

-- What a dedicated server's own service bills a month: its base price plus its RAM modules' and
-- disks' (additional addresses are services of their own). One definition for the inventory sync,
-- which keeps the service at it, and for a stock server given to a customer, whose new service
-- starts at it. Runs as the caller: row-level security applies as to the tables themselves.
CREATE FUNCTION dedicated_monthly_cents(p_serial text) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT (d.base_cents
          + (SELECT coalesce(sum(r.monthly_cents), 0) FROM dedicated_ram_modules r WHERE r.server_serial = d.serial)
          + (SELECT coalesce(sum(k.monthly_cents), 0) FROM dedicated_disks k WHERE k.server_serial = d.serial))::int
    FROM dedicated_servers d WHERE d.serial = p_serial
$$;
GRANT EXECUTE ON FUNCTION dedicated_monthly_cents(text) TO portside_app;

-- Down Migration
DROP FUNCTION dedicated_monthly_cents(text);
