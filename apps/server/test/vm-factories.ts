/**
 * Test servers for the VM tests (API and browser): a VM on a seeded simulated cluster and its
 * portal row, as an order would leave them; and lookups by name.
 */
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import type { Database } from '../src/db/database.js';
import type { FakePve } from './fake-pve.js';

export interface TestVmSpec {
  clientId: string;
  name: string;
  power?: 'RUNNING' | 'STOPPED';
  locked?: boolean;
  /** A seeded cluster: 'lis-sim' (default) or 'fra-sim'. */
  cluster?: string;
  /** The model's code and core type (default S1R2 vcore). */
  model?: string;
  coreType?: string;
  /** The project's id; the account's default project when left out. */
  projectId?: number;
  ipv4?: string | null;
}

/** Creates a VM on the simulated cluster and in the portal; answers its provisioned_id and vmid. */
export async function createTestVm(
  db: Pick<Database, 'owner'>,
  spec: TestVmSpec,
): Promise<{ provisionedId: number; vmid: number }> {
  const pool = db.owner;
  const cluster = (
    await pool.query<{ id: number; sim_nodes: string[] }>(`SELECT id, sim_nodes FROM clusters WHERE name = $1`, [
      spec.cluster ?? 'lis-sim',
    ])
  ).rows[0];
  if (!cluster) throw new Error(`no cluster ${spec.cluster}`);
  const model = (
    await pool.query<{ id: number; cores: number; ram_gb: number; disk_gb: number }>(
      `SELECT id, cores, ram_gb, disk_gb FROM vm_models WHERE code = $1 AND core_type = $2`,
      [spec.model ?? 'S1R2', spec.coreType ?? 'vcore'],
    )
  ).rows[0];
  if (!model) throw new Error(`no model ${spec.model}`);
  const node = cluster.sim_nodes[0]!;
  const power = spec.power ?? 'STOPPED';
  const vmid = await createSimulatorHypervisor(pool).createVm({
    node,
    name: spec.name,
    power,
    locked: spec.locked ?? false,
    cores: model.cores,
    memoryMb: model.ram_gb * 1024,
    diskGb: model.disk_gb,
  });
  const r = await pool.query<{ id: number }>(
    `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, ipv4, power_status, locked, last_seen_at)
     VALUES ($1, coalesce($2, (SELECT id FROM projects WHERE client_id = $1 AND is_default)), $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
     RETURNING provisioned_id::int AS id`,
    [
      spec.clientId,
      spec.projectId ?? null,
      cluster.id,
      node,
      vmid,
      spec.name,
      model.id,
      model.disk_gb,
      spec.ipv4 ?? null,
      power,
      spec.locked ? 'on' : 'off',
    ],
  );
  return { provisionedId: r.rows[0]!.id, vmid };
}

/** A VM's portal row by name (owner view, any account). */
export async function vmByName(db: Pick<Database, 'owner'>, name: string) {
  const r = await db.owner.query<{
    provisioned_id: number;
    vmid: number;
    client_id: string;
    power_status: string;
    locked: string;
    state: string;
    name: string;
  }>(
    `SELECT provisioned_id::int AS provisioned_id, vmid, client_id, power_status, locked, state, name FROM vms WHERE name = $1 ORDER BY provisioned_id DESC LIMIT 1`,
    [name],
  );
  const vm = r.rows[0];
  if (!vm) throw new Error(`no VM named ${name}`);
  return vm;
}

/** Creates a VM on a fake PVE cluster registered as `cluster` and in the portal; answers its provisioned_id and vmid. */
export async function createFakePveVm(
  db: Pick<Database, 'owner'>,
  pve: Pick<FakePve, 'createVm'>,
  spec: { clientId: string; cluster: string; node: string; name: string },
): Promise<{ provisionedId: number; vmid: number }> {
  const vmid = pve.createVm({ name: spec.name, node: spec.node, power: 'RUNNING' });
  const r = await db.owner.query<{ id: number }>(
    `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, power_status, locked, last_seen_at)
     SELECT $1, (SELECT id FROM projects WHERE client_id = $1 AND is_default), c.id, $3, $4, $5, m.id, m.disk_gb, 'RUNNING', 'off', now()
       FROM clusters c, vm_models m WHERE c.name = $2 ORDER BY m.id LIMIT 1
     RETURNING provisioned_id::int AS id`,
    [spec.clientId, spec.cluster, spec.node, vmid, spec.name],
  );
  if (!r.rows[0]) throw new Error(`no cluster ${spec.cluster}`);
  return { provisionedId: r.rows[0].id, vmid };
}
