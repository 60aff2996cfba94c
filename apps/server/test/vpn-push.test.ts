/**
 * A VPN server's configuration pushed into its guest (issue 17) on the seeded simulated clusters:
 * the exact wg0.conf its peers imply (read back from the simulator) with the key pair the worker
 * made and sealed, retries while the VM or its guest agent is away, the sweep, one push at a time
 * per server, peers changed during a push, a server ordered or rebuilt with the wireguard image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VPN_CONFIG_PATH, vpnServerConfig } from '@portside/contract/rules/vpn';
import { openSecret } from '../src/drivers/hypervisor/secret-box.js';
import { wgPublicKeyOf } from '../src/drivers/hypervisor/wireguard-keys.js';
import { DEMO_VPN } from '../src/db/seed-vpn.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus, type JobDeps } from '../src/jobs/job-types.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, idsOf } from './factories.js';
import { waitTask } from './hypervisor-contract.js';
import { createVpnServer, deviceKey, driverOf, vpnRow } from './vpn-factories.js';

let s: TestServer;
let demo: string;
let demoClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => s?.stop());

const push = (id: number) => runJob(JobName.VpnPush, s.jobDeps(), { provisionedId: id });
/** The sweep with a queue that only records what it sends. */
async function sweepSends(): Promise<number[]> {
  const sent: number[] = [];
  const deps: JobDeps = {
    ...s.jobDeps(),
    jobs: { send: async (_n, data) => (sent.push((data as { provisionedId: number }).provisionedId), null) },
  };
  await runJob(JobName.VpnSweep, deps, {});
  return sent;
}
const peersOf = async (id: number) =>
  (
    await s.db.owner.query<{ name: string; public_key: string; host: number }>(
      `SELECT name, public_key, host FROM vpn_peers WHERE provisioned_id = $1 ORDER BY host`,
      [id],
    )
  ).rows;
