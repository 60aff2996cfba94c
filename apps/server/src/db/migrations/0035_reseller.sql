-- Up Migration
-- The reseller programme (issue 17): an account joins by generating, signing and uploading the
-- reseller agreement, which staff approve (giving it a referrer code); customers who register
-- through its referral link, or whom staff put under contract on its request, become its clients
-- for 24 months, and it earns a commission on their paid invoices.

-- One row per account that has started the programme.
CREATE TABLE resellers (
  client_id uuid PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  -- The last five letters of its referral codes (spec 2 §5); given on approval. DBSSH means none.
  referrer_code text UNIQUE CHECK (referrer_code ~ '^[A-Z]{5}$' AND referrer_code <> 'DBSSH'),
  commission_percent int NOT NULL DEFAULT 10 CHECK (commission_percent BETWEEN 0 AND 100),
  agreement_status text NOT NULL DEFAULT 'none' CHECK (agreement_status IN ('none','generated','submitted','approved')),
  -- The generated agreement PDF and the signed copy, in the storage driver.
  agreement_key text,
  generated_at timestamptz,
  signed_key text,
  signed_mime text CHECK (signed_mime IS NULL OR signed_mime IN ('application/pdf','image/jpeg','image/png')),
  signed_name text CHECK (signed_name IS NULL OR char_length(signed_name) BETWEEN 1 AND 255),
  signed_size int CHECK (signed_size IS NULL OR signed_size > 0),
  submitted_at timestamptz,
  approved_at timestamptz,
  approved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT resellers_generated CHECK (agreement_status = 'none' OR (agreement_key IS NOT NULL AND generated_at IS NOT NULL)),
  CONSTRAINT resellers_submitted CHECK (agreement_status NOT IN ('submitted','approved')
    OR (signed_key IS NOT NULL AND signed_mime IS NOT NULL AND signed_name IS NOT NULL AND submitted_at IS NOT NULL)),
  CONSTRAINT resellers_approved CHECK ((agreement_status = 'approved') = (approved_at IS NOT NULL AND referrer_code IS NOT NULL))
);
ALTER TABLE resellers ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON resellers USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON resellers TO portside_app;
GRANT UPDATE (referrer_code, agreement_status, agreement_key, generated_at, signed_key, signed_mime, signed_name,
              signed_size, submitted_at, approved_at, approved_by, updated_at) ON resellers TO portside_app;

