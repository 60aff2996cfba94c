/**
 * Demo VMs (issue 4): two simulated clusters, Lisbon and Frankfurt, and servers of the demo account
 * in both locations and in several states (running, stopped, locked, with backups and snapshots),
 * plus one server of the other customer (for isolation checks). Each VM exists on the simulated
 * cluster as well as in the portal, as after a real order. Idempotent: clusters and nodes are
 * upserted; an account's servers are created only when it has none.
 */
import type pg from 'pg';
import { createSimulatorHypervisor } from '../drivers/hypervisor/simulator.js';
import { DEMO_SECOND_PROJECT } from './seed-projects.js';

/** The demo's simulated clusters and their nodes. */
export const DEMO_CLUSTERS = [
  { name: 'lis-sim', location: 'lisbon', nodes: ['lis-node1', 'lis-node2'] },
  { name: 'fra-sim', location: 'frankfurt', nodes: ['fra-node1', 'fra-node2'] },
] as const;

/** The demo locations' address pools (the demo servers' addresses lie in them; orders take the free ones). */
const DEMO_POOLS: Array<{
  location: string;
  family: number;
  network: string;
  gateway: string;
  first: string;
  last: string;
  private?: boolean;
}> = [
  // Private IPv4 behind each location's gateway: servers without a public IPv4 get one for port forwarding.
  {
    location: 'lisbon',
    family: 4,
    network: '10.10.0.0/16',
    gateway: '10.10.0.1',
    first: '10.10.0.2',
    last: '10.10.255.254',
    private: true,
  },
  {
    location: 'frankfurt',
    family: 4,
    network: '10.20.0.0/16',
    gateway: '10.20.0.1',
    first: '10.20.0.2',
    last: '10.20.255.254',
    private: true,
  },
  {
    location: 'lisbon',
    family: 4,
    network: '185.66.10.0/24',
    gateway: '185.66.10.1',
    first: '185.66.10.2',
    last: '185.66.10.254',
  },
  {
    location: 'lisbon',
    family: 6,
    network: '2a0e:1d80:10::/64',
    gateway: '2a0e:1d80:10::1',
    first: '2a0e:1d80:10::2',
    last: '2a0e:1d80:10::ffff',
  },
  {
    location: 'frankfurt',
    family: 4,
    network: '91.198.40.0/24',
    gateway: '91.198.40.1',
    first: '91.198.40.2',
    last: '91.198.40.254',
  },
  {
    location: 'frankfurt',
    family: 6,
    network: '2a0e:1d80:20::/64',
    gateway: '2a0e:1d80:20::1',
    first: '2a0e:1d80:20::2',
    last: '2a0e:1d80:20::ffff',
  },
] as const;

interface DemoVm {
  name: string;
  cluster: (typeof DEMO_CLUSTERS)[number]['name'];
  node: string;
  model: string;
  coreType: 'vcore' | 'dedicated-performance' | 'dedicated-windows';
  diskGb: number;
  power: 'RUNNING' | 'STOPPED';
  locked: boolean;
  project: 'default' | typeof DEMO_SECOND_PROJECT;
  ipv4: string | null;
  ipv6: string;
  /** The system image (images.ts); debian-12 when left out. */
  image?: string;
  backups?: boolean;
  snapshotsGb?: number;
  externalIpv4?: number;
  ageDays: number;
}

/** The demo owner's servers. */
export const DEMO_VMS: readonly DemoVm[] = [
  {
    name: 'web-1.demo.example',
    cluster: 'lis-sim',
    node: 'lis-node1',
    model: 'S2R4',
    coreType: 'vcore',
    diskGb: 60,
    power: 'RUNNING',
    locked: false,
    project: 'default',
    ipv4: '185.66.10.21',
    ipv6: '2a0e:1d80:10::21',
    backups: true,
    ageDays: 212,
  },
  {
    name: 'db-1.demo.example',
    cluster: 'lis-sim',
    node: 'lis-node2',
    model: 'S4R16',
    coreType: 'dedicated-performance',
    diskGb: 200,
    power: 'RUNNING',
    locked: true,
    project: 'default',
    ipv4: '185.66.10.22',
    ipv6: '2a0e:1d80:10::22',
    backups: true,
    snapshotsGb: 20,
    externalIpv4: 1,
    ageDays: 180,
  },
  {
    name: 'build-runner',
    cluster: 'fra-sim',
    node: 'fra-node1',
    model: 'S8R32',
    coreType: 'vcore',
    diskGb: 200,
    power: 'STOPPED',
    locked: false,
    project: DEMO_SECOND_PROJECT,
    ipv4: '91.198.40.13',
    ipv6: '2a0e:1d80:20::13',
    ageDays: 45,
  },
  {
    name: 'win-desktop',
    cluster: 'fra-sim',
    node: 'fra-node2',
    model: 'S4R8',
    coreType: 'dedicated-windows',
    diskGb: 100,
    power: 'STOPPED',
    locked: true,
    project: 'default',
    ipv4: null,
    ipv6: '2a0e:1d80:20::14',
    image: 'windows-2022',
    ageDays: 30,
  },
  {
    name: 'staging-api',
    cluster: 'lis-sim',
    node: 'lis-node1',
    model: 'S1R2',
    coreType: 'vcore',
    diskGb: 25,
    power: 'RUNNING',
    locked: false,
    project: DEMO_SECOND_PROJECT,
    ipv4: '185.66.10.30',
    ipv6: '2a0e:1d80:10::30',
    ageDays: 7,
  },
];

