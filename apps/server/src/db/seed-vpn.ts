/**
 * The demo VPN server (issue 17): the demo owner's `vpn-lisbon`, a cloud server made from the
 * `wireguard` image on the Lisbon cluster, with one peer (Dana's laptop). The seed has no data key,
 * so the server has no key pair yet: the first push (the vpn.sweep job finds it due within half a
 * minute of the start) or the first peer added makes it, seals it and writes the server's wg0.conf.
 * Runs before the services are seeded, so the server is billed like the others. Idempotent: an
 * account with a VPN server already is left alone.
 */
import type pg from 'pg';
import { VPN_IMAGE_ID } from '@portside/contract/rules/vpn';
import { createSimulatorHypervisor } from '../drivers/hypervisor/simulator.js';
import { inTransaction } from './transaction.js';

/** The demo VPN server and its one peer (the peer's public key was made for the demo; its private key is nobody's). */
export const DEMO_VPN = {
  name: 'vpn-lisbon',
  cluster: 'lis-sim',
  node: 'lis-node2',
  model: 'S1R2',
  ipv4: '185.66.10.40',
  ipv6: '2a0e:1d80:10::40',
  ageDays: 9,
  peer: { name: 'dana-laptop', publicKey: 'SUPu8ityw/RaEZGBg4FJy3gmki046HaowaiSizMBVTs=', host: 2, ageDays: 8 },
} as const;

export async function seedDemoVpn(pool: pg.Pool, email: string): Promise<void> {
  const acct = await pool.query<{ client_id: string }>(`SELECT client_id FROM users WHERE lower(email) = lower($1)`, [email]);
  const clientId = acct.rows[0]?.client_id;
  if (!clientId) return;
  const had = await pool.query(`SELECT 1 FROM vms WHERE client_id = $1 AND image_id = $2 LIMIT 1`, [clientId, VPN_IMAGE_ID]);
  if (had.rowCount) return;
  const m = (
    await pool.query<{ id: number; cores: number; ram_gb: number; disk_gb: number }>(
      `SELECT id, cores, ram_gb, disk_gb FROM vm_models WHERE code = $1 AND core_type = 'vcore'`,
      [DEMO_VPN.model],
    )
  ).rows[0];
  const cluster = (await pool.query<{ id: number }>(`SELECT id FROM clusters WHERE name = $1`, [DEMO_VPN.cluster])).rows[0];
  if (!m || !cluster) throw new Error('demo VPN server: the seeded model or cluster is missing');
  const vmid = await createSimulatorHypervisor(pool).createVm({
    node: DEMO_VPN.node,
    name: DEMO_VPN.name,
    power: 'RUNNING',
    cores: m.cores,
    memoryMb: m.ram_gb * 1024,
    diskGb: m.disk_gb,
  });
  await inTransaction(pool, async (c) => {
    const vm = await c.query<{ id: string }>(
      `INSERT INTO vms (client_id, project_id, cluster_id, node, vmid, name, model_id, disk_gb, ipv4, ipv6, power_status, locked,
                        external_ipv4, last_seen_at, created_at, image_id)
       SELECT $1, p.id, $2, $3, $4, $5, $6, $7, $8, $9, 'RUNNING', 'off', 0, now(), now() - make_interval(days => $10), $11
         FROM projects p WHERE p.client_id = $1 AND p.is_default
       RETURNING provisioned_id::text AS id`,
      [
        clientId,
        cluster.id,
        DEMO_VPN.node,
        vmid,
        DEMO_VPN.name,
        m.id,
        m.disk_gb,
        DEMO_VPN.ipv4,
        DEMO_VPN.ipv6,
        DEMO_VPN.ageDays,
        VPN_IMAGE_ID,
      ],
    );
    const id = vm.rows[0]!.id;
    // Revision 2 (the server, then its peer), none applied yet: the first push writes both.
    await c.query(
      `INSERT INTO vpn_servers (provisioned_id, client_id, config_revision, created_at) VALUES ($1, $2, 2, now() - make_interval(days => $3))`,
      [id, clientId, DEMO_VPN.ageDays],
    );
    await c.query(
      `INSERT INTO vpn_peers (provisioned_id, client_id, name, public_key, host, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6))`,
      [id, clientId, DEMO_VPN.peer.name, DEMO_VPN.peer.publicKey, DEMO_VPN.peer.host, DEMO_VPN.peer.ageDays],
    );
  });
}
