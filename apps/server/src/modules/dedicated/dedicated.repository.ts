/**
 * SQL of the dedicated servers (issue 17, migration 0033): the rows of MyDedicatedServers and
 * ServerStats, and the customer's changes. Reads and customer changes run in the account's tenant
 * scope (row-level security keeps other accounts' servers out: their serials are simply not found).
 */
import type { AdditionalIp } from '@portside/contract/schemas/dedicated';
import type { Tx } from '../../db/database.js';
import { asSystem } from '../../db/transaction.js';

/** The monthly cents each part adds, summed per server (RAM, disks, additional addresses still running). */
const PRICE_JOINS = `
  LEFT JOIN LATERAL (SELECT coalesce(sum(monthly_cents), 0)::int AS cents FROM dedicated_ram_modules WHERE server_serial = d.serial) ram ON true
  LEFT JOIN LATERAL (SELECT coalesce(sum(monthly_cents), 0)::int AS cents FROM dedicated_disks WHERE server_serial = d.serial) dsk ON true
  LEFT JOIN LATERAL (SELECT coalesce(sum(sv.monthly_cents), 0)::int AS cents FROM dedicated_ips di
      JOIN services sv ON sv.equipment_id = di.equipment_id
     WHERE di.server_serial = d.serial AND (sv.end_date IS NULL OR sv.end_date >= utc_today())) ips ON true`;

/** The columns of the contract's dedicatedServerRow over `dedicated_servers d` with {@link FROM_SQL}. */
const ROW_COLUMNS = `d.serial, d.equipment_id::int AS equipment_id, s.parent_equipment_id::int AS parent_equipment_id,
    d.hostname, d.power_state, d.power_state_at, d.bmc_reachable, d.health, d.cpu_family, d.cpu_name, d.model,
    d.location_id AS location, l.name AS location_name, host(d.ipv4) AS ipv4, d.ipmi_access,
    (d.base_cents + ram.cents + dsk.cents + ips.cents)::int AS total_cents,
    d.client_id AS client,
    coalesce(nullif(btrim(c.company_name), ''), btrim(c.first_name || ' ' || c.last_name)) AS client_name,
    d.created_at`;

const FROM_SQL = `FROM dedicated_servers d
  JOIN hosting_locations l ON l.id = d.location_id
  LEFT JOIN services s ON s.equipment_id = d.equipment_id
  LEFT JOIN clients c ON c.id = d.client_id
  ${PRICE_JOINS}`;

/** MyDedicatedServers: the account's servers (tenant scope). */
export const DEDICATED_ROW_SQL = `SELECT ${ROW_COLUMNS} ${FROM_SQL} WHERE d.client_id IS NOT NULL`;

/** The portal's power-function names by the ResetType each sends (contract DEDICATED_POWER_ACTIONS). */
const ACTION_OF_RESET = `(SELECT array_agg(a ORDER BY o) FROM unnest(d.reset_types) WITH ORDINALITY AS t(rt, o)
    CROSS JOIN LATERAL (SELECT CASE t.rt WHEN 'On' THEN 'on' WHEN 'GracefulShutdown' THEN 'graceful-shutdown'
      WHEN 'ForceOff' THEN 'force-off' WHEN 'GracefulRestart' THEN 'graceful-restart'
      WHEN 'ForceRestart' THEN 'force-restart' WHEN 'PowerCycle' THEN 'power-cycle' END AS a) m
    WHERE m.a IS NOT NULL)`;

