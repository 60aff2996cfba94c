/**
 * The demo's network operations (issue 18): a simulated router per location whose subnets are the
 * location's public IPv4 pool and its BMC network, with the DHCP reservations of the dedicated
 * servers and a colocated device, dynamic leases and ARP entries of the demo VMs; and a switch per
 * location with the demo dedicated servers' ports. The routers are registered with the simulator's
 * factory login (the seed has no data key) and read once here, as the first sync would. Idempotent.
 */
import type pg from 'pg';
import { registerRouter } from '../drivers/router/registry.repository.js';
import { createSimulatorRouter, SIMULATED_ROUTER_ADMIN } from '../drivers/router/simulator-router.js';
import { createSimulatedRouter } from '../drivers/router/simulator-router.repository.js';
import { recordRead } from '../modules/routers/routers-sync.repository.js';

const ROUTERS = [
  {
    name: 'demo-router-lis',
    location: 'lisbon',
    addresses: [
      { address: '185.66.10.1/24', interface: 'ether1-public' },
      { address: '10.78.0.1/22', interface: 'vlan900-bmc' },
    ],
    servers: [{ serial: 'CZ20450LIS', address: '185.66.10.250', mac: 'AC:1F:6B:45:02:50' }],
    colo: { address: '185.66.10.60', mac: '00:25:90:AB:00:60', comment: 'colo rack 4 firewall' },
  },
  {
    name: 'demo-router-fra',
    location: 'frankfurt',
    addresses: [
      { address: '91.198.40.1/24', interface: 'ether1-public' },
      { address: '10.78.4.1/22', interface: 'vlan900-bmc' },
    ],
    servers: [{ serial: 'S4120FRA07', address: '91.198.40.250', mac: '3C:EC:EF:12:02:50' }],
    colo: { address: '91.198.40.60', mac: '00:25:90:CD:00:60', comment: 'backup appliance' },
  },
] as const;

const SWITCHES = [
  { name: 'sw-lis-01', location: 'lisbon', model: 'Juniper EX4300-48T', server: 'CZ20450LIS' },
  { name: 'sw-fra-01', location: 'frankfurt', model: 'Arista 7050SX-64', server: 'S4120FRA07' },
] as const;

export async function seedDemoRouters(pool: pg.Pool): Promise<void> {
  for (const r of ROUTERS) {
    const located = await pool.query(`SELECT 1 FROM hosting_locations WHERE id = $1`, [r.location]);
    if (!located.rowCount) continue;
    // The demo VMs of the location with a public address: ARP entries and dynamic leases.
    const vms = await pool.query<{ ip: string; mac: string }>(
      `SELECT host(ipv4) AS ip, upper(mac) AS mac FROM vms
        WHERE state <> 'deleted' AND ipv4 << $1::inet AND mac ~* '^([0-9a-f]{2}:){5}[0-9a-f]{2}$' ORDER BY ipv4`,
      [r.addresses[0].address],
    );
    const iface = r.addresses[0].interface;
    await createSimulatedRouter(pool, {
      name: r.name,
      ...SIMULATED_ROUTER_ADMIN,
      addresses: [...r.addresses],
      arp: [
        ...vms.rows.map((v) => ({ address: v.ip, mac: v.mac, interface: iface, status: 'reachable' })),
        ...r.servers.map((s) => ({ address: s.address, mac: s.mac, interface: iface, status: 'reachable' })),
        { address: r.colo.address, mac: r.colo.mac, interface: iface, status: 'stale' },
        { address: r.addresses[0].address.replace(/\.1\/24$/, '.77'), mac: null, interface: iface, status: 'failed' },
      ],
      leases: [
        ...r.servers.map((s) => ({ address: s.address, mac: s.mac, comment: `${s.serial} eth0`, dynamic: false })),
        { ...r.colo, dynamic: false },
        ...vms.rows.slice(0, 2).map((v) => ({ address: v.ip, mac: v.mac, dynamic: true })),
      ],
    });
    const id = await registerRouter(pool, null, {
      name: r.name,
      location: r.location,
      driver: 'simulator',
      address: r.name,
      username: SIMULATED_ROUTER_ADMIN.username,
      password: null,
    });
    const seen = await pool.query(`SELECT 1 FROM routers WHERE id = $1 AND synced_at IS NOT NULL`, [id]);
    if (seen.rowCount) continue;
    const d = createSimulatorRouter(pool, { address: r.name, ...SIMULATED_ROUTER_ADMIN });
    const read = { subnets: await d.addresses(), arp: await d.arp(), leases: await d.leases() };
    const c = await pool.connect();
    try {
      await recordRead(c, id, read);
    } finally {
      c.release();
    }
  }
  for (const w of SWITCHES) {
    const sw = await pool.query<{ id: number }>(
      `INSERT INTO switches (name, location_id, model) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM hosting_locations WHERE id = $2)
       ON CONFLICT (name) DO UPDATE SET model = EXCLUDED.model RETURNING id`,
      [w.name, w.location, w.model],
    );
    const id = sw.rows[0]?.id;
    if (id === undefined) continue;
    const ports = [
      { port: 'ge-0/0/1', serverPort: 'eth0', vlan: 110, speed: 1000, note: 'public uplink' },
      { port: 'ge-0/0/2', serverPort: 'eth1', vlan: 200, speed: 1000, note: 'private network' },
      { port: 'ge-0/0/47', serverPort: 'ipmi', vlan: 900, speed: 100, note: 'BMC' },
    ];
    for (const p of ports)
      await pool.query(
        `INSERT INTO switch_connections (switch_id, port, server_serial, server_port, vlan, speed_mbps, note)
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM dedicated_servers WHERE serial = $3)
         ON CONFLICT DO NOTHING`,
        [id, p.port, w.server, p.serverPort, p.vlan, p.speed, p.note],
      );
  }
}
