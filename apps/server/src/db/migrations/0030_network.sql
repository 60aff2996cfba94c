-- Up Migration
-- Network (issue 15): firewall rules, IP sets, the account's own IPs, reverse DNS, port forwarding
-- and custom domains.

ALTER TABLE vm_operations DROP CONSTRAINT vm_operations_action_check;
ALTER TABLE vm_operations ADD CONSTRAINT vm_operations_action_check CHECK (action IN (
  'start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete',
  'backup-enable','backup-disable','backup-now','backup-protect','backup-unprotect','backup-delete',
  'backup-restore','backup-restore-clone','snapshot-create','snapshot-delete','snapshot-rollback',
  'iso-attach','iso-detach',
  'boot-order','bios','tpm-add','tpm-remove','root-password','upgrade','resize','rebuild','assign-ipv4',
  'firewall'));

-- The firewall as saved (the rules below and 'block everything else') and as the cluster has it:
-- every save raises firewall_revision; the 'firewall' operation pushes the rules and then sets
-- firewall_applied_revision to the revision it pushed.
ALTER TABLE vms ADD COLUMN firewall_block_others boolean NOT NULL DEFAULT false;
ALTER TABLE vms ADD COLUMN firewall_revision int NOT NULL DEFAULT 0 CHECK (firewall_revision >= 0);
ALTER TABLE vms ADD COLUMN firewall_applied_revision int NOT NULL DEFAULT 0 CHECK (firewall_applied_revision >= 0);
GRANT UPDATE (firewall_block_others, firewall_revision, firewall_applied_revision) ON vms TO portside_app;

-- IP sets of an account (spec 1 §4): a name without spaces, unique in the account regardless of
-- case, a comment, and at most 1000 entries (checked under a lock of the set's row).
CREATE TABLE ipsets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64 AND name !~ '\s'),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 120),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, client_id)
);
CREATE UNIQUE INDEX ipsets_name_key ON ipsets (client_id, lower(name));
ALTER TABLE ipsets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ipsets USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON ipsets TO portside_app;
GRANT UPDATE (name, comment) ON ipsets TO portside_app;

-- An IP set's addresses and CIDR blocks (the cidr type refuses host bits after the prefix).
CREATE TABLE ipset_entries (
  ipset_id bigint NOT NULL,
  client_id uuid NOT NULL,
  cidr cidr NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ipset_id, cidr),
  FOREIGN KEY (ipset_id, client_id) REFERENCES ipsets (id, client_id) ON DELETE CASCADE
);
CREATE INDEX ipset_entries_client_idx ON ipset_entries (client_id);
ALTER TABLE ipset_entries ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ipset_entries USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON ipset_entries TO portside_app;

-- Which IP set is attached to which server (at most 50 per server, checked under the server's
-- row lock); only attached sets can be a firewall rule's source.
CREATE TABLE ipset_vms (
  ipset_id bigint NOT NULL,
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ipset_id, provisioned_id),
  FOREIGN KEY (ipset_id, client_id) REFERENCES ipsets (id, client_id) ON DELETE CASCADE
);
CREATE INDEX ipset_vms_vm_idx ON ipset_vms (provisioned_id);
CREATE INDEX ipset_vms_client_idx ON ipset_vms (client_id);
ALTER TABLE ipset_vms ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ipset_vms USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON ipset_vms TO portside_app;

-- A server's inbound firewall rules in order (spec 1 §4): the source is '' (all), an address or
-- CIDR block, or an attached IP set; ports are '' (any), 'n' or 'a:b'.
CREATE TABLE firewall_rules (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  pos int NOT NULL CHECK (pos BETWEEN 1 AND 100),
  source text NOT NULL DEFAULT '' CHECK (char_length(source) <= 50),
  source_ipset_id bigint,
  sport text NOT NULL DEFAULT '' CHECK (sport ~ '^(\d{1,5}(:\d{1,5})?)?$'),
  dport text NOT NULL DEFAULT '' CHECK (dport ~ '^(\d{1,5}(:\d{1,5})?)?$'),
  proto text NOT NULL CHECK (proto IN ('any','tcp','udp','icmp')),
  action text NOT NULL CHECK (action IN ('ACCEPT','DROP')),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 120),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provisioned_id, pos) DEFERRABLE INITIALLY DEFERRED,
  FOREIGN KEY (source_ipset_id, provisioned_id) REFERENCES ipset_vms (ipset_id, provisioned_id),
  CHECK (source_ipset_id IS NULL OR source = '')
);
CREATE INDEX firewall_rules_client_idx ON firewall_rules (client_id);
CREATE INDEX firewall_rules_ipset_idx ON firewall_rules (source_ipset_id) WHERE source_ipset_id IS NOT NULL;
ALTER TABLE firewall_rules ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON firewall_rules USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON firewall_rules TO portside_app;
GRANT UPDATE (pos) ON firewall_rules TO portside_app;