/** ServerStats: a server's details with its inventory, price breakdown and tunnel (tenant scope). */
export const STATS_ROW_SQL = `SELECT ${ROW_COLUMNS},
    coalesce(${ACTION_OF_RESET}, '{}') AS power_actions,
    (SELECT json_build_object('action', j.action, 'status', j.status, 'error', j.error) FROM dedicated_power_jobs j
      WHERE j.server_serial = d.serial AND (j.status IN ('queued','running') OR (j.status = 'failed' AND j.finished_at > now() - interval '10 minutes'))
      ORDER BY j.id DESC LIMIT 1) AS power_job,
    d.ilo_login,
    CASE WHEN d.ipmi_access THEN host(d.bmc_tunnel_ip) END AS ilo_ip,
    d.wg_pubkey,
    CASE WHEN d.ipmi_access AND d.wg_pubkey IS NOT NULL AND d.wg_address IS NOT NULL AND g.location_id IS NOT NULL THEN
      json_build_object('address', host(d.wg_address) || '/32', 'peer_public_key', g.public_key, 'endpoint', g.endpoint,
        'allowed_ips', host(d.bmc_tunnel_ip) || '/32') END AS ipmi_tunnel,
    coalesce((SELECT json_agg(json_build_object('serial', k.serial, 'model', k.model, 'media_type', k.media_type, 'health', k.health,
        'capacity_gb', k.capacity_gb, 'monthly_cents', k.monthly_cents) ORDER BY k.serial) FROM dedicated_disks k WHERE k.server_serial = d.serial), '[]') AS disks,
    coalesce((SELECT json_agg(json_build_object('slot', m.slot, 'capacity_gb', m.capacity_gb, 'type', m.type, 'speed_mhz', m.speed_mhz,
        'health', m.health, 'monthly_cents', m.monthly_cents) ORDER BY m.slot) FROM dedicated_ram_modules m WHERE m.server_serial = d.serial), '[]') AS ram_modules,
    coalesce((SELECT json_agg(json_build_object('name', x.name, 'kind', x.kind, 'reading', x.reading::float8, 'unit', x.unit,
        'health', x.health) ORDER BY x.kind DESC, x.name) FROM dedicated_sensors x WHERE x.server_serial = d.serial), '[]') AS sensors,
    coalesce((SELECT json_agg(json_build_object('equipment_id', di.equipment_id, 'address', di.address::text, 'family', family(di.address),
        'gateway', host(di.gateway), 'comment', sv.comment, 'monthly_cents', coalesce(sv.monthly_cents, 0)) ORDER BY di.address)
       FROM dedicated_ips di JOIN services sv ON sv.equipment_id = di.equipment_id
      WHERE di.server_serial = d.serial AND (sv.end_date IS NULL OR sv.end_date >= utc_today())), '[]') AS additional_ips,
    json_build_object('base_cents', d.base_cents, 'ram_cents', ram.cents, 'disks_cents', dsk.cents, 'ips_cents', ips.cents,
      'total_cents', d.base_cents + ram.cents + dsk.cents + ips.cents) AS price,
    d.synced_at
  ${FROM_SQL}
  LEFT JOIN ipmi_gateways g ON g.location_id = d.location_id
  WHERE d.client_id IS NOT NULL`;

/** MyServerInstalls: the account's servers being installed. */
export const INSTALL_ROW_SQL = `SELECT i.serial, i.order_id::int AS order_id, i.offer_name, i.cpu, i.location_id AS location,
    l.name AS location_name, i.hostname, i.step, i.ordered_at, i.racked_at, i.os_installed_at, i.handed_over_at,
    i.monthly_cents, i.client_id AS client
  FROM server_installs i JOIN hosting_locations l ON l.id = i.location_id`;

/** What the services need of a server (locked for the change in the caller's transaction). */
export interface ServerRef {
  serial: string;
  client_id: string;
  equipment_id: string | null;
  hostname: string;
  location_id: string;
  ipmi_access: boolean;
  wg_pubkey: string | null;
  reset_types: string[];
  bmc_id: number | null;
  power_state: string;
}

/** The caller's server `serial` (tenant scope: another account's is null), locked. */
export async function lockServer(tx: Tx, serial: string): Promise<ServerRef | null> {
  const r = await tx.query<ServerRef>(
    `SELECT serial, client_id, equipment_id::text, hostname, location_id, ipmi_access, wg_pubkey, reset_types, bmc_id, power_state
       FROM dedicated_servers WHERE serial = $1 AND client_id IS NOT NULL FOR UPDATE`,
    [serial],
  );
  return r.rows[0] ?? null;
}

export async function setHostname(tx: Tx, serial: string, hostname: string): Promise<void> {
  await tx.query(`UPDATE dedicated_servers SET hostname = $2 WHERE serial = $1`, [serial, hostname]);
}

export async function setIloLogin(tx: Tx, serial: string, login: string): Promise<void> {
  await tx.query(`UPDATE dedicated_servers SET ilo_login = $2 WHERE serial = $1`, [serial, login]);
}

export async function setWgPubkey(tx: Tx, serial: string, key: string): Promise<void> {
  await tx.query(`UPDATE dedicated_servers SET wg_pubkey = $2 WHERE serial = $1`, [serial, key]);
}

/**
 * Turns IPMI access on or off (the caller has checked the server is theirs, under its row lock).
 * On: the server keeps (or gets) the lowest free customer address of
 * the location gateway's tunnel network and the lowest free BMC address of its BMC network, under
 * a transaction lock per location so two servers never take the same. Answers false when the
 * location has no IPMI gateway or its networks are full.
 */
