-- Up Migration

-- Dedicated servers (issue 17). A server's BMC is registered by staff (bmcs, like clusters: the
-- password sealed with the data key; only the owner connection reads it). The portal keeps what
-- it last read from the BMC (power state, what resets it allows, disks, memory, sensors) so that
-- the pages answer at once and still show the last state while a BMC does not answer.
CREATE TABLE bmcs (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'),
  driver text NOT NULL CHECK (driver IN ('simulator','redfish')),
  -- simulator: the simulated BMC's name; redfish: the base URL (https://host[:port]).
  address text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 300),
  system_id text NOT NULL DEFAULT '1' CHECK (system_id ~ '^[A-Za-z0-9._-]{1,64}$'),
  username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 64),
  -- Sealed with the data key. A simulated BMC may have none: it is then reached with the
  -- simulator's factory login (the demo seed registers its BMCs so, as it has no data key).
  password_sealed text,
  use_session boolean NOT NULL DEFAULT false,
  ca_pem text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (driver <> 'redfish' OR address ~ '^https?://'),
  CHECK (driver <> 'redfish' OR password_sealed IS NOT NULL)
);
GRANT SELECT (id, name, driver, system_id, username, use_session, created_at) ON bmcs TO portside_app;
GRANT INSERT (name, driver, address, system_id, username, password_sealed, use_session, ca_pem) ON bmcs TO portside_app;
GRANT USAGE ON SEQUENCE bmcs_id_seq TO portside_app;

-- The provider's WireGuard gateway for IPMI access at a location: customers' tunnel addresses come
-- from tunnel_network, the BMCs are reached at their addresses in bmc_network and nothing else.
CREATE TABLE ipmi_gateways (
  location_id text PRIMARY KEY REFERENCES hosting_locations(id),
  public_key text NOT NULL CHECK (public_key ~ '^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$'),
  endpoint text NOT NULL CHECK (endpoint ~ '^[A-Za-z0-9.:\[\]-]+:[0-9]{1,5}$'),
  tunnel_network cidr NOT NULL CHECK (family(tunnel_network) = 4),
  bmc_network cidr NOT NULL CHECK (family(bmc_network) = 4),
  -- SHA-256 of the token the gateway's agent fetches its peers and firewall rules with (/svc/ipmi-gateway).
  agent_token_hash text CHECK (agent_token_hash ~ '^[0-9a-f]{64}$')
);
GRANT SELECT ON ipmi_gateways TO portside_app;
GRANT UPDATE (agent_token_hash) ON ipmi_gateways TO portside_app;

-- What each kind of part adds to a server's monthly price, cents per GB (RAM) or per TB (disks by
-- media type). Read when a part is first seen; a later change does not reprice installed parts.
CREATE TABLE dedicated_part_prices (
  kind text PRIMARY KEY CHECK (kind IN ('ram','SSD','HDD','NVMe')),
  cents_per_unit numeric(10,2) NOT NULL CHECK (cents_per_unit >= 0)
);
GRANT SELECT ON dedicated_part_prices TO portside_app;
INSERT INTO dedicated_part_prices (kind, cents_per_unit) VALUES ('ram', 25), ('SSD', 400), ('NVMe', 600), ('HDD', 150);

