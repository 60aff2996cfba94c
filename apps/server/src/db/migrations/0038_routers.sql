-- Up Migration

-- The provider's routers (issue 18, network operations). A router is registered per location with
-- its driver (`simulator`, the sim_router_* tables below; `routeros`, MikroTik RouterOS v7 REST)
-- and its credentials, the password sealed with the data key as a BMC's is (only the owner
-- connection reads address and password). The portal keeps what it last read from each router —
-- its IPv4 subnets, DHCP leases and ARP table — so the staff pages answer at once and still show
-- the last state while a router does not answer. All of it is the provider's data: no client_id,
-- staff read it in the system scope (RLS is not needed); only router_ip_clients names accounts.
CREATE TABLE routers (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'),
  location_id text NOT NULL REFERENCES hosting_locations(id),
  driver text NOT NULL CHECK (driver IN ('simulator','routeros')),
  -- simulator: the simulated router's name; routeros: the base URL (https://host[:port]).
  address text NOT NULL CHECK (char_length(address) BETWEEN 1 AND 300),
  username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 64),
  -- Sealed with the data key; a simulated router may have none (the demo seed has no data key).
  password_sealed text,
  ca_pem text,
  reachable boolean NOT NULL DEFAULT false,
  last_error text,
  synced_at timestamptz,
  sync_requested_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (driver <> 'routeros' OR (address ~ '^https?://' AND password_sealed IS NOT NULL))
);
GRANT SELECT (id, name, location_id, driver, reachable, last_error, synced_at, sync_requested_at, created_at) ON routers TO portside_app;
GRANT UPDATE (reachable, last_error, synced_at, sync_requested_at) ON routers TO portside_app;

-- The IPv4 subnets a router has an address on (RouterOS /ip/address), related to the portal's own
-- address pools (ip_pools, migration 0024) by their network.
CREATE TABLE router_subnets (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  router_id int NOT NULL REFERENCES routers(id) ON DELETE CASCADE,
  network cidr NOT NULL CHECK (family(network) = 4 AND masklen(network) >= 16),
  gateway inet NOT NULL CHECK (family(gateway) = 4 AND masklen(gateway) = 32),
  interface text NOT NULL CHECK (char_length(interface) BETWEEN 1 AND 100),
  seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (router_id, network),
  CHECK (gateway << network)
);
GRANT SELECT, INSERT, DELETE ON router_subnets TO portside_app;
GRANT UPDATE (gateway, interface, seen_at) ON router_subnets TO portside_app;

-- The router's DHCP leases in its subnets (RouterOS /ip/dhcp-server/lease): static ones are the
-- reservations staff make on /routers-ips; dynamic ones are shown too. `lease_id` is the router's.
CREATE TABLE router_dhcp_leases (
  router_id int NOT NULL REFERENCES routers(id) ON DELETE CASCADE,
  address inet NOT NULL CHECK (family(address) = 4 AND masklen(address) = 32),
  mac macaddr NOT NULL,
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 200),
  static boolean NOT NULL,
  lease_id text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (router_id, address)
);
CREATE INDEX router_dhcp_leases_mac_idx ON router_dhcp_leases (router_id, mac);
GRANT SELECT, INSERT, UPDATE, DELETE ON router_dhcp_leases TO portside_app;

-- The router's ARP table as last read (RouterOS /ip/arp).
CREATE TABLE router_arp_entries (
  router_id int NOT NULL REFERENCES routers(id) ON DELETE CASCADE,
  address inet NOT NULL CHECK (family(address) = 4 AND masklen(address) = 32),
  interface text NOT NULL,
  mac macaddr,
  status text NOT NULL CHECK (status IN ('reachable','stale','delay','probe','incomplete','failed','permanent')),
  dynamic boolean NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (router_id, address, interface)
);
GRANT SELECT, INSERT, DELETE ON router_arp_entries TO portside_app;

-- An address staff gave to an account without a server behind it (colocation, a customer's own
-- device): RouterIPsUpdateClient / RouterIPsDeleteClient. Addresses of VMs and dedicated servers
-- get their account from the server and are never here.
CREATE TABLE router_ip_clients (
  address inet PRIMARY KEY CHECK (family(address) = 4 AND masklen(address) = 32),
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  set_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX router_ip_clients_client_idx ON router_ip_clients (client_id);
ALTER TABLE router_ip_clients ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON router_ip_clients USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON router_ip_clients TO portside_app;

-- Switches and which server port is cabled to which switch port (SwitchesConnections); kept by staff.
CREATE TABLE switches (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$'),
  location_id text NOT NULL REFERENCES hosting_locations(id),
  model text NOT NULL CHECK (char_length(model) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE switch_connections (
  switch_id int NOT NULL REFERENCES switches(id) ON DELETE CASCADE,
  port text NOT NULL CHECK (char_length(port) BETWEEN 1 AND 40),
  server_serial text NOT NULL REFERENCES dedicated_servers(serial) ON DELETE CASCADE ON UPDATE CASCADE,
  server_port text NOT NULL CHECK (char_length(server_port) BETWEEN 1 AND 40),
  vlan int CHECK (vlan BETWEEN 1 AND 4094),
  speed_mbps int CHECK (speed_mbps > 0),
  note text CHECK (char_length(note) <= 200),
  PRIMARY KEY (switch_id, port),
  UNIQUE (server_serial, server_port)
);
GRANT SELECT ON switches TO portside_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON switch_connections TO portside_app;

-- The router simulator: like the other sim_* tables system data of the simulator only, reached
-- through the owner pool. A simulated router is named by the `address` of its registration.
CREATE TABLE sim_routers (
  name text PRIMARY KEY CHECK (char_length(name) BETWEEN 1 AND 300),
  username text NOT NULL,
  password_hash text NOT NULL,
  -- Failure injection: 'unreachable' (no call answered), 'refuse-writes' (every change refused).
  failure text CHECK (failure IN ('unreachable','refuse-writes')),
  next_id int NOT NULL DEFAULT 1
);
CREATE TABLE sim_router_addresses (
  router text NOT NULL REFERENCES sim_routers(name) ON DELETE CASCADE,
  address inet NOT NULL CHECK (family(address) = 4),
  interface text NOT NULL,
  PRIMARY KEY (router, address)
);
CREATE TABLE sim_router_arp (
  router text NOT NULL REFERENCES sim_routers(name) ON DELETE CASCADE,
  address inet NOT NULL,
  interface text NOT NULL,
  mac macaddr,
  status text NOT NULL,
  dynamic boolean NOT NULL DEFAULT true,
  PRIMARY KEY (router, address, interface)
);
CREATE TABLE sim_router_leases (
  router text NOT NULL REFERENCES sim_routers(name) ON DELETE CASCADE,
  id text NOT NULL,
  address inet NOT NULL,
  mac macaddr NOT NULL,
  comment text NOT NULL DEFAULT '',
  dynamic boolean NOT NULL,
  PRIMARY KEY (router, id),
  UNIQUE (router, address),
  UNIQUE (router, mac)
);

-- Down Migration

DROP TABLE sim_router_leases;
DROP TABLE sim_router_arp;
DROP TABLE sim_router_addresses;
DROP TABLE sim_routers;
DROP TABLE switch_connections;
DROP TABLE switches;
DROP TABLE router_ip_clients;
DROP TABLE router_arp_entries;
DROP TABLE router_dhcp_leases;
DROP TABLE router_subnets;
DROP TABLE routers;
