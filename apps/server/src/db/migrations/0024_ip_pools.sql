-- Up Migration

-- Address pools per hosting location (issue 12): an ordered server gets its addresses when its
-- provisioning reserves it — an IPv6 address always, an IPv4 address when it was ordered with one
-- (vms.external_ipv4) — the lowest free address of the location's pools, gateway excluded. No two
-- servers that are not deleted ever hold one address (the unique indexes below; allocation takes a
-- transaction lock per location and family, so it never races). Staff manage the rows (issue 18).
CREATE TABLE ip_pools (
  id serial PRIMARY KEY,
  location_id text NOT NULL REFERENCES hosting_locations(id),
  family int NOT NULL CHECK (family IN (4, 6)),
  network cidr NOT NULL,
  gateway inet NOT NULL,
  first_host inet NOT NULL,
  last_host inet NOT NULL,
  CHECK (family(network) = family AND gateway << network AND first_host << network AND last_host << network),
  -- A range of at most 2^24 addresses keeps its arithmetic in bigint.
  CHECK (first_host <= last_host AND last_host - first_host < 16777216),
  -- Single addresses (as vms.ipv4 and ipv6 hold them), so that equal addresses compare equal.
  CHECK (masklen(gateway) = CASE family WHEN 4 THEN 32 ELSE 128 END
         AND masklen(first_host) = masklen(gateway) AND masklen(last_host) = masklen(gateway))
);
CREATE INDEX ip_pools_location_idx ON ip_pools (location_id, family);
GRANT SELECT ON ip_pools TO portside_app;

CREATE UNIQUE INDEX vms_ipv4_key ON vms (ipv4) WHERE state <> 'deleted' AND ipv4 IS NOT NULL;
CREATE UNIQUE INDEX vms_ipv6_key ON vms (ipv6) WHERE state <> 'deleted' AND ipv6 IS NOT NULL;

-- The simulator keeps the network part of the first-boot data as Proxmox's ipconfig0 says it.
ALTER TABLE sim_vms ADD COLUMN ci_ipconfig text;

-- Down Migration

ALTER TABLE sim_vms DROP COLUMN ci_ipconfig;
DROP INDEX vms_ipv6_key;
DROP INDEX vms_ipv4_key;
DROP TABLE ip_pools;
