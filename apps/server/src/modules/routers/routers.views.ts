/**
 * The staff's network reads (issue 18; spec 2 §6 RoutersSubnets, RoutersArpEntries, RoutersIPs,
 * SwitchesConnections, and Routers for the rebuild's progress). Each is behind the claim of its
 * sidebar entry (spec 1 §2; /switches is role staff) and runs in the system scope, as the other
 * staff views do (AbuseReports, PendingBankTransfers): the rows are the provider's, and an
 * address's account is answered from the portal's own data — VMs, dedicated servers and their
 * additional addresses, and addresses staff gave to an account.
 */
import { routerArpRow, routerIpRow, routerRow, routerSubnetRow, switchConnectionRow } from '@portside/contract/schemas/routers';
import { claim, role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const CLIENT_NAME = `coalesce(nullif(c.company_name, ''), c.first_name || ' ' || c.last_name)`;

/** Every address a server or staff gave to an account, with what holds it (a routed block: each of its addresses). */
export const ADDRESS_USES_SQL = `
  SELECT v.ipv4 AS ip, 'vm' AS use, v.name AS server, v.provisioned_id::text AS server_id, v.client_id
    FROM vms v WHERE v.state <> 'deleted' AND v.ipv4 IS NOT NULL AND family(v.ipv4) = 4
  UNION ALL
  SELECT d.ipv4, 'dedicated', d.hostname, d.serial, d.client_id FROM dedicated_servers d WHERE d.ipv4 IS NOT NULL
  UNION ALL
  SELECT host(i.address)::inet + g, 'dedicated', d.hostname, d.serial, d.client_id
    FROM dedicated_ips i JOIN dedicated_servers d ON d.serial = i.server_serial
    -- An additional address, or each address of a routed block (/29, /28) of the server.
    CROSS JOIN LATERAL generate_series(0, (2 ^ (32 - masklen(i.address)))::int - 1) g
   WHERE family(i.address) = 4 AND masklen(i.address) >= 24
  UNION ALL
  SELECT a.address, 'client', NULL, NULL, a.client_id FROM router_ip_clients a`;

const ROUTERS_SQL = `
  SELECT r.id, r.name, r.location_id AS location, r.driver, r.reachable, r.last_error, r.synced_at, r.sync_requested_at,
         r.sync_requested_at IS NOT NULL AS sync_pending,
         (SELECT count(*)::int FROM router_subnets s WHERE s.router_id = r.id) AS subnets
    FROM routers r`;

const SUBNETS_SQL = `
  SELECT s.id, r.id AS router, r.name AS router_name, r.location_id AS location, s.network::text AS network,
         host(s.gateway) AS gateway, s.interface, p.id AS pool, h.hosts,
         (SELECT count(DISTINCT u.ip)::int FROM (${ADDRESS_USES_SQL}) u WHERE u.ip << s.network AND u.ip <> s.gateway) AS used,
         (SELECT count(*)::int FROM router_dhcp_leases l WHERE l.router_id = s.router_id AND l.static AND l.address << s.network) AS reserved,
         h.hosts - 1 - (SELECT count(DISTINCT x.ip)::int FROM (
             SELECT u.ip FROM (${ADDRESS_USES_SQL}) u
             UNION SELECT l.address FROM router_dhcp_leases l WHERE l.router_id = s.router_id AND l.static) x
           WHERE x.ip << s.network AND x.ip <> s.gateway) AS free,
         s.seen_at
    FROM router_subnets s
    JOIN routers r ON r.id = s.router_id
    CROSS JOIN LATERAL (SELECT CASE WHEN masklen(s.network) < 31 THEN (2 ^ (32 - masklen(s.network)))::int - 2
                                    ELSE (2 ^ (32 - masklen(s.network)))::int END AS hosts) h
    LEFT JOIN ip_pools p ON p.family = 4 AND p.network = s.network AND p.location_id = r.location_id`;

/**
 * One row per host address of each subnet (network and broadcast left out). Filters on `subnet`
 * reach the subnet scan, so a page of one subnet makes only that subnet's addresses.
 */
const IPS_SQL = `
  SELECT s.id AS subnet, r.name AS router_name, r.location_id AS location, host(a.ip) AS address, a.seq,
         CASE WHEN a.ip = s.gateway THEN 'gateway' ELSE coalesce(u.use, 'free') END AS use,
         u.server, u.server_id, u.client_id AS client, CASE WHEN c.id IS NULL THEN NULL ELSE ${CLIENT_NAME} END AS client_name,
         upper(l.mac::text) AS mac, nullif(l.comment, '') AS comment,
         CASE WHEN l.static THEN 'static' WHEN l.mac IS NOT NULL THEN 'dynamic' END AS dhcp,
         upper(e.mac::text) AS arp_mac,
         lower(concat_ws(' ', host(a.ip), l.mac::text, e.mac::text, u.server, u.server_id,
                         CASE WHEN c.id IS NULL THEN NULL ELSE ${CLIENT_NAME} END, l.comment)) AS search
    FROM router_subnets s
    JOIN routers r ON r.id = s.router_id
    CROSS JOIN LATERAL (
      SELECT (host(s.network)::inet + g) AS ip, g::int AS seq
        FROM generate_series(CASE WHEN masklen(s.network) < 31 THEN 1 ELSE 0 END,
                             (2 ^ (32 - masklen(s.network)))::bigint - CASE WHEN masklen(s.network) < 31 THEN 2 ELSE 1 END) g) a
    LEFT JOIN (SELECT DISTINCT ON (x.ip) x.* FROM (${ADDRESS_USES_SQL}) x ORDER BY x.ip, x.use = 'client') u ON u.ip = a.ip
    LEFT JOIN clients c ON c.id = u.client_id
    LEFT JOIN router_dhcp_leases l ON l.router_id = s.router_id AND l.address = a.ip
    LEFT JOIN LATERAL (SELECT mac FROM router_arp_entries e WHERE e.router_id = s.router_id AND e.address = a.ip
                        ORDER BY e.mac IS NULL LIMIT 1) e ON true`;

const ARP_SQL = `
  SELECT r.id AS router, r.name AS router_name, r.location_id AS location, host(e.address) AS address,
         (e.address - '0.0.0.0'::inet - 2147483648)::int AS seq,
         upper(e.mac::text) AS mac, e.interface, e.status, e.dynamic, e.seen_at,
         lower(concat_ws(' ', host(e.address), e.mac::text, e.interface, r.name)) AS search
    FROM router_arp_entries e JOIN routers r ON r.id = e.router_id`;

const SWITCHES_SQL = `
  SELECT w.id AS switch, w.name AS switch_name, w.location_id AS location, k.port, k.server_serial AS server, d.hostname,
         k.server_port, k.vlan, k.speed_mbps, d.client_id AS client,
         CASE WHEN c.id IS NULL THEN NULL ELSE ${CLIENT_NAME} END AS client_name, k.note,
         lower(concat_ws(' ', w.name, k.port, k.server_serial, d.hostname, k.server_port, host(d.ipv4),
                         CASE WHEN c.id IS NULL THEN NULL ELSE ${CLIENT_NAME} END, k.note)) AS search
    FROM switch_connections k
    JOIN switches w ON w.id = k.switch_id
    JOIN dedicated_servers d ON d.serial = k.server_serial
    LEFT JOIN clients c ON c.id = d.client_id`;

export const routersViews: ViewDef[] = [
  defineView({
    name: 'Routers',
    access: claim('menu-see-routers-subnets'),
    system: true,
    row: routerRow,
    source: ROUTERS_SQL,
    order: 'name.asc',
  }),
  defineView({
    name: 'RoutersSubnets',
    access: claim('menu-see-routers-subnets'),
    system: true,
    row: routerSubnetRow,
    source: SUBNETS_SQL,
    order: 'router_name.asc,network.asc',
  }),
  defineView({
    name: 'RoutersIPs',
    access: claim('menu-see-routers-ips'),
    system: true,
    row: routerIpRow,
    source: IPS_SQL,
    order: 'subnet.asc,seq.asc',
  }),
  defineView({
    name: 'RoutersArpEntries',
    access: claim('menu-see-routers-arp-entries'),
    system: true,
    row: routerArpRow,
    source: ARP_SQL,
    order: 'router_name.asc,seq.asc',
  }),
  defineView({
    name: 'SwitchesConnections',
    access: role('staff'),
    system: true,
    row: switchConnectionRow,
    source: SWITCHES_SQL,
    order: 'switch_name.asc,port.asc',
  }),
];
