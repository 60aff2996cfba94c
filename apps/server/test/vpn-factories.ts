/**
 * VPN servers for the API and browser tests: a cloud server made from the `wireguard` image on a
 * seeded simulated cluster (as an order leaves it), its simulated driver, and reads of its rows.
 */
import { VPN_IMAGE_ID } from '@portside/contract/rules/vpn';
import type { Database } from '../src/db/database.js';
import type { HypervisorRegistry } from '../src/drivers/hypervisor/registry.js';
import type { SimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { generateWgKeyPair } from '../src/drivers/hypervisor/wireguard-keys.js';
import { createTestVm } from './vm-factories.js';

let serial = 0;

/** A VPN server of the account (RUNNING unless said), with its own public addresses in the Lisbon pools. */
export async function createVpnServer(
  db: Pick<Database, 'owner'>,
  clientId: string,
  o: { power?: 'RUNNING' | 'STOPPED'; ipv4?: boolean } = {},
): Promise<{ id: number; vmid: number; name: string; ipv4: string | null; ipv6: string }> {
  const name = `vpn${Date.now().toString(36)}${serial++}`;
  const made = await createTestVm(db, { clientId, name, power: o.power ?? 'RUNNING' });
  const n = 0x7000 + made.provisionedId;
  const ipv4 = o.ipv4 === false ? null : `198.51.100.${(made.provisionedId % 200) + 20}`;
  const ipv6 = `2a0e:1d80:10::${n.toString(16)}`;
  await db.owner.query(`UPDATE vms SET image_id = $2, ipv4 = $3::inet, ipv6 = $4::inet WHERE provisioned_id = $1`, [
    made.provisionedId,
    VPN_IMAGE_ID,
    ipv4,
    ipv6,
  ]);
  return { id: made.provisionedId, vmid: made.vmid, name, ipv4, ipv6 };
}

/** The simulated driver of a server's cluster (the same instance the server's jobs use). */
export async function driverOf(db: Pick<Database, 'owner'>, hypervisors: HypervisorRegistry, id: number) {
  const r = await db.owner.query<{ cluster_id: number }>(`SELECT cluster_id FROM vms WHERE provisioned_id = $1`, [id]);
  return (await hypervisors.forCluster(r.rows[0]!.cluster_id)) as SimulatorHypervisor;
}

/** A VPN server's row as the owner sees it (sealed key included). */
export async function vpnRow(db: Pick<Database, 'owner'>, id: number) {
  const r = await db.owner.query<{
    public_key: string | null;
    private_key_sealed: string | null;
    config_revision: number;
    applied_revision: number;
    push_error: string | null;
    push_lease_until: Date | null;
  }>(
    `SELECT public_key, private_key_sealed, config_revision, applied_revision, push_error, push_lease_until
       FROM vpn_servers WHERE provisioned_id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** A new device's key pair (as the browser makes it). */
export const deviceKey = () => generateWgKeyPair();