-- A reseller's client: one reseller per client, ever (the one who brought it). Self-referral is
-- impossible by construction and by this check.
CREATE TABLE reseller_contracts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reseller_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  client_id uuid NOT NULL UNIQUE REFERENCES clients(id) ON DELETE CASCADE,
  origin text NOT NULL CHECK (origin IN ('referral','request')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Copied from the reseller when the contract is made: a later change does not touch it.
  commission_percent int NOT NULL CHECK (commission_percent BETWEEN 0 AND 100),
  CONSTRAINT reseller_contracts_not_self CHECK (reseller_id <> client_id),
  CONSTRAINT reseller_contracts_period CHECK (expires_at > created_at)
);
CREATE INDEX reseller_contracts_reseller_idx ON reseller_contracts (reseller_id, created_at DESC);
ALTER TABLE reseller_contracts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON reseller_contracts USING (reseller_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON reseller_contracts TO portside_app;

-- RequestContract: a reseller asks for a contract with a customer who registered without its
-- link; staff approve or reject it.
CREATE TABLE reseller_contract_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reseller_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  target_client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
  contract_id bigint REFERENCES reseller_contracts(id) ON DELETE SET NULL,
  CONSTRAINT reseller_contract_requests_not_self CHECK (reseller_id <> target_client_id),
  CONSTRAINT reseller_contract_requests_decided CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- Asking again for the same customer answers the pending request.
CREATE UNIQUE INDEX reseller_contract_requests_pending_key ON reseller_contract_requests (reseller_id, target_client_id)
  WHERE status = 'pending';
CREATE INDEX reseller_contract_requests_queue_idx ON reseller_contract_requests (status, created_at);
ALTER TABLE reseller_contract_requests ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON reseller_contract_requests USING (reseller_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON reseller_contract_requests TO portside_app;
GRANT UPDATE (status, decided_at, decided_by, contract_id) ON reseller_contract_requests TO portside_app;

-- A reseller's files about one of its clients (FileUpload category 'client'): the client they are
-- for. Rows of earlier versions are left as they are (NOT VALID): the rule holds for new ones.
ALTER TABLE files ADD COLUMN for_client uuid REFERENCES clients(id) ON DELETE CASCADE;
ALTER TABLE files ADD CONSTRAINT files_for_client CHECK ((category = 'client') = (for_client IS NOT NULL)) NOT VALID;
-- 'file already uploaded' now per client too: the same scan may be filed for two clients.
DROP INDEX files_repeat_key;
CREATE UNIQUE INDEX files_repeat_key ON files (client_id, category, coalesce(for_client, '00000000-0000-0000-0000-000000000000'::uuid), sha256);
CREATE INDEX files_for_client_idx ON files (for_client) WHERE for_client IS NOT NULL;

-- The commission of one invoice (rules/commission.ts): base × percent / 100 in cents, half-up.
CREATE FUNCTION reseller_commission_cents(p_base int, p_percent int) RETURNS int
LANGUAGE sql IMMUTABLE AS $$ SELECT ((p_base::bigint * p_percent + 50) / 100)::int $$;
GRANT EXECUTE ON FUNCTION reseller_commission_cents(int, int) TO portside_app;

-- The caller's clients' invoices issued within their contracts' periods, with the commission of
-- each (paid ones only). SECURITY DEFINER: the invoices are the clients' rows, which row-level
-- security hides from the reseller; only the caller's own contracts are read. Deposits are
-- prepayments, not services: they earn nothing and are not listed.
CREATE FUNCTION portside_reseller_invoices()
RETURNS TABLE (client uuid, contract bigint, invoice bigint, number text, issued_on date, due_on date, status text,
               amount_cents int, paid_cents int, commission_base_cents int, commission_percent int, commission_cents int)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT c.client_id, c.id, i.id, i.number, i.issued_on, i.due_on, i.status, i.total_cents, i.paid_cents, i.subtotal_cents,
         c.commission_percent,
         CASE WHEN i.status = 'paid' THEN reseller_commission_cents(i.subtotal_cents, c.commission_percent) ELSE 0 END
    FROM reseller_contracts c JOIN invoices i ON i.client_id = c.client_id
   WHERE c.reseller_id = portside_client() AND portside_client() IS NOT NULL
     AND i.kind <> 'deposit'
     AND i.issued_on >= (c.created_at AT TIME ZONE 'UTC')::date
     AND i.issued_on < (c.expires_at AT TIME ZONE 'UTC')::date
$$;
REVOKE ALL ON FUNCTION portside_reseller_invoices() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_reseller_invoices() TO portside_app;

-- The caller's contracts with the client's name and what each has earned (SECURITY DEFINER for
-- the clients' names, as above; only the caller's own contracts).
CREATE FUNCTION portside_reseller_contracts()
RETURNS TABLE (contract bigint, reseller uuid, client uuid, client_name text, client_company text, origin text,
               created timestamptz, expires timestamptz, commission_percent int, status text, invoices int,
               commission_cents int)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT c.id, c.reseller_id, c.client_id, btrim(k.first_name || ' ' || k.last_name), nullif(btrim(k.company_name), ''),
         c.origin, c.created_at, c.expires_at, c.commission_percent,
         CASE WHEN c.expires_at > now() THEN 'active' ELSE 'expired' END,
         coalesce(s.invoices, 0)::int, coalesce(s.commission, 0)::int
    FROM reseller_contracts c JOIN clients k ON k.id = c.client_id
    LEFT JOIN (SELECT r.contract, count(*) AS invoices, sum(r.commission_cents) AS commission
                 FROM portside_reseller_invoices() r GROUP BY r.contract) s ON s.contract = c.id
   WHERE c.reseller_id = portside_client() AND portside_client() IS NOT NULL
$$;
REVOKE ALL ON FUNCTION portside_reseller_contracts() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_reseller_contracts() TO portside_app;

-- Whom RequestContract may name: the live account of the user with this e-mail address. 'own'
-- for the caller's own account; 'taken' when the account is under contract already or is the
-- provider's own (a user of it holds a role: staff, finance); 'eligible' otherwise; no row when
-- no live account has the address. SECURITY DEFINER: other accounts' users are hidden from the
-- caller; it answers nothing but these verdicts.
CREATE FUNCTION portside_contract_target(p_email text)
RETURNS TABLE (client uuid, verdict text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT k.id,
         CASE WHEN k.id = portside_client() THEN 'own'
              WHEN EXISTS (SELECT 1 FROM reseller_contracts c WHERE c.client_id = k.id)
                OR EXISTS (SELECT 1 FROM users r WHERE r.client_id = k.id AND cardinality(r.roles) > 0) THEN 'taken'
              ELSE 'eligible' END
    FROM users u JOIN clients k ON k.id = u.client_id
   WHERE lower(u.email) = lower(p_email) AND k.deleted_at IS NULL AND portside_client() IS NOT NULL
   LIMIT 1
$$;
REVOKE ALL ON FUNCTION portside_contract_target(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_contract_target(text) TO portside_app;

-- Down Migration
DROP FUNCTION portside_contract_target(text);
DROP FUNCTION portside_reseller_contracts();
DROP FUNCTION portside_reseller_invoices();
DROP FUNCTION reseller_commission_cents(int, int);
DROP INDEX files_for_client_idx;
DROP INDEX files_repeat_key;
ALTER TABLE files DROP CONSTRAINT files_for_client;
ALTER TABLE files DROP COLUMN for_client;
CREATE UNIQUE INDEX files_repeat_key ON files (client_id, category, sha256);
DROP TABLE reseller_contract_requests;
DROP TABLE reseller_contracts;
DROP TABLE resellers;
