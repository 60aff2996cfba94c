-- Up Migration

-- The request path at its floor (issue 11).
--
-- A VM's cost breakdown as a table function: a SQL function returning a table is inlined into
-- the query that calls it in FROM (a scalar one with a FROM clause is not, and ran as a query of
-- its own per row: 500 servers cost 70 ms in MyVMs2). vm_cost_breakdown stays the one place the
-- cost is computed, now through this function; lists call it as
-- `LEFT JOIN LATERAL vm_cost_breakdown_of(...) cb ON true`.
CREATE FUNCTION vm_cost_breakdown_of(p_model_id int, p_location_id text, p_disk_gb int, p_backups boolean, p_snapshots_gb int, p_external_ipv4 int, p_discount_percent int)
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

CREATE OR REPLACE FUNCTION vm_cost_breakdown(p_model_id int, p_location_id text, p_disk_gb int, p_backups boolean, p_snapshots_gb int, p_external_ipv4 int, p_discount_percent int)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT cost_breakdown FROM vm_cost_breakdown_of(p_model_id, p_location_id, p_disk_gb, p_backups, p_snapshots_gb, p_external_ipv4, p_discount_percent)
$$;

-- A token's user as a request's check needs it, in one autocommit statement (one round trip,
-- instead of a system transaction's four): the user, their claims, whether the token's session is
-- still open; the session is marked as seen when it was last marked more than p_touch_seconds ago.
-- It runs as the tables' owner (row-level security does not apply) because no account context
-- exists yet; it reads only the one user the verified token names.
CREATE FUNCTION portside_principal(p_user uuid, p_session uuid, p_touch_seconds int)
RETURNS TABLE (id uuid, client_id uuid, email text, is_owner boolean, blocked boolean, roles text[],
               token_version int, claims text[], session_open boolean)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH touched AS (
    UPDATE sessions SET last_seen_at = now()
     WHERE sessions.id = p_session AND sessions.user_id = p_user AND sessions.ended_at IS NULL
       AND sessions.last_seen_at < now() - make_interval(secs => p_touch_seconds)
    RETURNING sessions.id)
  SELECT u.id, u.client_id, u.email, u.is_owner, u.blocked, u.roles, u.token_version,
         coalesce(array_agg(c.claim) FILTER (WHERE c.claim IS NOT NULL), '{}'),
         EXISTS (SELECT 1 FROM sessions s WHERE s.id = p_session AND s.user_id = u.id AND s.ended_at IS NULL)
    FROM users u LEFT JOIN user_claims c ON c.user_id = u.id
   WHERE u.id = p_user GROUP BY u.id
$$;
REVOKE ALL ON FUNCTION portside_principal(uuid, uuid, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_principal(uuid, uuid, int) TO portside_app;

-- Down Migration

DROP FUNCTION portside_principal(uuid, uuid, int);
CREATE OR REPLACE FUNCTION vm_cost_breakdown(p_model_id int, p_location_id text, p_disk_gb int, p_backups boolean, p_snapshots_gb int, p_external_ipv4 int, p_discount_percent int)
RETURNS jsonb LANGUAGE sql STABLE AS $$
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
DROP FUNCTION vm_cost_breakdown_of(int, text, int, boolean, int, int, int);