/** The other customer's server. */
const OTHER_VMS: readonly DemoVm[] = [
  {
    name: 'olga-app',
    cluster: 'fra-sim',
    node: 'fra-node1',
    model: 'S1R2',
    coreType: 'vcore',
    diskGb: 25,
    power: 'RUNNING',
    locked: false,
    project: 'default',
    ipv4: '91.198.40.50',
    ipv6: '2a0e:1d80:20::50',
    ageDays: 90,
  },
];

/** A locally administered MAC address derived from the vmid (BC:24:11 is Proxmox's prefix). */
function macOf(vmid: number): string {
  const b = [(vmid >> 16) & 0xff, (vmid >> 8) & 0xff, vmid & 0xff];
  return ['BC', '24', '11', ...b.map((x) => x.toString(16).toUpperCase().padStart(2, '0'))].join(':');
}

/** Upserts the demo clusters, their simulated nodes and their locations' address pools. */
export async function seedClusters(pool: pg.Pool): Promise<void> {
  for (const c of DEMO_CLUSTERS) {
    await pool.query(
      `INSERT INTO clusters (name, location_id, driver, sim_nodes) VALUES ($1, $2, 'simulator', $3)
       ON CONFLICT (name) DO UPDATE SET sim_nodes = EXCLUDED.sim_nodes`,
      [c.name, c.location, c.nodes],
    );
    for (const n of c.nodes) await pool.query(`INSERT INTO sim_nodes (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [n]);
  }
  for (const p of DEMO_POOLS) {
    await pool.query(
      `INSERT INTO ip_pools (location_id, family, network, gateway, first_host, last_host, private)
       SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM ip_pools WHERE network = $3::cidr)`,
      [p.location, p.family, p.network, p.gateway, p.first, p.last, p.private === true],
    );
  }
}

/** Creates `vms` for the account of `email` unless it has servers already. */
async function seedAccountVms(pool: pg.Pool, email: string, vms: readonly DemoVm[]): Promise<void> {
  const acct = await pool.query<{ client_id: string }>(`SELECT client_id FROM users WHERE lower(email) = lower($1)`, [email]);
  const clientId = acct.rows[0]?.client_id;
  if (!clientId) return;
  if ((await pool.query(`SELECT 1 FROM vms WHERE client_id = $1 LIMIT 1`, [clientId])).rowCount) return;
  const sim = createSimulatorHypervisor(pool);
  for (const v of vms) {
    const model = await pool.query<{ id: number; cores: number; ram_gb: number }>(
      `SELECT id, cores, ram_gb FROM vm_models WHERE code = $1 AND core_type = $2`,
      [v.model, v.coreType],
    );
    const m = model.rows[0];
    if (!m) throw new Error(`demo VM ${v.name}: no model ${v.model} (${v.coreType})`);
    const cluster = await pool.query<{ id: number }>(`SELECT id FROM clusters WHERE name = $1`, [v.cluster]);
    const vmid = await sim.createVm({
      node: v.node,
      name: v.name,
      power: v.power,
      locked: v.locked,
      cores: m.cores,
      memoryMb: m.ram_gb * 1024,
      diskGb: v.diskGb,
    });
    await pool.query(
      `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, ipv4, ipv6, mac, power_status, locked,
                        backups_enabled, snapshots_gb, external_ipv4, last_seen_at, created_at, image_id)
       SELECT $1, p.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now(), now() - make_interval(days => $17), $18
         FROM projects p WHERE p.client_id = $1 AND ($2 = 'default' AND p.is_default OR p.name = $2)
        LIMIT 1`,
      [
        clientId,
        v.project,
        cluster.rows[0]!.id,
        v.node,
        vmid,
        v.name,
        m.id,
        v.diskGb,
        v.ipv4,
        v.ipv6,
        macOf(vmid),
        v.power,
        v.locked ? 'on' : 'off',
        v.backups ?? false,
        v.snapshotsGb ?? 0,
        v.externalIpv4 ?? 0,
        v.ageDays,
        v.image ?? 'debian-12',
      ],
    );
  }
}

/** The demo clusters and servers. Runs after the accounts exist (seed.ts). */
export async function seedDemoVms(pool: pg.Pool, emails: { demo: string; other: string }): Promise<void> {
  await seedClusters(pool);
  await seedAccountVms(pool, emails.demo, DEMO_VMS);
  await seedAccountVms(pool, emails.other, OTHER_VMS);
}