export async function setIpmiAccess(tx: Tx, serial: string, locationId: string, enabled: boolean): Promise<boolean> {
  if (!enabled) {
    await tx.query(`UPDATE dedicated_servers SET ipmi_access = false WHERE serial = $1`, [serial]);
    return true;
  }
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('portside.ipmi'), hashtext($1))`, [locationId]);
  // The free addresses are searched among every account's servers (the system flag), the write is the caller's.
  const r = await asSystem(tx, () =>
    tx.query(
      `WITH g AS (SELECT tunnel_network, bmc_network FROM ipmi_gateways WHERE location_id = $2),
      pick AS (
        SELECT coalesce(d.wg_address, (SELECT a FROM g, generate_series(2, (2 ^ (32 - masklen(g.tunnel_network)))::int - 2) n,
                  LATERAL (SELECT (host(network(g.tunnel_network))::inet + n) AS a) x
                 WHERE NOT EXISTS (SELECT 1 FROM dedicated_servers o WHERE o.wg_address = x.a) LIMIT 1)) AS wg,
               coalesce(d.bmc_tunnel_ip, (SELECT a FROM g, generate_series(2, (2 ^ (32 - masklen(g.bmc_network)))::int - 2) n,
                  LATERAL (SELECT (host(network(g.bmc_network))::inet + n) AS a) x
                 WHERE NOT EXISTS (SELECT 1 FROM dedicated_servers o WHERE o.bmc_tunnel_ip = x.a) LIMIT 1)) AS bmc
          FROM dedicated_servers d WHERE d.serial = $1)
     UPDATE dedicated_servers SET ipmi_access = true, wg_address = pick.wg, bmc_tunnel_ip = pick.bmc
       FROM pick WHERE serial = $1 AND pick.wg IS NOT NULL AND pick.bmc IS NOT NULL`,
      [serial, locationId],
    ),
  );
  return (r.rowCount ?? 0) > 0;
}

/** Queues a power function; false when one is in flight already (the unique index). */
export async function insertPowerJob(tx: Tx, serial: string, clientId: string, action: string): Promise<string | null> {
  const r = await tx.query<{ id: string }>(
    `INSERT INTO dedicated_power_jobs (server_serial, client_id, action) VALUES ($1, $2, $3)
     ON CONFLICT (server_serial) WHERE status IN ('queued','running') DO NOTHING RETURNING id::text`,
    [serial, clientId, action],
  );
  return r.rows[0]?.id ?? null;
}

/** One additional address: its service and the server it is on (tenant scope). */
export async function findAdditionalIp(tx: Tx, equipmentId: number): Promise<{ server_serial: string } | null> {
  const r = await tx.query<{ server_serial: string }>(
    `SELECT di.server_serial FROM dedicated_ips di JOIN dedicated_servers d ON d.serial = di.server_serial
      WHERE di.equipment_id = $1 AND d.client_id IS NOT NULL`,
    [equipmentId],
  );
  return r.rows[0] ?? null;
}

export async function setServiceComment(tx: Tx, equipmentId: number, comment: string | null): Promise<void> {
  await tx.query(`UPDATE services SET comment = $2 WHERE equipment_id = $1`, [equipmentId, comment]);
}

/** The additional addresses of a server, as additionalIpItem. */
export async function additionalIps(tx: Tx, serial: string): Promise<AdditionalIp[]> {
  const r = await tx.query<AdditionalIp>(
    `SELECT di.equipment_id::int AS equipment_id, di.address::text AS address, family(di.address) AS family,
            host(di.gateway) AS gateway, sv.comment, coalesce(sv.monthly_cents, 0) AS monthly_cents
       FROM dedicated_ips di JOIN services sv ON sv.equipment_id = di.equipment_id
      WHERE di.server_serial = $1 AND (sv.end_date IS NULL OR sv.end_date >= utc_today())
      ORDER BY di.address`,
    [serial],
  );
  return r.rows;
}

/** Records an additional address (its service made in the same transaction). */
/**
 * A routed subnet's service for the caller's account, under the server's service: from today,
 * `cents` a month, named by the message key 'services:description.ipv4_subnet'; answers its id.
 */
export async function insertSubnetService(
  tx: Tx,
  s: { parent: number; prefix: number; count: number; cents: number },
): Promise<number> {
  const r = await tx.query<{ equipment_id: number }>(
    `INSERT INTO services (client_id, parent_equipment_id, category, description, description_key, description_params,
                           start_date, min_cancel_date, contract_months, monthly_cents)
     VALUES (portside_client(), $1, 'ip-address', 'Additional IPv4 subnet /' || $2::int || ' (' || $3::int || ' addresses)',
             'services:description.ipv4_subnet', jsonb_build_object('prefix', $2::int, 'count', $3::int),
             utc_today(), (utc_today() + interval '1 month')::date, 1, $4)
     RETURNING equipment_id`,
    [s.parent, s.prefix, s.count, s.cents],
  );
  return r.rows[0]!.equipment_id;
}

export async function insertAdditionalIp(
  tx: Tx,
  ip: { equipmentId: number; serial: string; address: string; gateway: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO dedicated_ips (equipment_id, server_serial, address, gateway) VALUES ($1, $2, $3::cidr, $4::inet)`,
    [ip.equipmentId, ip.serial, ip.address, ip.gateway],
  );
}