/** The configuration the server's peers imply, with its sealed private key opened. */
async function expectedConfig(id: number, name: string): Promise<string> {
  const row = (await vpnRow(s.db, id))!;
  return vpnServerConfig({
    server: name,
    privateKey: openSecret(s.secrets.dataKey, row.private_key_sealed!),
    peers: await peersOf(id),
  });
}
const addPeer = async (id: number, name: string) => {
  const r = await s.rpc('VpnPeerAdd', { p_provisioned_id: id, p_name: name, p_public_key: deviceKey().publicKey }, demo);
  await s.jobsIdle();
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('the vpn.sweep and vpn.push jobs', () => {
  it('make the seeded server’s key pair, seal it, and write the exact wg0.conf its peer implies', async () => {
    const vpn = (await s.get('MyVpnServers', demo)).body.find((r: { name: string }) => r.name === DEMO_VPN.name);
    const id = vpn.provisioned_id as number;
    const r = await runJob(JobName.VpnSweep, s.jobDeps(), {});
    expect(r.status, r.detail).toBe(JobStatus.Success);
    await s.jobsIdle();
    const row = (await vpnRow(s.db, id))!;
    expect(row).toMatchObject({ config_revision: 2, applied_revision: 2, push_error: null, push_lease_until: null });
    const privateKey = openSecret(s.secrets.dataKey, row.private_key_sealed!);
    expect(row.private_key_sealed).toMatch(/^v1\./);
    expect(row.private_key_sealed).not.toContain(privateKey);
    expect(wgPublicKeyOf(privateKey)).toBe(row.public_key);
    const vmid = (await s.db.owner.query(`SELECT vmid FROM vms WHERE provisioned_id = $1`, [id])).rows[0].vmid as number;
    const sim = await driverOf(s.db, s.hypervisors, id);
    expect(await sim.guestFile(vmid, VPN_CONFIG_PATH)).toEqual({ content: await expectedConfig(id, DEMO_VPN.name), mode: 0o600 });
    expect((await sim.guestFile(vmid, VPN_CONFIG_PATH))!.content).toContain(
      `[Peer]\nPublicKey = ${DEMO_VPN.peer.publicKey}\nAllowedIPs = 10.99.0.2/32, fd99::2/128\n`,
    );
    expect((await sim.guestExec(vmid, ['wg', 'show', 'wg0', 'public-key'])).stdout).toBe(`${row.public_key}\n`);
    expect((await sim.guestExec(vmid, ['systemctl', 'is-enabled', 'wg-quick@wg0'])).stdout).toBe('enabled\n');
    // The page shows it applied; the application role never reads the sealed key.
    expect((await s.get(`MyVpnServers?provisioned_id=eq.${id}`, demo)).body[0]).toMatchObject({
      public_key: row.public_key,
      applied_revision: 2,
    });
    await expect(s.db.system((tx) => tx.query(`SELECT private_key_sealed FROM vpn_servers`))).rejects.toThrow(
      /permission denied/,
    );
    expect(await sweepSends()).toEqual([]);
    expect((await push(id)).status).toBe(JobStatus.Skipped);
  });

  it('retries while the VM is stopped or its guest agent is not up, and applies once the guest answers', async () => {
    const v = await createVpnServer(s.db, demoClient, { power: 'STOPPED' });
    await addPeer(v.id, 'phone');
    expect(await vpnRow(s.db, v.id)).toMatchObject({
      config_revision: 2,
      applied_revision: 0,
      push_error: `VM ${v.vmid} is not running`,
    });
    const shown = (await s.get(`MyVpnServers?provisioned_id=eq.${v.id}`, demo)).body[0];
    expect(shown).toMatchObject({ applied_revision: 0, push_error: `VM ${v.vmid} is not running` });
    // A stopped server is not swept.
    expect(await sweepSends()).not.toContain(v.id);
    const sim = await driverOf(s.db, s.hypervisors, v.id);
    await waitTask(sim, await sim.power(v.vmid, 'start'));
    await s.db.owner.query(`UPDATE vms SET power_status = 'RUNNING' WHERE provisioned_id = $1`, [v.id]);
    sim.setAgentDelay(3_600_000);
    try {
      const away = await push(v.id);
      expect(away.status).toBe(JobStatus.Failed);
      expect(away.detail).toMatch(/QEMU guest agent is not running/);
      expect(await vpnRow(s.db, v.id)).toMatchObject({ applied_revision: 0, push_lease_until: null });
      expect(await sim.guestFile(v.vmid, VPN_CONFIG_PATH)).toBeNull();
    } finally {
      sim.setAgentDelay(0);
    }
    // Just tried: the queue's own retry has it, not the sweep; a minute later the sweep sends it.
    expect(await sweepSends()).not.toContain(v.id);
    await s.db.owner.query(`UPDATE vpn_servers SET push_attempt_at = now() - interval '2 minutes' WHERE provisioned_id = $1`, [
      v.id,
    ]);
    expect(await sweepSends()).toContain(v.id);
    expect((await push(v.id)).status).toBe(JobStatus.Success);
    expect(await vpnRow(s.db, v.id)).toMatchObject({ applied_revision: 2, push_error: null });
    expect((await sim.guestFile(v.vmid, VPN_CONFIG_PATH))!.content).toBe(await expectedConfig(v.id, v.name));
  });

  it('pushes one server at a time: a live lease makes a second push wait, a lease past its time is taken over', async () => {
    const v = await createVpnServer(s.db, demoClient, { power: 'STOPPED' });
    await addPeer(v.id, 'held');
    const sim = await driverOf(s.db, s.hypervisors, v.id);
    await waitTask(sim, await sim.power(v.vmid, 'start'));
    await s.db.owner.query(`UPDATE vpn_servers SET push_lease_until = now() + interval '1 minute' WHERE provisioned_id = $1`, [
      v.id,
    ]);
    const busy = await push(v.id);
    expect([busy.status, busy.detail]).toEqual([JobStatus.Failed, `server ${v.id}: another push is running`]);
    expect(await sim.guestFile(v.vmid, VPN_CONFIG_PATH)).toBeNull();
    await s.db.owner.query(`UPDATE vpn_servers SET push_lease_until = now() - interval '1 second' WHERE provisioned_id = $1`, [
      v.id,
    ]);
    expect((await push(v.id)).status).toBe(JobStatus.Success);
    expect(await vpnRow(s.db, v.id)).toMatchObject({ applied_revision: 2, push_lease_until: null });
  });

  it('pushes again under its lease when a peer is added while it writes', async () => {
    const v = await createVpnServer(s.db, demoClient);
    await addPeer(v.id, 'first');
    const sim = await driverOf(s.db, s.hypervisors, v.id);
    const write = sim.writeGuestFile;
    let late: Record<string, unknown> | null = null;
    sim.writeGuestFile = async (...args) => {
      sim.writeGuestFile = write;
      // A second peer arrives while the first push writes (its own push finds the lease and waits).
      late = await addPeer(v.id, 'late');
      return write(...args);
    };
    try {
      await s.db.owner.query(`UPDATE vpn_servers SET config_revision = config_revision + 1 WHERE provisioned_id = $1`, [v.id]);
      const r = await push(v.id);
      expect(r.status, r.detail).toBe(JobStatus.Success);
    } finally {
      sim.writeGuestFile = write;
    }
    expect(late).not.toBeNull();
    expect(await vpnRow(s.db, v.id)).toMatchObject({ config_revision: 4, applied_revision: 4, push_lease_until: null });
    expect((await sim.guestFile(v.vmid, VPN_CONFIG_PATH))!.content).toBe(await expectedConfig(v.id, v.name));
    expect((await sim.guestExec(v.vmid, ['wg', 'show', 'wg0', 'peers'])).stdout.trim().split('\n')).toHaveLength(2);
  });

  it('configures a server ordered with the wireguard image once it is made', async () => {
    const hostname = `vpn-order-${Date.now().toString(36)}.demo.example`;
    const o = await s.db.owner.query<{ id: string }>(
      `INSERT INTO orders (client_id, idempotency_key, payment_method, status, subtotal_cents, total_cents, monthly_cents, paid_at)
       VALUES ($1, $2, 'card', 'provisioning', 0, 0, 240, now()) RETURNING id::text`,
      [demoClient, `test-${hostname}`],
    );
    const i = await s.db.owner.query<{ id: string }>(
      `INSERT INTO order_items (order_id, client_id, position, offer_id, model_id, location_id, image_id, hostname, disk_gb, backups, monthly_cents, first_charge_cents, trial, ssh_key_ids)
       SELECT $1, $2, 1, 'vm-test', m.id, 'lisbon', 'wireguard', $3, 25, false, 240, 100, false, '{}'
         FROM vm_models m WHERE m.code = 'S1R2' AND m.core_type = 'vcore' RETURNING id::text`,
      [o.rows[0]!.id, demoClient, hostname],
    );
    const made = await runJob(JobName.OrderProvision, s.jobDeps(), { itemId: i.rows[0]!.id });
    expect(made.status, made.detail).toBe(JobStatus.Success);
    await s.jobsIdle();
    const vm = (await s.db.owner.query(`SELECT provisioned_id::int AS id, vmid FROM vms WHERE name = $1`, [hostname])).rows[0];
    expect(await vpnRow(s.db, vm.id)).toMatchObject({ config_revision: 1, applied_revision: 1, push_error: null });
    const sim = await driverOf(s.db, s.hypervisors, vm.id);
    expect((await sim.guestFile(vm.vmid, VPN_CONFIG_PATH))!.content).toBe(await expectedConfig(vm.id, hostname));
    expect((await s.get('MyVpnServers', demo)).body.some((r: { name: string }) => r.name === hostname)).toBe(true);
  });

  it('gives a rebuilt VPN server its configuration again, with the same key and peers', async () => {
    const v = await createVpnServer(s.db, demoClient);
    await addPeer(v.id, 'survivor');
    const key = (await vpnRow(s.db, v.id))!.public_key;
    const r = await s.rpc(
      'VmReformat',
      {
        p_provisioned_id: v.id,
        p_image: 'wireguard',
        p_name_confirm: v.name,
        p_password: 'Rebuild-Pass-1',
        p_password_confirm: 'Rebuild-Pass-1',
      },
      demo,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await s.jobsIdle();
    const sim = await driverOf(s.db, s.hypervisors, v.id);
    expect(await sim.guestFile(v.vmid, VPN_CONFIG_PATH)).toBeNull();
    expect(await vpnRow(s.db, v.id)).toMatchObject({ config_revision: 3, applied_revision: 2 });
    expect(await sweepSends()).toContain(v.id);
    expect((await push(v.id)).status).toBe(JobStatus.Success);
    expect(await vpnRow(s.db, v.id)).toMatchObject({ public_key: key, applied_revision: 3 });
    expect((await sim.guestFile(v.vmid, VPN_CONFIG_PATH))!.content).toBe(await expectedConfig(v.id, v.name));
  });
});