CREATE TABLE dedicated_servers (
  serial text PRIMARY KEY CHECK (serial ~ '^[A-Za-z0-9._-]{1,64}$'),
  -- null: the provider's stock, not rented.
  client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
  equipment_id bigint UNIQUE REFERENCES services(equipment_id) ON DELETE SET NULL,
  bmc_id int REFERENCES bmcs(id),
  location_id text NOT NULL REFERENCES hosting_locations(id),
  hostname text NOT NULL CHECK (hostname ~ '^[A-Za-z0-9-]{1,63}$'),
  model text NOT NULL CHECK (char_length(model) BETWEEN 1 AND 100),
  cpu_family text NOT NULL CHECK (char_length(cpu_family) BETWEEN 1 AND 100),
  cpu_name text NOT NULL CHECK (char_length(cpu_name) BETWEEN 1 AND 100),
  base_cents int NOT NULL CHECK (base_cents >= 0),
  ipv4 inet CHECK (ipv4 IS NULL OR (family(ipv4) = 4 AND masklen(ipv4) = 32)),
  tag text CHECK (char_length(tag) <= 100),
  -- What the portal last read from the BMC.
  power_state text NOT NULL DEFAULT 'Unknown' CHECK (power_state IN ('On','Off','PoweringOn','PoweringOff','Paused','Unknown')),
  power_state_at timestamptz,
  bmc_reachable boolean NOT NULL DEFAULT false,
  bmc_error text,
  health text NOT NULL DEFAULT 'OK' CHECK (health IN ('OK','Warning','Critical')),
  reset_types text[] NOT NULL DEFAULT '{}',
  synced_at timestamptz,
  -- The customer's BMC account, once its password was set (ILO login).
  ilo_login text,
  -- IPMI access over WireGuard: the customer's key and tunnel address, the BMC's tunnel address.
  ipmi_access boolean NOT NULL DEFAULT false,
  wg_pubkey text CHECK (wg_pubkey ~ '^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$'),
  wg_address inet UNIQUE,
  bmc_tunnel_ip inet UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dedicated_servers_client_idx ON dedicated_servers (client_id, serial);
CREATE INDEX dedicated_servers_bmc_idx ON dedicated_servers (bmc_id) WHERE bmc_id IS NOT NULL;
CREATE UNIQUE INDEX dedicated_servers_ipv4_key ON dedicated_servers (ipv4) WHERE ipv4 IS NOT NULL;
ALTER TABLE dedicated_servers ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON dedicated_servers USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON dedicated_servers TO portside_app;
GRANT UPDATE (client_id, equipment_id, bmc_id, hostname, tag, power_state, power_state_at, bmc_reachable, bmc_error, health,
  reset_types, synced_at, ilo_login, ipmi_access, wg_pubkey, wg_address, bmc_tunnel_ip) ON dedicated_servers TO portside_app;

-- The inventory read from the BMC. A part's row is visible with its server.
CREATE TABLE dedicated_disks (
  server_serial text NOT NULL REFERENCES dedicated_servers(serial) ON DELETE CASCADE ON UPDATE CASCADE,
  serial text NOT NULL CHECK (char_length(serial) BETWEEN 1 AND 100),
  model text NOT NULL,
  media_type text NOT NULL CHECK (media_type IN ('SSD','HDD','NVMe')),
  health text NOT NULL CHECK (health IN ('OK','Warning','Critical')),
  capacity_gb int NOT NULL CHECK (capacity_gb >= 0),
  monthly_cents int NOT NULL DEFAULT 0 CHECK (monthly_cents >= 0),
  PRIMARY KEY (server_serial, serial)
);
CREATE TABLE dedicated_ram_modules (
  server_serial text NOT NULL REFERENCES dedicated_servers(serial) ON DELETE CASCADE ON UPDATE CASCADE,
  slot text NOT NULL CHECK (char_length(slot) BETWEEN 1 AND 100),
  capacity_gb int NOT NULL CHECK (capacity_gb >= 0),
  type text NOT NULL,
  speed_mhz int,
  health text NOT NULL CHECK (health IN ('OK','Warning','Critical')),
  monthly_cents int NOT NULL DEFAULT 0 CHECK (monthly_cents >= 0),
  PRIMARY KEY (server_serial, slot)
);
CREATE TABLE dedicated_sensors (
  server_serial text NOT NULL REFERENCES dedicated_servers(serial) ON DELETE CASCADE ON UPDATE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('temperature','fan')),
  reading numeric(10,2),
  unit text NOT NULL,
  health text NOT NULL CHECK (health IN ('OK','Warning','Critical')),
  PRIMARY KEY (server_serial, name)
);
ALTER TABLE dedicated_disks ENABLE ROW LEVEL SECURITY;
ALTER TABLE dedicated_ram_modules ENABLE ROW LEVEL SECURITY;
ALTER TABLE dedicated_sensors ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON dedicated_disks USING (portside_system() OR EXISTS (SELECT 1 FROM dedicated_servers s WHERE s.serial = server_serial));
CREATE POLICY tenant ON dedicated_ram_modules USING (portside_system() OR EXISTS (SELECT 1 FROM dedicated_servers s WHERE s.serial = server_serial));
CREATE POLICY tenant ON dedicated_sensors USING (portside_system() OR EXISTS (SELECT 1 FROM dedicated_servers s WHERE s.serial = server_serial));
GRANT SELECT, INSERT, UPDATE, DELETE ON dedicated_disks, dedicated_ram_modules, dedicated_sensors TO portside_app;

