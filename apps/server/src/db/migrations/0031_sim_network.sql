-- Up Migration

-- The simulators of the network (issue 15): the hypervisor simulator's VM firewalls and cluster
-- IP sets, the DNS simulator's records and the gateway simulator's port forwards. Like the other
-- sim_* tables (see 0007) these are system data of the simulators only: no client_id, no
-- row-level security, no rights for portside_app; the drivers reach them through the owner pool.

-- Cluster-wide IP sets (Proxmox `/cluster/firewall/ipset`): Proxmox's name rule, and their
-- addresses and networks (the cidr type refuses host bits after the prefix, as Proxmox does).
CREATE TABLE sim_ipsets (
  name text PRIMARY KEY CHECK (name ~ '^[A-Za-z][A-Za-z0-9_-]+$' AND char_length(name) <= 64),
  comment text NOT NULL DEFAULT '' CHECK (comment !~ '[\n\r]')
);
CREATE TABLE sim_ipset_entries (
  name text NOT NULL REFERENCES sim_ipsets(name) ON DELETE CASCADE,
  cidr cidr NOT NULL,
  PRIMARY KEY (name, cidr)
);

-- A VM's firewall switches (Proxmox `firewall/options`); no row: off, inbound policy DROP.
CREATE TABLE sim_firewall_options (
  vmid int PRIMARY KEY REFERENCES sim_vms(vmid) ON DELETE CASCADE,
  enabled boolean NOT NULL,
  policy_in text NOT NULL CHECK (policy_in IN ('ACCEPT','DROP'))
);

-- A VM's inbound rules in order (pos from 0, as Proxmox numbers them). A source naming an IP set
-- (`+name`) refers to it, so an IP set in use cannot be removed; the rules go with their VM.
CREATE TABLE sim_firewall_rules (
  vmid int NOT NULL REFERENCES sim_vms(vmid) ON DELETE CASCADE,
  pos int NOT NULL CHECK (pos >= 0),
  action text NOT NULL CHECK (action IN ('ACCEPT','DROP')),
  source text NOT NULL DEFAULT '',
  ipset text GENERATED ALWAYS AS (CASE WHEN source LIKE '+%' THEN substr(source, 2) END) STORED
    REFERENCES sim_ipsets(name),
  proto text CHECK (proto IN ('tcp','udp','icmp')),
  sport text NOT NULL DEFAULT '' CHECK (sport ~ '^(\d{1,5}(:\d{1,5})?)?$'),
  dport text NOT NULL DEFAULT '' CHECK (dport ~ '^(\d{1,5}(:\d{1,5})?)?$'),
  comment text NOT NULL DEFAULT '' CHECK (comment !~ '[\n\r]'),
  PRIMARY KEY (vmid, pos)
);
CREATE INDEX sim_firewall_rules_ipset_idx ON sim_firewall_rules (ipset) WHERE ipset IS NOT NULL;

-- Saving a VM's firewall runs as a task (a batch takes a while on the provider's hardware); the
-- rules it carries (params) take effect when it ends ok.
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check CHECK (type IN (
  'qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize',
  'vzdump','imgdel','qmrestore','qmsnapshot','qmdelsnapshot','qmrollback','imgcopy','download','qmconfig',
  'fwupdate'));

-- The DNS simulator: the provider's reverse zones (one PTR per address) and what the public DNS
-- answers for TXT lookups (each record's strings joined; several records per name, in order).
CREATE TABLE sim_dns_ptr (
  address inet PRIMARY KEY CHECK (masklen(address) = CASE family(address) WHEN 4 THEN 32 ELSE 128 END),
  hostname text NOT NULL CHECK (char_length(hostname) BETWEEN 1 AND 253),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sim_dns_txt (
  name text NOT NULL CHECK (name = lower(name) AND char_length(name) BETWEEN 1 AND 253),
  pos int NOT NULL CHECK (pos >= 0),
  value text NOT NULL CHECK (octet_length(value) <= 4000),
  PRIMARY KEY (name, pos)
);

-- The gateway simulator: destination NAT per gateway address (one forward per protocol and
-- external port), only the portal's own forwards.
CREATE TABLE sim_gateway_forwards (
  gateway inet NOT NULL,
  protocol text NOT NULL CHECK (protocol IN ('tcp','udp')),
  external_port int NOT NULL CHECK (external_port BETWEEN 1 AND 65535),
  target inet NOT NULL,
  target_port int NOT NULL CHECK (target_port BETWEEN 1 AND 65535),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 255),
  PRIMARY KEY (gateway, protocol, external_port)
);

REVOKE ALL ON sim_ipsets, sim_ipset_entries, sim_firewall_options, sim_firewall_rules, sim_dns_ptr, sim_dns_txt,
  sim_gateway_forwards FROM portside_app;

-- Down Migration
DROP TABLE sim_gateway_forwards, sim_dns_txt, sim_dns_ptr;
DELETE FROM sim_tasks WHERE type = 'fwupdate';
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check CHECK (type IN (
  'qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize',
  'vzdump','imgdel','qmrestore','qmsnapshot','qmdelsnapshot','qmrollback','imgcopy','download','qmconfig'));
DROP TABLE sim_firewall_rules, sim_firewall_options, sim_ipset_entries, sim_ipsets;
