-- Up Migration

-- The staff's customer screens (issue 18): ServerUpdateClient moves a dedicated server's service
-- (and its addresses' services) to another account.
GRANT UPDATE (client_id) ON services TO portside_app;

-- Internal clients (spec 1 §6): an account whose owner's e-mail address contains the provider's
-- own client marker (PROVIDER_CLIENT_MARKER, written here by every server process at start) is the
-- provider's own, and only such accounts see and order the private system images.
ALTER TABLE vm_images ADD COLUMN private boolean NOT NULL DEFAULT false;
CREATE TABLE provider_settings (
  key text PRIMARY KEY CHECK (key IN ('client_marker')),
  value text NOT NULL CHECK (char_length(value) <= 200)
);
GRANT SELECT, INSERT, UPDATE, DELETE ON provider_settings TO portside_app;

CREATE FUNCTION portside_internal_client(p_client uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM provider_settings s JOIN users u ON u.client_id = p_client AND u.is_owner
     WHERE s.key = 'client_marker' AND s.value <> '' AND strpos(lower(u.email), lower(s.value)) > 0)
$$;
REVOKE ALL ON FUNCTION portside_internal_client(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_internal_client(uuid) TO portside_app;

-- Down Migration
DROP FUNCTION portside_internal_client(uuid);
DROP TABLE provider_settings;
ALTER TABLE vm_images DROP COLUMN private;
REVOKE UPDATE (client_id) ON services FROM portside_app;
