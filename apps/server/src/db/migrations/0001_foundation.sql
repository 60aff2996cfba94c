-- Up Migration

-- The application's own role: no superuser, no BYPASSRLS. Row-level security applies to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portside_app') THEN
    CREATE ROLE portside_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;

-- Request context, set per transaction by the server (set_config(..., true)).
CREATE FUNCTION portside_client() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('portside.client_id', true), '')::uuid $$;
CREATE FUNCTION portside_user() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('portside.user_id', true), '')::uuid $$;
CREATE FUNCTION portside_system() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT coalesce(current_setting('portside.system', true), '') = 'on' $$;

CREATE TABLE vouchers (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{5,15}$'),
  notes text,
  valid_to date,
  discount_percent int NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  company_name text,
  address text NOT NULL,
  address2 text,
  city text NOT NULL,
  country text NOT NULL,
  phone_prefix text NOT NULL,
  phone_number text NOT NULL,
  state text NOT NULL,
  postcode text NOT NULL,
  vat_number text,
  voucher_code text REFERENCES vouchers(code),
  timezone text NOT NULL DEFAULT 'UTC',
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en','pl','de','pt','hi','fi')),
  logout_after_minutes int NOT NULL DEFAULT 60 CHECK (logout_after_minutes BETWEEN 1 AND 1440),
  telegram_id text,
  invoice_ninja_client_link text,
  referrer text,
  prox_sync_success boolean NOT NULL DEFAULT true,
  verification_status text NOT NULL DEFAULT 'none'
    CHECK (verification_status IN ('none','pending','approved','rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  blocked boolean NOT NULL DEFAULT false,
  email_confirmed_at timestamptz,
  roles text[] NOT NULL DEFAULT '{}',
  token_version int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_client_idx ON users (client_id);
CREATE UNIQUE INDEX users_one_owner ON users (client_id) WHERE is_owner;

CREATE TABLE user_claims (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  claim text NOT NULL,
  PRIMARY KEY (user_id, claim)
);
CREATE INDEX user_claims_client_idx ON user_claims (client_id);

CREATE TABLE projects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX projects_name_key ON projects (client_id, lower(name));
CREATE UNIQUE INDEX projects_one_default ON projects (client_id) WHERE is_default;

CREATE TABLE email_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm','reset')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  tries int NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_codes_user_idx ON email_codes (user_id, purpose, created_at DESC);

CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), created_at DESC);

CREATE TABLE rate_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_key_idx ON rate_events (key, at);

CREATE TABLE hosting_locations (
  id text PRIMARY KEY,
  name text NOT NULL,
  country text NOT NULL,
  country_code text NOT NULL,
  electricity_warning boolean NOT NULL DEFAULT false,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE core_types (
  code text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE vm_models (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^S[0-9]+R[0-9]+$'),
  core_type text NOT NULL REFERENCES core_types(code),
  cores int NOT NULL CHECK (cores > 0),
  ram_gb int NOT NULL CHECK (ram_gb > 0),
  disk_gb int NOT NULL CHECK (disk_gb > 0),
  monthly_price_cents int NOT NULL CHECK (monthly_price_cents >= 0),
  UNIQUE (code, core_type)
);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
  user_id uuid,
  actor_email text,
  action text NOT NULL,
  target text,
  result text NOT NULL CHECK (result IN ('ok','error')),
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_client_idx ON audit_log (client_id, created_at DESC);

-- Tenant isolation: rows of an account are visible only inside that account's request context,
-- or inside an explicit system context (auth, public flows).
ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON clients USING (id = portside_client() OR portside_system());
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON users USING (client_id = portside_client() OR portside_system());
ALTER TABLE user_claims ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON user_claims USING (client_id = portside_client() OR portside_system());
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON projects USING (client_id = portside_client() OR portside_system());
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON audit_log USING (client_id = portside_client() OR portside_system());
ALTER TABLE email_codes ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON email_codes USING (portside_system());
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON mail_outbox USING (portside_system());
ALTER TABLE rate_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON rate_events USING (portside_system());

GRANT USAGE ON SCHEMA public TO portside_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portside_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portside_app;
-- The audit log is append-only for the application.
REVOKE UPDATE, DELETE ON audit_log FROM portside_app;
-- Reference data is read-only for the application.
REVOKE INSERT, UPDATE, DELETE ON hosting_locations, core_types, vm_models, vouchers FROM portside_app;
REVOKE ALL ON pgmigrations FROM portside_app;

-- Down Migration
DROP TABLE audit_log, vm_models, core_types, hosting_locations, rate_events, mail_outbox, email_codes,
  projects, user_claims, users, clients, vouchers;
DROP FUNCTION portside_client(), portside_user(), portside_system();