-- The account's own addresses (spec 1 §4 'My IP'): added with a comment, or seen at a sign-in.
CREATE TABLE my_ips (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  address cidr NOT NULL,
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 120),
  source text NOT NULL CHECK (source IN ('manual','login')),
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, address)
);
ALTER TABLE my_ips ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON my_ips USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON my_ips TO portside_app;
GRANT UPDATE (comment, last_seen_at, source) ON my_ips TO portside_app;

-- Reverse DNS names the customer set for a server's address; the 'dns-ptr' job pushes them
-- through the DNS driver (state pending → ok or failed). No row: the provider's default name.
CREATE TABLE reverse_dns (
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  address inet NOT NULL,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  hostname text CHECK (hostname IS NULL OR char_length(hostname) BETWEEN 3 AND 253),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','ok','failed')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provisioned_id, address)
);
CREATE INDEX reverse_dns_client_idx ON reverse_dns (client_id);
CREATE INDEX reverse_dns_pending_idx ON reverse_dns (updated_at) WHERE state = 'pending';
ALTER TABLE reverse_dns ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON reverse_dns USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON reverse_dns TO portside_app;
GRANT UPDATE (hostname, state, updated_at) ON reverse_dns TO portside_app;

-- Port forwards of servers without a public IPv4 (hub kind port-forwarding): an external port of
-- the location's IPv4 gateway to the server's address and port. No two forwards of a gateway share
-- an external port and protocol, whichever account holds them (the unique index; the port is taken
-- by port_forward_free_port under a lock per gateway, so concurrent requests never collide).
CREATE TABLE port_forwards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES hosting_locations(id),
  gateway inet NOT NULL,
  external_port int NOT NULL CHECK (external_port BETWEEN 1 AND 65535),
  internal_port int NOT NULL CHECK (internal_port BETWEEN 1 AND 65535),
  protocol text NOT NULL CHECK (protocol IN ('tcp','udp')),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 120),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','active','failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gateway, protocol, external_port),
  UNIQUE (provisioned_id, protocol, internal_port)
);
CREATE INDEX port_forwards_client_idx ON port_forwards (client_id);
ALTER TABLE port_forwards ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON port_forwards USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON port_forwards TO portside_app;
GRANT UPDATE (state) ON port_forwards TO portside_app;

-- Destination NAT keeps the address family: a server without a public IPv4 address is forwarded
-- to through a private IPv4 address behind its location's gateway (a pool marked private), taken
-- at its first port forward and configured on the server for its next boot.
ALTER TABLE ip_pools ADD COLUMN private boolean NOT NULL DEFAULT false;
ALTER TABLE ip_pools ADD CONSTRAINT ip_pools_private_v4 CHECK (NOT private OR family = 4);
ALTER TABLE vms ADD COLUMN private_ipv4 inet;
ALTER TABLE vms ADD COLUMN private_ipv4_configured boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX vms_private_ipv4_key ON vms (private_ipv4) WHERE state <> 'deleted' AND private_ipv4 IS NOT NULL;
GRANT UPDATE (private_ipv4, private_ipv4_configured) ON vms TO portside_app;

-- The lowest free private IPv4 address of a location (gateway excluded), seen across every account
-- (SECURITY DEFINER: row-level security hides other accounts' servers), under a lock per location
-- held until the caller's transaction ends; null when the private pools are full.
CREATE FUNCTION private_ipv4_free(p_location text) RETURNS inet
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('portside.ip_pools'), hashtext(p_location || '/private'));
  RETURN (SELECT x.address FROM ip_pools p
           CROSS JOIN LATERAL (
             SELECT a.address FROM (SELECT p.first_host + generate_series(0, p.last_host - p.first_host) AS address) a
              WHERE a.address <> p.gateway
                AND NOT EXISTS (SELECT 1 FROM vms v WHERE v.private_ipv4 = a.address AND v.state <> 'deleted')
              LIMIT 1) x
          WHERE p.location_id = p_location AND p.private
          ORDER BY p.id LIMIT 1);
END $$;
REVOKE ALL ON FUNCTION private_ipv4_free(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private_ipv4_free(text) TO portside_app;

-- The lowest free external port of [lo, hi] on a gateway for a protocol, or `wanted` when it is
-- free; null when none is. Sees every account's forwards (SECURITY DEFINER) and takes a lock per
-- gateway and protocol that holds until the caller's transaction ends.
CREATE FUNCTION port_forward_free_port(p_gateway inet, p_protocol text, p_wanted int, p_lo int, p_hi int) RETURNS int
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('portside.port_forwards'), hashtext(host(p_gateway) || '/' || p_protocol));
  IF p_wanted IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM port_forwards WHERE gateway = p_gateway AND protocol = p_protocol AND external_port = p_wanted) THEN
      RETURN NULL;
    END IF;
    RETURN p_wanted;
  END IF;
  RETURN (SELECT p FROM generate_series(p_lo, p_hi) p
           WHERE NOT EXISTS (SELECT 1 FROM port_forwards f WHERE f.gateway = p_gateway AND f.protocol = p_protocol AND f.external_port = p)
           ORDER BY p LIMIT 1);
