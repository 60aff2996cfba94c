/**
 * The bench/scale.ts data: `accounts` accounts holding `vms` cloud servers on four simulated
 * clusters (two nodes each, two in Lisbon and two in Frankfurt), each server with its service and
 * its simulated twin in the sim_* tables the simulator driver reads. The first two accounts hold
 * `bigVms` stopped servers each (the 500-VM customers the bench logs in as); the others share the
 * rest, running. Everything is created three months ago, so a month's invoicing bills it whole.
 */
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/auth.service.js';

export interface ScaleShape {
  accounts: number;
  vms: number;
  bigVms: number;
}

/** The password of the two big accounts' owners (`scale-1@bench.test`, `scale-2@bench.test`). */
export const SCALE_PASSWORD = 'scale-bench-1';
export const SCALE_CLUSTERS = ['scale-1', 'scale-2', 'scale-3', 'scale-4'];

/** Creates the data; answers the seconds it took. */
export async function seedScale(owner: pg.Pool, shape: ScaleShape): Promise<number> {
  const t0 = performance.now();
  for (const [i, name] of SCALE_CLUSTERS.entries()) {
    const nodes = [`${name}-n1`, `${name}-n2`];
    await owner.query(`INSERT INTO clusters (name, location_id, driver, sim_nodes) VALUES ($1, $2, 'simulator', $3)`, [
      name,
      i % 2 === 0 ? 'lisbon' : 'frankfurt',
      nodes,
    ]);
    await owner.query(`INSERT INTO sim_nodes (name) SELECT unnest($1::text[])`, [nodes]);
  }
  await owner.query(
    `WITH c AS (
       INSERT INTO clients (first_name, last_name, address, city, country, phone_prefix, phone_number, state, postcode, verification_status)
       SELECT 'Scale', 'Account ' || g, 'Rua 1', 'Lisboa', CASE WHEN g % 3 = 0 THEN 'DE' ELSE 'PT' END, '+351', '900000000', 'Lisboa', '1000-001', 'approved'
         FROM generate_series(1, $1) g RETURNING id, last_name)
     INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner, email_confirmed_at)
     SELECT id, 'scale-' || substring(last_name from 9) || '@bench.test', 'x', 'Scale', 'Owner', true, now() FROM c`,
    [shape.accounts],
  );
  const password = await hashPassword(SCALE_PASSWORD);
  await owner.query(`UPDATE users SET password_hash = $1 WHERE email IN ('scale-1@bench.test', 'scale-2@bench.test')`, [
    password,
  ]);
  await owner.query(
    `INSERT INTO projects (client_id, name, is_default) SELECT client_id, 'default', true FROM users WHERE email LIKE 'scale-%@bench.test'`,
  );
  // Server g: account 1 or 2 for the first 2 × bigVms, else spread over the others; cluster by g.
  await owner.query(
    `CREATE TEMP TABLE scale_plan AS
     SELECT g, 'scale-vm-' || g AS name,
            CASE WHEN g <= $2 THEN 1 WHEN g <= 2 * $2 THEN 2 ELSE 3 + (g - 2 * $2 - 1) % ($3 - 2) END AS account,
            'scale-' || (1 + g % 4) AS cluster,
            'scale-' || (1 + g % 4) || '-n' || (1 + (g / 4) % 2) AS node,
            g > 2 * $2 AS running
       FROM generate_series(1, $1) g`,
    [shape.vms, shape.bigVms, shape.accounts],
  );
  await owner.query(
    `INSERT INTO sim_vms (node, name, power, started_at, cores, memory_mb, disk_gb)
     SELECT node, name, CASE WHEN running THEN 'RUNNING' ELSE 'STOPPED' END, CASE WHEN running THEN now() END, 2, 4096, 60
       FROM scale_plan ORDER BY g`,
  );
  await owner.query(
    `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, power_status, locked, backups_enabled, created_at, last_seen_at)
     SELECT u.client_id, p.id, c.id, s.node, s.vmid, s.name, m.id, 60, CASE WHEN sp.running THEN 'RUNNING' ELSE 'STOPPED' END, 'off',
            sp.g % 2 = 0, date_trunc('month', now()) - interval '3 months', now()
       FROM scale_plan sp
       JOIN sim_vms s ON s.name = sp.name
       JOIN users u ON u.email = 'scale-' || sp.account || '@bench.test'
       JOIN projects p ON p.client_id = u.client_id
       JOIN clusters c ON c.name = sp.cluster
       JOIN vm_models m ON m.code = 'S2R4' AND m.core_type = 'vcore'`,
  );
  await owner.query(
    `INSERT INTO services (client_id, category, description, provisioned_id, start_date, min_cancel_date, monthly_cents)
     SELECT v.client_id, 'cloud-server', 'Cloud server ' || v.name, v.provisioned_id, v.created_at::date, v.created_at::date + 30, 1000
       FROM vms v WHERE v.name LIKE 'scale-vm-%'`,
  );
  await owner.query(`DROP TABLE scale_plan`);
  await owner.query(`ANALYZE`);
  return (performance.now() - t0) / 1000;
}
