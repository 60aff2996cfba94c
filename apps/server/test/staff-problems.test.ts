/**
 * Problems (issue 18) through the API: each kind shows up from the table that records it — a VM
 * on a cluster the heartbeat lost, a dedicated server whose BMC does not answer, its failed power
 * function and unhealthy disk, a VM's failed operation, a failed payment — with the account's name
 * and where it is fixed, and goes away once fixed. Only holders of menu-see-problems read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { expectErrorShape, newAccount } from './factories.js';
import { rentServer } from './dedicated-factories.js';

let s: TestServer;
let staff: string;
let account: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  s = await startTestServer();
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  account = await newAccount(s, { p_company_name: 'Problem Pizza Lda' });
});
afterAll(async () => s?.stop());

const problems = async (query: string) => {
  const r = await s.get(`Problems?${query}`, staff);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Json[];
};

describe('Problems', () => {
  it('lists a dedicated server whose BMC does not answer, its failed power function and its unhealthy disk', async () => {
    const { serial } = await rentServer(s, account.clientId, { hostname: 'sick-metal-01' });
    expect(await problems(`serial=eq.${serial}`)).toEqual([]);

    await s.db.owner.query(
      `UPDATE dedicated_servers SET bmc_reachable = false, bmc_error = 'connect ETIMEDOUT' WHERE serial = $1`,
      [serial],
    );
    await s.db.owner.query(
      `UPDATE dedicated_disks SET health = 'Critical' WHERE server_serial = $1 AND serial = (SELECT min(serial) FROM dedicated_disks WHERE server_serial = $1)`,
      [serial],
    );
    await s.db.owner.query(
      `INSERT INTO dedicated_power_jobs (server_serial, client_id, action, status, error, finished_at) VALUES ($1, $2, 'force-off', 'failed', 'BMC refused', now())`,
      [serial, account.clientId],
    );
    const rows = await problems(`serial=eq.${serial}&order=kind.asc`);
    expect(rows.map((r) => r.kind)).toEqual(['bmc_unreachable', 'disk_unhealthy', 'power_job_failed']);
    for (const r of rows)
      expect(r).toMatchObject({ subject: 'sick-metal-01', client: account.clientId, client_name: 'Problem Pizza Lda', serial });
    expect(rows[0].detail).toBe('connect ETIMEDOUT');
    expect(rows[1].detail).toMatch(/^Critical: /);
    expect(rows[2].detail).toBe('force-off: BMC refused');

    // Fixed: the BMC answers, the disk is replaced, a later power function succeeded.
    await s.db.owner.query(`UPDATE dedicated_servers SET bmc_reachable = true, bmc_error = NULL WHERE serial = $1`, [serial]);
    await s.db.owner.query(`UPDATE dedicated_disks SET health = 'OK' WHERE server_serial = $1`, [serial]);
    await s.db.owner.query(
      `INSERT INTO dedicated_power_jobs (server_serial, client_id, action, status, finished_at) VALUES ($1, $2, 'on', 'done', now())`,
      [serial, account.clientId],
    );
    expect(await problems(`serial=eq.${serial}`)).toEqual([]);
  });

  it('lists the VMs of a cluster the heartbeat lost and a VM whose last operation failed, until fixed', async () => {
    const vm = (
      await s.db.owner.query<{ id: string; cluster: number; name: string }>(
        `SELECT provisioned_id AS id, cluster_id AS cluster, name FROM vms WHERE state <> 'deleted' ORDER BY provisioned_id LIMIT 1`,
      )
    ).rows[0]!;
    const id = Number(vm.id);
    await s.db.owner.query(
      `UPDATE clusters SET last_sync_at = now() - interval '10 minutes', last_sync_error = 'pve: 595 timeout' WHERE id = $1`,
      [vm.cluster],
    );
    const lost = await problems(`kind=eq.vm_lost_contact&provisioned_id=eq.${id}`);
    expect(lost).toEqual([expect.objectContaining({ subject: vm.name, detail: 'pve: 595 timeout', provisioned_id: id })]);
    await s.db.owner.query(`UPDATE clusters SET last_sync_at = now(), last_sync_error = NULL WHERE id = $1`, [vm.cluster]);
    expect(await problems(`kind=eq.vm_lost_contact&provisioned_id=eq.${id}`)).toEqual([]);

    await s.db.owner.query(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, status, message, finished_at)
       SELECT client_id, provisioned_id, 'start', 'failed', 'no quorum', now() FROM vms WHERE provisioned_id = $1`,
      [id],
    );
    expect(await problems(`kind=eq.vm_operation_failed&provisioned_id=eq.${id}`)).toEqual([
      expect.objectContaining({ subject: vm.name, detail: 'start: no quorum' }),
    ]);
    await s.db.owner.query(
      `INSERT INTO vm_operations (client_id, provisioned_id, action, status, finished_at, created_at)
       SELECT client_id, provisioned_id, 'start', 'succeeded', now(), now() + interval '1 second' FROM vms WHERE provisioned_id = $1`,
      [id],
    );
    expect(await problems(`kind=eq.vm_operation_failed&provisioned_id=eq.${id}`)).toEqual([]);
  });

  it('lists a failed payment of the last 30 days with its reference, not an older one', async () => {
    for (const [ref, age] of [
      ['PAY-PROBLEM-NEW', '1 day'],
      ['PAY-PROBLEM-OLD', '40 days'],
    ])
      await s.db.owner.query(
        `INSERT INTO payments (client_id, method, purpose, amount_cents, status, reference, idempotency_key, failure_message, created_at, completed_at)
         VALUES ($1, 'card', 'deposit', 2500, 'failed', $2, $2, 'card declined', now() - $3::interval, now() - $3::interval)`,
        [account.clientId, ref, age],
      );
    const rows = await problems(`kind=eq.payment_failed&client=eq.${account.clientId}`);
    expect(rows).toEqual([
      expect.objectContaining({ subject: 'PAY-PROBLEM-NEW', detail: 'card declined', client_name: 'Problem Pizza Lda' }),
    ]);
  });

  it('is refused to a customer, and pages with a count', async () => {
    expectErrorShape(await s.get('Problems', account.token), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.get('Problems'), 401);
    const r = await s.get('Problems?limit=1', staff, { prefer: 'count=exact' });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeLessThanOrEqual(1);
    expect(r.headers.get('content-range')).toMatch(/\/\d+$/);
  });
});

describe('ServerStats across accounts', () => {
  it('answers staff holding menu-see-server-stats every account’s servers with the account, and a customer only their own', async () => {
    const other = await newAccount(s, { p_company_name: 'Other Owner GmbH' });
    const mine = await rentServer(s, account.clientId, { hostname: 'mine-metal-01' });
    const theirs = await rentServer(s, other.clientId, { hostname: 'their-metal-01' });

    const staffRows = (await s.get(`ServerStats?serial=in.(${mine.serial},${theirs.serial})&order=hostname.asc`, staff))
      .body as Json[];
    expect(staffRows.map((r) => [r.hostname, r.client_name])).toEqual([
      ['mine-metal-01', 'Problem Pizza Lda'],
      ['their-metal-01', 'Other Owner GmbH'],
    ]);
    const counted = await s.get('ServerStats?limit=1', staff, { prefer: 'count=exact' });
    expect(Number(/\/(\d+)$/.exec(counted.headers.get('content-range') ?? '')?.[1])).toBeGreaterThanOrEqual(2);

    // The customer's answer is unchanged: their own server, the same row shape, nobody else's.
    const own = (await s.get(`ServerStats?serial=in.(${mine.serial},${theirs.serial})`, account.token)).body as Json[];
    expect(own.map((r) => r.serial)).toEqual([mine.serial]);
    expect(Object.keys(own[0]).sort()).toEqual(Object.keys(staffRows[0]).sort());
    expect((await s.get(`ServerStats?serial=eq.${theirs.serial}`, account.token)).body).toEqual([]);
  });
});
