/**
 * Dedicated servers' set-up (issue 17): each location's WireGuard gateway for IPMI access (the
 * portal only needs its public key, endpoint and networks; a real gateway is registered by staff
 * with its own key), and the demo customer's servers. Idempotent.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { IPMI_WIREGUARD_PORT } from '@portside/contract/schemas/dedicated';
import { createSimulatedSystem } from '../drivers/baremetal/simulator-bmc.repository.js';
import { DEDICATED_DESCRIPTION_SQL } from '../modules/dedicated/dedicated-staff.repository.js';
import { ILO5_RESET_TYPES, SIMULATED_BMC_ADMIN, defaultDrives } from '../drivers/baremetal/simulator-bmc-spec.js';

/** Each location's tunnel networks: customers' addresses and the BMCs' addresses behind the gateway. */
const GATEWAYS = [
  { location: 'lisbon', host: 'wg-lis.portside.test', tunnel: '10.77.0.0/22', bmcs: '10.78.0.0/22' },
  { location: 'frankfurt', host: 'wg-fra.portside.test', tunnel: '10.77.4.0/22', bmcs: '10.78.4.0/22' },
];

/** A fresh X25519 public key in WireGuard's form (the simulated gateway's private key is not kept). */
function newPublicKey(): string {
  const { publicKey } = crypto.generateKeyPairSync('x25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url').toString('base64');
}

export async function seedIpmiGateways(pool: pg.Pool): Promise<void> {
  for (const g of GATEWAYS) {
    await pool.query(
      `INSERT INTO ipmi_gateways (location_id, public_key, endpoint, tunnel_network, bmc_network)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM hosting_locations WHERE id = $1)
       ON CONFLICT (location_id) DO NOTHING`,
      [g.location, newPublicKey(), `${g.host}:${IPMI_WIREGUARD_PORT}`, g.tunnel, g.bmcs],
    );
  }
}

/** The demo customer's dedicated servers: one per location, the Frankfurt one with a degraded disk. */
const DEMO_SERVERS = [
  {
    serial: 'CZ20450LIS',
    bmc: 'demo-bmc-lis-01',
    location: 'lisbon',
    hostname: 'lis-metal-01',
    model: 'ProLiant DL360 Gen10',
    manufacturer: 'HPE',
    cpuFamily: 'Intel Xeon',
    cpuName: 'Xeon Silver 4214R',
    baseCents: 8900,
    ipv4: '185.66.10.250',
    iLO5: true,
    degraded: false,
  },
  {
    serial: 'S4120FRA07',
    bmc: 'demo-bmc-fra-01',
    location: 'frankfurt',
    hostname: 'fra-metal-01',
    model: 'SuperServer 1029U-TR4',
    manufacturer: 'Supermicro',
    cpuFamily: 'Intel Xeon',
    cpuName: 'Xeon Gold 6230',
    baseCents: 12900,
    ipv4: '91.198.40.250',
    iLO5: false,
    degraded: true,
  },
];

/**
 * The demo's dedicated servers on simulated BMCs (registered with the simulator's factory login,
 * the seed having no data key), their services, and one server being installed. Their state and
 * inventory are read by the first dedicated sync after start. Idempotent.
 */
export async function seedDemoDedicated(pool: pg.Pool, demoEmail: string): Promise<void> {
  const owner = await pool.query<{ client_id: string }>(`SELECT client_id FROM users WHERE lower(email) = lower($1)`, [
    demoEmail,
  ]);
  const clientId = owner.rows[0]?.client_id;
  if (!clientId) return;
  for (const d of DEMO_SERVERS) {
    const drives = defaultDrives(d.serial).map((x, i) => (d.degraded && i === 1 ? { ...x, health: 'Warning' as const } : x));
    await createSimulatedSystem(pool, {
      bmc: d.bmc,
      serial: d.serial,
      manufacturer: d.manufacturer,
      model: d.model,
      drives,
      ...(d.iLO5 ? { resetTypes: ILO5_RESET_TYPES } : {}),
    });
    const exists = await pool.query(`SELECT 1 FROM dedicated_servers WHERE serial = $1`, [d.serial]);
    if (exists.rowCount) continue;
    const bmc = await pool.query<{ id: number }>(
      `INSERT INTO bmcs (name, driver, address, system_id, username) VALUES ($1, 'simulator', $1, '1', $2)
       ON CONFLICT (name) DO UPDATE SET address = EXCLUDED.address RETURNING id`,
      [d.bmc, SIMULATED_BMC_ADMIN.username],
    );
    const service = await pool.query<{ equipment_id: number }>(
      `INSERT INTO services (client_id, category, description, description_key, description_params, start_date, min_cancel_date,
                             contract_months, monthly_cents)
       SELECT $1, 'dedicated-server', ${DEDICATED_DESCRIPTION_SQL}, 'services:description.dedicated_server',
              jsonb_build_object('model', $2::text, 'hostname', $3::text, 'location', l.name, 'location_id', l.id),
              utc_today() - 40, utc_today() - 40 + 30, 1, $5
         FROM hosting_locations l WHERE l.id = $4 RETURNING equipment_id`,
      [clientId, d.model, d.hostname, d.location, d.baseCents],
    );
    await pool.query(
      `INSERT INTO dedicated_servers (serial, client_id, equipment_id, bmc_id, location_id, hostname, model, cpu_family, cpu_name, base_cents, ipv4)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::inet)`,
      [
        d.serial,
        clientId,
        service.rows[0]!.equipment_id,
        bmc.rows[0]!.id,
        d.location,
        d.hostname,
        d.model,
        d.cpuFamily,
        d.cpuName,
        d.baseCents,
        d.ipv4,
      ],
    );
  }
  await pool.query(
    `INSERT INTO server_installs (serial, client_id, offer_id, offer_name, cpu, location_id, hostname, monthly_cents, step, ordered_at, racked_at)
     SELECT 'INST-' || lpad(nextval('server_installs_ref_seq')::text, 6, '0'), $1, o.id, o.name, o.cpu, o.location_id, 'fra-metal-02',
            o.monthly_price_cents, 'racked', now() - interval '3 days', now() - interval '1 day'
       FROM server_offers o
      WHERE o.location_id = 'frankfurt' AND o.active AND NOT EXISTS (SELECT 1 FROM server_installs WHERE client_id = $1)
      ORDER BY o.sort LIMIT 1`,
    [clientId],
  );
}
