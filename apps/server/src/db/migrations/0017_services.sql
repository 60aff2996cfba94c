-- Up Migration

-- My services (issue 5): what a customer may add by hand (AddClientService), and the rules that
-- keep the services' history and the month-end job exact.

-- Today as a calendar day in UTC, whatever the session's timezone: services start, end and end
-- their trials on UTC days.
CREATE FUNCTION utc_today() RETURNS date LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'UTC')::date $$;

-- The catalogue of services a customer adds by hand: add-ons of a server (needs_parent) or of the
-- account. Prices in euro cents per month; contract_months sets the minimum cancel date.
CREATE TABLE service_products (
  code text PRIMARY KEY CHECK (code ~ '^[a-z0-9][a-z0-9-]{1,40}$'),
  category text NOT NULL CHECK (category IN ('ip-address','addon','other')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  monthly_cents int NOT NULL CHECK (monthly_cents >= 0),
  contract_months int NOT NULL DEFAULT 1 CHECK (contract_months BETWEEN 1 AND 60),
  needs_parent boolean NOT NULL DEFAULT false,
  sort int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
GRANT SELECT ON service_products TO portside_app;

-- Which product of the catalogue a hand-added service is (the web names it in the user's language).
ALTER TABLE services ADD COLUMN product_code text REFERENCES service_products(code);

-- The month-end job's events happen once per service: a re-run finds them recorded.
CREATE UNIQUE INDEX services_history_once ON services_history (equipment_id, change_type)
  WHERE change_type IN ('ended','trial-removed','trial-kept');
CREATE INDEX services_history_equipment_idx ON services_history (equipment_id, history_id DESC);
-- The job looks for services whose end date or trial has passed.
CREATE INDEX services_end_idx ON services (end_date) WHERE end_date IS NOT NULL;
CREATE INDEX services_trial_idx ON services (trial_until) WHERE trial_until IS NOT NULL;
CREATE INDEX services_parent_idx ON services (parent_equipment_id) WHERE parent_equipment_id IS NOT NULL;

-- Down Migration
DROP INDEX services_parent_idx;
DROP INDEX services_trial_idx;
DROP INDEX services_end_idx;
DROP INDEX services_history_equipment_idx;
DROP INDEX services_history_once;
ALTER TABLE services DROP COLUMN product_code;
DROP TABLE service_products;
DROP FUNCTION utc_today();
