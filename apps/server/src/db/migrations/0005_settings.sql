-- Up Migration

-- Telegram connection requests (spec 1 §4 Telegram modal): the id the customer gave and whether
-- the support team still has to connect it. A deleted account whose billing data must stay keeps
-- its clients row as a tombstone marked by deleted_at.
ALTER TABLE clients
  ADD COLUMN telegram_pending boolean NOT NULL DEFAULT false,
  ADD COLUMN telegram_requested_at timestamptz,
  ADD COLUMN deleted_at timestamptz;

-- The audit log must outlive the rows it mentions: deleting an account keeps the entry of the
-- deletion itself with the account's id (visible only in the system context afterwards).
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_client_id_fkey;

-- Registration data of deleted accounts, kept offline for 6 months (spec 1 §1): no route reads
-- it and the application may only add rows. purge_account_archive() removes what has expired.
CREATE TABLE account_archive (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL,
  registration jsonb NOT NULL,
  billing_kept boolean NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  purge_after timestamptz NOT NULL
);
CREATE INDEX account_archive_purge_idx ON account_archive (purge_after);
ALTER TABLE account_archive ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON account_archive USING (portside_system());
GRANT INSERT ON account_archive TO portside_app;
GRANT USAGE, SELECT ON SEQUENCE account_archive_id_seq TO portside_app;

-- Whether billing records (invoices) exist for an account: then its billing data is kept when the
-- account is deleted. There are no invoices yet; the billing issue replaces this function.
CREATE FUNCTION billing_records_exist(p_client uuid) RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT false $$;

-- Tables whose rows are billing records and stay with the tombstone; the billing issue adds its own.
CREATE FUNCTION billing_tables() RETURNS text[] LANGUAGE sql IMMUTABLE AS
  $$ SELECT '{}'::text[] $$;

-- The application cannot delete audit entries; this removes the log of an account that has no
-- users left (a deleted account) apart from entries of the deletion itself.
CREATE FUNCTION purge_deleted_account_log(p_client uuid) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE n integer;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE client_id = p_client) THEN
    RAISE EXCEPTION 'account % still has users', p_client USING ERRCODE = 'P0001';
  END IF;
  DELETE FROM audit_log WHERE client_id = p_client AND action <> 'AccountDelete';
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
REVOKE ALL ON FUNCTION purge_deleted_account_log(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION purge_deleted_account_log(uuid) TO portside_app;

-- Removes archived registration data older than its retention (run on every deletion and by the worker).
CREATE FUNCTION purge_account_archive() RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE n integer;
BEGIN
  DELETE FROM account_archive WHERE purge_after < now();
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
REVOKE ALL ON FUNCTION purge_account_archive() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION purge_account_archive() TO portside_app;

-- Down Migration
DROP FUNCTION purge_account_archive();
DROP FUNCTION purge_deleted_account_log(uuid);
DROP FUNCTION billing_tables();
DROP FUNCTION billing_records_exist(uuid);
DROP TABLE account_archive;
UPDATE audit_log SET client_id = NULL WHERE client_id IS NOT NULL AND client_id NOT IN (SELECT id FROM clients);
ALTER TABLE audit_log ADD CONSTRAINT audit_log_client_id_fkey FOREIGN KEY (client_id) REFERENCES clients(id) ON DELETE SET NULL;
ALTER TABLE clients DROP COLUMN deleted_at, DROP COLUMN telegram_requested_at, DROP COLUMN telegram_pending;
