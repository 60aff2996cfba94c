-- Up Migration

-- VPN servers (issue 17). A VPN server is a cloud server made from the `wireguard` image
-- (vms.image_id); the portal keeps its WireGuard key pair and its peers and writes the server's
-- /etc/wireguard/wg0.conf into the guest through the QEMU guest agent (the vpn.push job).
--
-- The private key is sealed with the data key (AES-256-GCM, like a cluster's API token secret):
-- the application role may write it but never read it; the worker opens it through the owner
-- connection. The demo seed has no data key, so a server may have no key yet: the first push (or
-- the first peer added) makes it. config_revision counts every change of the peers;
-- applied_revision is the last one the server took, so the page can say 'applying…'. The worker
-- pushes through the owner connection (it opens the sealed key there).
CREATE TABLE vpn_servers (
  provisioned_id bigint PRIMARY KEY REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  private_key_sealed text,
  public_key text CHECK (public_key ~ '^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$'),
  config_revision int NOT NULL DEFAULT 1 CHECK (config_revision >= 1),
  applied_revision int NOT NULL DEFAULT 0 CHECK (applied_revision >= 0),
  applied_at timestamptz,
  -- The last push tried, and why it did not get through (the cluster's words; null once applied).
  push_attempt_at timestamptz,
  push_error text CHECK (char_length(push_error) <= 500),
  -- One push at a time per server: the worker pushing holds this lease (taken over once it is past).
  push_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vpn_servers_key CHECK ((private_key_sealed IS NULL) = (public_key IS NULL))
);
CREATE INDEX vpn_servers_client_idx ON vpn_servers (client_id);
CREATE INDEX vpn_servers_pending_idx ON vpn_servers (push_attempt_at) WHERE config_revision > applied_revision;
ALTER TABLE vpn_servers ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON vpn_servers USING (client_id = portside_client() OR portside_system());
GRANT SELECT (provisioned_id, client_id, public_key, config_revision, applied_revision, applied_at, push_attempt_at, push_error,
  created_at) ON vpn_servers TO portside_app;
GRANT INSERT (provisioned_id, client_id, config_revision) ON vpn_servers TO portside_app;
-- A customer's call makes the key (when the worker has not yet) and counts a change; the pushes are the worker's.
GRANT UPDATE (private_key_sealed, public_key, config_revision) ON vpn_servers TO portside_app;

-- A peer of a VPN server: a device of the customer's with its public key (the private key never
-- reaches the portal). host N gives it 10.99.0.N/32 and fd99::N/128 in the tunnel (contract
-- rules/vpn.ts). Names are unique per server whatever their case (they become file names).
CREATE TABLE vpn_peers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provisioned_id bigint NOT NULL REFERENCES vpn_servers(provisioned_id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$'),
  public_key text NOT NULL CHECK (public_key ~ '^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$'),
  host int NOT NULL CHECK (host BETWEEN 2 AND 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vpn_peers_key_key UNIQUE (provisioned_id, public_key),
  CONSTRAINT vpn_peers_host_key UNIQUE (provisioned_id, host)
);
CREATE UNIQUE INDEX vpn_peers_name_key ON vpn_peers (provisioned_id, lower(name));
CREATE INDEX vpn_peers_client_idx ON vpn_peers (client_id);
ALTER TABLE vpn_peers ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON vpn_peers USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON vpn_peers TO portside_app;

-- The hypervisor simulator's guests (issue 17): the files the guest agent wrote (agent/file-write)
-- and what the simulated programs keep (systemd units enabled, WireGuard interfaces up, each with
-- the boot it came up in). System data of the simulator, like the other sim_* tables (see 0007):
-- no client_id, no row-level security, no rights for portside_app. A VM's guest goes with the VM.
CREATE TABLE sim_guest_files (
  vmid int NOT NULL REFERENCES sim_vms(vmid) ON DELETE CASCADE,
  path text NOT NULL CHECK (path ~ '^/' AND char_length(path) <= 4096),
  content text NOT NULL,
  mode int NOT NULL CHECK (mode BETWEEN 0 AND 4095),
  written_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vmid, path)
);
CREATE TABLE sim_guest_state (
  vmid int PRIMARY KEY REFERENCES sim_vms(vmid) ON DELETE CASCADE,
  units jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(units) = 'object'),
  interfaces jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(interfaces) = 'object')
);
REVOKE ALL ON sim_guest_files, sim_guest_state FROM portside_app;

-- Down Migration
DROP TABLE sim_guest_state, sim_guest_files;
DROP TABLE vpn_peers;
DROP TABLE vpn_servers;