-- Additional addresses of a dedicated server: each is a service (category ip-address, its parent
-- the server's service), its address taken from the location's pools. The comment is the service's.
CREATE TABLE dedicated_ips (
  equipment_id bigint PRIMARY KEY REFERENCES services(equipment_id) ON DELETE CASCADE,
  server_serial text NOT NULL REFERENCES dedicated_servers(serial) ON DELETE CASCADE ON UPDATE CASCADE,
  address cidr NOT NULL UNIQUE,
  gateway inet,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dedicated_ips_server_idx ON dedicated_ips (server_serial);
ALTER TABLE dedicated_ips ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON dedicated_ips USING (portside_system() OR EXISTS (SELECT 1 FROM dedicated_servers s WHERE s.serial = server_serial));
GRANT SELECT, INSERT ON dedicated_ips TO portside_app;

-- A power function in flight (one at a time per server), run by the dedicated-power job.
CREATE TABLE dedicated_power_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  server_serial text NOT NULL REFERENCES dedicated_servers(serial) ON DELETE CASCADE ON UPDATE CASCADE,
  client_id uuid REFERENCES clients(id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('on','graceful-shutdown','force-off','graceful-restart','force-restart','power-cycle')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','running','done','failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX dedicated_power_jobs_one ON dedicated_power_jobs (server_serial) WHERE status IN ('queued','running');
ALTER TABLE dedicated_power_jobs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON dedicated_power_jobs USING (portside_system() OR client_id = portside_client());
GRANT SELECT, INSERT ON dedicated_power_jobs TO portside_app;
GRANT UPDATE (status, error, finished_at) ON dedicated_power_jobs TO portside_app;

-- A server ordered by a customer and being installed; staff move it through its steps (issue 18's
-- queue). serial is a reference (INST-000001) until staff record the machine's serial.
CREATE TABLE server_installs (
  serial text PRIMARY KEY CHECK (serial ~ '^[A-Za-z0-9._-]{1,64}$'),
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  order_id bigint,
  offer_id int REFERENCES server_offers(id),
  offer_name text NOT NULL,
  cpu text NOT NULL,
  location_id text NOT NULL REFERENCES hosting_locations(id),
  hostname text NOT NULL CHECK (hostname ~ '^[A-Za-z0-9-]{1,63}$'),
  monthly_cents int NOT NULL CHECK (monthly_cents >= 0),
  step text NOT NULL DEFAULT 'ordered' CHECK (step IN ('ordered','racked','os-installed','handed-over')),
  ordered_at timestamptz NOT NULL DEFAULT now(),
  racked_at timestamptz,
  os_installed_at timestamptz,
  handed_over_at timestamptz
);
CREATE SEQUENCE server_installs_ref_seq;
CREATE INDEX server_installs_client_idx ON server_installs (client_id, ordered_at DESC);
CREATE INDEX server_installs_open_idx ON server_installs (ordered_at) WHERE step <> 'handed-over';
ALTER TABLE server_installs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON server_installs USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON server_installs TO portside_app;
GRANT UPDATE (serial, step, racked_at, os_installed_at, handed_over_at) ON server_installs TO portside_app;
GRANT USAGE ON SEQUENCE server_installs_ref_seq TO portside_app;

-- Down Migration
DROP TABLE server_installs;
DROP SEQUENCE server_installs_ref_seq;
DROP TABLE dedicated_power_jobs;
DROP TABLE dedicated_ips;
DROP TABLE dedicated_sensors;
DROP TABLE dedicated_ram_modules;
DROP TABLE dedicated_disks;
DROP TABLE dedicated_servers;
DROP TABLE dedicated_part_prices;
DROP TABLE ipmi_gateways;
DROP TABLE bmcs;