END $$;
REVOKE ALL ON FUNCTION port_forward_free_port(inet, text, int, int, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION port_forward_free_port(inet, text, int, int, int) TO portside_app;

-- An address or block as people write it: the bare address for a single address, else address/prefix.
CREATE FUNCTION portside_cidr_text(c cidr) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN masklen(c) = CASE family(c) WHEN 4 THEN 32 ELSE 128 END THEN host(c) ELSE text(c) END
$$;

-- The provider's default reverse name of an address: its text with - for . and :, then the
-- location and the location's reverse domain (203-0-113-7.lis.ptr.example.net).
ALTER TABLE hosting_locations ADD COLUMN ptr_domain text NOT NULL DEFAULT 'ptr.portside.test'
  CHECK (ptr_domain ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$');
CREATE FUNCTION portside_ptr_default(a inet, location text, domain text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT trim(both '-' from translate(host(a), '.:', '--')) || '.' || lower(location) || '.' || domain
$$;

-- Custom domains (MyDomains): a domain pointing at a server of the account, proven by a TXT
-- record. An account lists a domain once; once verified, no other account can hold it (claims of
-- other accounts that were never verified do not block the real owner).
CREATE TABLE custom_domains (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  domain text NOT NULL CHECK (domain = lower(domain) AND char_length(domain) BETWEEN 3 AND 253),
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  token text NOT NULL CHECK (token ~ '^[a-z0-9]{32}$'),
  verified_at timestamptz,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, domain)
);
CREATE UNIQUE INDEX custom_domains_verified_key ON custom_domains (domain) WHERE verified_at IS NOT NULL;
CREATE INDEX custom_domains_unverified_idx ON custom_domains (created_at) WHERE verified_at IS NULL;
ALTER TABLE custom_domains ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON custom_domains USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON custom_domains TO portside_app;
GRANT UPDATE (provisioned_id, verified_at, checked_at) ON custom_domains TO portside_app;

-- Whether another account holds the domain verified (row-level security hides other accounts' rows).
CREATE FUNCTION custom_domain_taken(p_domain text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM custom_domains
                  WHERE domain = p_domain AND verified_at IS NOT NULL AND client_id IS DISTINCT FROM portside_client())
$$;
REVOKE ALL ON FUNCTION custom_domain_taken(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION custom_domain_taken(text) TO portside_app;

-- Down Migration
DROP FUNCTION custom_domain_taken(text);
DROP TABLE custom_domains;
DROP FUNCTION portside_ptr_default(inet, text, text);
ALTER TABLE hosting_locations DROP COLUMN ptr_domain;
DROP FUNCTION portside_cidr_text(cidr);
DROP FUNCTION port_forward_free_port(inet, text, int, int, int);
DROP TABLE port_forwards;
DROP FUNCTION private_ipv4_free(text);
REVOKE UPDATE (private_ipv4, private_ipv4_configured) ON vms FROM portside_app;
DROP INDEX vms_private_ipv4_key;
ALTER TABLE vms DROP COLUMN private_ipv4_configured, DROP COLUMN private_ipv4;
ALTER TABLE ip_pools DROP COLUMN private;
DROP TABLE reverse_dns;
DROP TABLE my_ips;
DROP TABLE firewall_rules;
DROP TABLE ipset_vms;
DROP TABLE ipset_entries;
DROP TABLE ipsets;
REVOKE UPDATE (firewall_block_others, firewall_revision, firewall_applied_revision) ON vms FROM portside_app;
ALTER TABLE vms DROP COLUMN firewall_applied_revision, DROP COLUMN firewall_revision, DROP COLUMN firewall_block_others;
DELETE FROM vm_operations WHERE action = 'firewall';
ALTER TABLE vm_operations DROP CONSTRAINT vm_operations_action_check;
ALTER TABLE vm_operations ADD CONSTRAINT vm_operations_action_check CHECK (action IN (
  'start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete',
  'backup-enable','backup-disable','backup-now','backup-protect','backup-unprotect','backup-delete',
  'backup-restore','backup-restore-clone','snapshot-create','snapshot-delete','snapshot-rollback',
  'iso-attach','iso-detach',
  'boot-order','bios','tpm-add','tpm-remove','root-password','upgrade','resize','rebuild','assign-ipv4'));
