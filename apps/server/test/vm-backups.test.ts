/**
 * Backups of a cloud server (issue 13) through real HTTP on the seeded simulated cluster: enabling
 * and disabling (and the cost that follows), a backup now, retention (7 kept, protected ones on
 * top), protection, deletion, restore with the lock rule, the claim, other accounts' backups, the
 * live messages and the audit log; and the daily schedule in the location's night window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { createSimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
let demo: string;
let other: string;
let demoClient: string;
let otherClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
  otherClient = (await idsOf(s, DEMO_USERS.other.email)).clientId;
});
afterAll(async () => s?.stop());

let serial = 0;
const fresh = (over: Partial<Parameters<typeof createTestVm>[1]> = {}) =>
  createTestVm(s.db, { clientId: demoClient, name: `b${Date.now().toString(36)}${serial++}`, ...over });

/** Calls `name` and waits for the operation's job to end; answers the call's answer. */
async function op(name: string, body: Record<string, unknown>, token = demo) {
  const r = await s.rpc(name, body, token);
  await s.jobsIdle();
  return r;
}
const files = async (id: number, token = demo) =>
  (await s.get(`VmBackupFiles?provisioned_id=eq.${id}&order=created_at.asc`, token)).body as Array<Record<string, unknown>>;
const vm = async (id: number) => (await s.get(`MyVMs2?provisioned_id=eq.${id}`, demo)).body[0];
const lastOperation = async (id: number) =>
  (
    await s.db.owner.query<{ action: string; status: string; message: string }>(
      `SELECT action, status, message FROM vm_operations WHERE provisioned_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [id],
    )
  ).rows[0];

describe('enabling, a backup now, and the cost', () => {
  it('refuses a backup while backups are off, enables them once, bills +20 % and lists a manual backup', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    expectErrorShape(await s.rpc('VmBackupNow', { p_provisioned_id: id }, demo), 409, 'BACKUPS_DISABLED');
    const before = await vm(id);
    expect(before.backups_enabled).toBe(false);
    expect(before.cost_breakdown.backup_cost).toBe(0);

    const on = await op('VmBackupEnable', { p_provisioned_id: id });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ action: 'backup-enable' });
    const after = await vm(id);
    expect(after.backups_enabled).toBe(true);
    expect(after.cost_breakdown.backup_cost).toBe(Math.round(after.cost_breakdown.list_price * 0.2));
    expect(after.cost_breakdown.total_cost).toBe(before.cost_breakdown.total_cost + after.cost_breakdown.backup_cost);
    expectErrorShape(await s.rpc('VmBackupEnable', { p_provisioned_id: id }, demo), 409, 'BACKUPS_ENABLED');
    expect(await files(id)).toEqual([]);

    expect((await op('VmBackupNow', { p_provisioned_id: id })).body).toMatchObject({ action: 'backup-now' });
    const list = await files(id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ provisioned_id: id, kind: 'manual', protected: false, age_days: 0 });
    expect(list[0]!.volid).toMatch(/^[\w-]+:backup\/vzdump-qemu-\d+-/);
    expect(list[0]!.size_bytes).toBeGreaterThan(0);
    // The server keeps running through its backup.
    expect((await vm(id)).power_status).toBe('RUNNING');
  });

  it('tells the browser on the backup hubs: the state is on once a backup exists', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmBackupToggle', { p_provisioned_id: id });
    await op('VmBackupNow', { p_provisioned_id: id });
    const r = await s.db.owner.query<{ kind: string; payload: Record<string, unknown> }>(
      `SELECT kind, payload FROM hub_messages WHERE provisioned_id = $1 AND kind LIKE 'backup-%' ORDER BY id`,
      [id],
    );
    const done = r.rows.filter((m) => m.payload.status === 'ok');
    expect(done.map((m) => [m.kind, m.payload.state])).toEqual([
      ['backup-toggle', 'on'],
      ['backup-now', 'on'],
    ]);
    expect(done[1]!.payload).toMatchObject({ message: 'Backup made', text_key: 'terminal:ops.backup_now.done' });
  });
});

describe('retention and protection', () => {
  it('keeps the last 7 backups and the protected ones: 2 protected + 9 more leave 7 + the 2', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmBackupEnable', { p_provisioned_id: id });
    for (let i = 0; i < 2; i++) await op('VmBackupNow', { p_provisioned_id: id });
    const firstTwo = (await files(id)).map((b) => b.volid as string);
    for (const volid of firstTwo) {
      const r = await op('VmBackupProtectToggle', { p_provisioned_id: id, p_volid: volid });
      expect(r.body).toMatchObject({ action: 'backup-protect' });
    }
    const made: string[] = [];
    for (let i = 0; i < 9; i++) {
      await op('VmBackupNow', { p_provisioned_id: id });
      expect((await lastOperation(id))!.status).toBe('succeeded');
      const now = (await files(id)).map((b) => b.volid as string);
      made.push(now.find((v) => !made.includes(v) && !firstTwo.includes(v))!);
    }
    const list = await files(id);
    expect(list).toHaveLength(9);
    expect(list.filter((b) => b.protected).map((b) => b.volid)).toEqual(firstTwo);
    // The two oldest of the nine unprotected ones were pruned; the newest seven stay.
    expect(list.filter((b) => !b.protected).map((b) => b.volid)).toEqual(made.slice(2));
    // The cluster agrees with the portal's list.
    const onCluster = await createSimulatorHypervisor(s.db.owner).backups((await vm(id)).vmid);
    expect(onCluster.map((b) => b.volid).sort()).toEqual(list.map((b) => b.volid).sort());
  });

  it('refuses to delete a protected backup until it is unprotected, and audits each call with its target', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmBackupEnable', { p_provisioned_id: id });
    await op('VmBackupNow', { p_provisioned_id: id });
    const volid = (await files(id))[0]!.volid as string;
    await op('VmBackupProtectToggle', { p_provisioned_id: id, p_volid: volid });
    expect((await files(id))[0]!.protected).toBe(true);
    const refused = await s.rpc('VmBackupDeleteVolid', { p_provisioned_id: id, p_volid: volid }, demo);
    expectErrorShape(refused, 409, 'BACKUP_PROTECTED');
    expect(refused.body.message).toBe('A protected backup cannot be deleted');
    expect(await files(id)).toHaveLength(1);
    expect((await op('VmBackupProtectToggle', { p_provisioned_id: id, p_volid: volid })).body.action).toBe('backup-unprotect');
    expect((await op('VmBackupDeleteVolid', { p_provisioned_id: id, p_volid: volid })).status).toBe(200);
    expect(await files(id)).toEqual([]);
    const log = await s.db.owner.query<{ action: string; target: string; result: string }>(
      `SELECT action, target, result FROM audit_log WHERE client_id = $1 AND action LIKE 'VmBackup%' AND target LIKE $2 ORDER BY id`,
      [demoClient, `%#${id}%`],
    );
    expect(log.rows.map((r) => [r.action, r.result])).toEqual([
      ['VmBackupEnable', 'ok'],
      ['VmBackupNow', 'ok'],
      ['VmBackupProtectToggle', 'ok'],
      ['VmBackupDeleteVolid', 'error'],
      ['VmBackupProtectToggle', 'ok'],
      ['VmBackupDeleteVolid', 'ok'],
    ]);
    expect(log.rows[5]!.target).toContain(volid);
  });

  it('disabling deletes every backup, protected ones too, and stops the cost', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmBackupEnable', { p_provisioned_id: id });
    for (let i = 0; i < 3; i++) await op('VmBackupNow', { p_provisioned_id: id });
    await op('VmBackupProtectToggle', { p_provisioned_id: id, p_volid: (await files(id))[0]!.volid });
    const r = await op('VmBackupDisable', { p_provisioned_id: id });
    expect(r.body).toMatchObject({ action: 'backup-disable' });
    expect(await files(id)).toEqual([]);
    const after = await vm(id);
    expect(after.backups_enabled).toBe(false);
    expect(after.cost_breakdown.backup_cost).toBe(0);
    expect(await createSimulatorHypervisor(s.db.owner).backups(after.vmid)).toEqual([]);
    expectErrorShape(await s.rpc('VmBackupDisable', { p_provisioned_id: id }, demo), 409, 'BACKUPS_DISABLED');
  });
});

describe('restore', () => {
  it('needs the server unlocked, overwrites it from the backup and leaves it running as before', async () => {
    const { provisionedId: id, vmid } = await fresh({ power: 'RUNNING' });
    await op('VmBackupEnable', { p_provisioned_id: id });
    await op('VmBackupNow', { p_provisioned_id: id });
    const volid = (await files(id))[0]!.volid as string;
    await op('VmLock', { p_provisioned_id: id, p_lock: 'on' });
    const locked = await s.rpc('VmBackupRestore', { p_provisioned_id: id, p_volid: volid }, demo);
    expectErrorShape(locked, 409, 'VM_LOCKED');
    expect(locked.body.message).toBe('Server must be unlocked before performing this operation');
    await op('VmLock', { p_provisioned_id: id, p_lock: 'off' });
    const r = await op('VmBackupRestore', { p_provisioned_id: id, p_volid: volid });
    expect(r.body).toMatchObject({ action: 'backup-restore' });
    expect(await lastOperation(id)).toMatchObject({ action: 'backup-restore', status: 'succeeded' });
    expect((await vm(id)).power_status).toBe('RUNNING');
    const tasks = await s.db.owner.query<{ type: string }>(`SELECT type FROM sim_tasks WHERE vmid = $1 ORDER BY id`, [vmid]);
    expect(tasks.rows.map((t) => t.type)).toEqual(expect.arrayContaining(['vzdump', 'qmstop', 'qmrestore', 'qmstart']));
  });
});

describe('restore to a new server', () => {
  it('orders a copy from the backup in the same project, billed as a server, and provisions it from the backup', async () => {
    const { provisionedId: id, vmid } = await fresh({ power: 'RUNNING' });
    await op('VmBackupEnable', { p_provisioned_id: id });
    await op('VmBackupNow', { p_provisioned_id: id });
    const volid = (await files(id))[0]!.volid as string;
    const source = await vm(id);
    const key = `clone-${Date.now()}`;
    const body = { p_provisioned_id: id, p_volid: volid, p_payment_method: 'balance', p_idempotency_key: key };
    const r = await s.rpc('VmBackupRestoreToClone', body, demo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'provisioning' });
    expect(r.body.total_cents).toBeGreaterThan(0);
    await s.jobsIdle();
    // Asked again with the same key: the same order, nothing charged twice.
    expect((await s.rpc('VmBackupRestoreToClone', body, demo)).body.order_id).toBe(r.body.order_id);
    const copy = ((await s.get('MyVMs2', demo)).body as Array<Record<string, unknown>>).find(
      (v) => v.name === `${source.name}-clone`,
    )!;
    expect(copy).toMatchObject({
      project: source.project,
      location: source.location,
      model_name: source.model_name,
      disk_gb: source.disk_gb,
      backups_enabled: true,
      state: 'active',
      power_status: 'RUNNING',
    });
    expect(copy.vmid).not.toBe(vmid);
    expect(copy.ipv6).not.toBeNull();
    expect(copy.ipv6).not.toBe(source.ipv6);
    const tasks = await s.db.owner.query<{ type: string }>(`SELECT type FROM sim_tasks WHERE vmid = $1 ORDER BY id`, [copy.vmid]);
    expect(tasks.rows.map((t) => t.type)[0]).toBe('qmrestore');
    const invoice = await s.db.owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE order_id = $1`, [
      r.body.order_id,
    ]);
    expect(invoice.rows[0]!.n).toBe(1);
  });

  it('needs the source unlocked and its own backup', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmBackupEnable', { p_provisioned_id: id });
    await op('VmBackupNow', { p_provisioned_id: id });
    const volid = (await files(id))[0]!.volid as string;
    const body = (extra: object) => ({
      p_provisioned_id: id,
      p_volid: volid,
      p_payment_method: 'balance',
      p_idempotency_key: `c-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      ...extra,
    });
    await op('VmLock', { p_provisioned_id: id, p_lock: 'on' });
    expectErrorShape(await s.rpc('VmBackupRestoreToClone', body({}), demo), 409, 'VM_LOCKED');
    await op('VmLock', { p_provisioned_id: id, p_lock: 'off' });
    expectErrorShape(
      await s.rpc('VmBackupRestoreToClone', body({ p_volid: 'local:backup/vzdump-qemu-1-x.vma.zst' }), demo),
      404,
      'BACKUP_NOT_FOUND',
    );
    expectErrorShape(await s.rpc('VmBackupRestoreToClone', body({}), other), 404, 'NotFound');
    const bad = await s.rpc('VmBackupRestoreToClone', body({ p_name: 'bad name' }), demo);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    // A copy is an order: a sub-user who may manage backups but not order gets no server (and no invoice).
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers', 'vm-settings-backup'] });
    const subToken = await s.login(sub.email, sub.password);
    const refused = await s.rpc('VmBackupRestoreToClone', body({}), subToken);
    expectErrorShape(refused, 403, 'CLAIM_REQUIRED');
    expect(refused.body.details).toBe('billing-manage');
  });
});

describe('who may', () => {
  it('refuses another account its servers and backups, and a sub-user without vm-settings-backup', async () => {
    const { provisionedId: id } = await fresh();
    await op('VmBackupEnable', { p_provisioned_id: id });
    await op('VmBackupNow', { p_provisioned_id: id });
    const volid = (await files(id))[0]!.volid as string;
    // Another account: not its server, and its own server does not have that backup.
    expectErrorShape(await s.rpc('VmBackupNow', { p_provisioned_id: id }, other), 404, 'NotFound');
    const theirs = await createTestVm(s.db, { clientId: otherClient, name: `o${Date.now().toString(36)}` });
    await op('VmBackupEnable', { p_provisioned_id: theirs.provisionedId }, other);
    for (const call of ['VmBackupDeleteVolid', 'VmBackupRestore', 'VmBackupProtectToggle'])
      expectErrorShape(
        await s.rpc(call, { p_provisioned_id: theirs.provisionedId, p_volid: volid }, other),
        404,
        'BACKUP_NOT_FOUND',
      );
    expect(await files(id, other)).toEqual([]);
    expect(await files(id)).toHaveLength(1);

    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const subToken = await s.login(sub.email, sub.password);
    expectErrorShape(await s.rpc('VmBackupNow', { p_provisioned_id: id }, subToken), 403);
    expectErrorShape(await s.get(`VmBackupFiles?provisioned_id=eq.${id}`, subToken), 403);
    const allowed = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers', 'vm-settings-backup'] });
    const allowedToken = await s.login(allowed.email, allowed.password);
    expect((await op('VmBackupNow', { p_provisioned_id: id }, allowedToken)).status).toBe(200);
    expect(await files(id, allowedToken)).toHaveLength(2);
  });

  it('refuses bad bodies in the catalogue shape and changes nothing', async () => {
    const { provisionedId: id } = await fresh();
    for (const body of [
      {},
      { p_provisioned_id: 'x' },
      { p_provisioned_id: id, p_volid: '../etc/passwd' },
      { p_provisioned_id: id, p_volid: 'a\u0000:b' },
    ])
      expectErrorShape(await s.rpc('VmBackupRestore', body, demo), 400);
    expect((await vm(id)).operation).toBeNull();
  });
});

describe('the daily schedule', () => {
  /** Puts the Lisbon location's clock at `hh:mm` (a fixed-offset zone), as if the night had come there. */
  async function lisbonClockAt(hh: number, mm: number): Promise<void> {
    const now = new Date();
    const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
    let offset = (((hh * 60 + mm - minutes) % 1440) + 1440) % 1440;
    if (offset > 14 * 60) offset -= 1440;
    const sign = offset >= 0 ? '-' : '+'; // POSIX offsets count west of UTC
    const abs = Math.abs(offset);
    const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    await s.db.owner.query(`UPDATE hosting_locations SET time_zone = $1 WHERE id = 'lisbon'`, [zone]);
    const local = await s.db.owner.query<{ m: number }>(
      `SELECT extract(hour FROM now() AT TIME ZONE $1) * 60 + extract(minute FROM now() AT TIME ZONE $1) AS m`,
      [zone],
    );
    expect(Math.abs(Number(local.rows[0]!.m) - (hh * 60 + mm))).toBeLessThanOrEqual(1);
  }

  it('backs up each enabled server once a night, one server per node at a time, and never one with backups off', async () => {
    const a = await fresh();
    const b = await fresh();
    const off = await fresh();
    await op('VmBackupEnable', { p_provisioned_id: a.provisionedId });
    await op('VmBackupEnable', { p_provisioned_id: b.provisionedId });
    // Outside the window (noon, and 03:10 just after it) nothing is due.
    for (const [hh, mm] of [
      [12, 0],
      [3, 10],
    ] as const) {
      await lisbonClockAt(hh, mm);
      await runJob(JobName.BackupsDaily, s.jobDeps(), {});
      await s.jobsIdle();
      expect(await files(a.provisionedId)).toEqual([]);
    }
    await lisbonClockAt(2, 45);
    const ours = async () => [
      (await files(a.provisionedId)).length,
      (await files(b.provisionedId)).length,
      (await files(off.provisionedId)).length,
    ];
    // Every enabled server of the node (earlier tests' ones too) gets its turn, one per node and run.
    for (let run = 0; run < 60 && (await ours()).some((n, i) => i < 2 && n === 0); run++) {
      const start = (await s.db.owner.query<{ t: Date }>(`SELECT clock_timestamp() AS t`)).rows[0]!.t;
      expect((await runJob(JobName.BackupsDaily, s.jobDeps(), {})).status).toBe(JobStatus.Success);
      await s.jobsIdle();
      const twice = await s.db.owner.query(
        `SELECT v.cluster_id, v.node FROM vm_operations o JOIN vms v ON v.provisioned_id = o.provisioned_id
          WHERE o.action = 'backup-now' AND o.params->>'kind' = 'daily' AND o.created_at >= $1
          GROUP BY v.cluster_id, v.node HAVING count(*) > 1`,
        [start],
      );
      expect(twice.rows).toEqual([]);
    }
    expect(await ours()).toEqual([1, 1, 0]);
    // Once a night: further runs in the same window take nobody twice.
    await runJob(JobName.BackupsDaily, s.jobDeps(), {});
    await s.jobsIdle();
    expect(await ours()).toEqual([1, 1, 0]);
    const kinds = (await files(a.provisionedId)).map((x) => x.kind);
    expect(kinds).toEqual(['daily']);
    const log = await s.db.owner.query<{ target: string }>(
      `SELECT target FROM audit_log WHERE client_id = $1 AND action = 'VmBackupNow' AND user_id IS NULL AND target LIKE $2`,
      [demoClient, `%#${a.provisionedId} (daily)%`],
    );
    expect(log.rows).toHaveLength(1);
    await s.db.owner.query(`UPDATE hosting_locations SET time_zone = 'Europe/Lisbon' WHERE id = 'lisbon'`);
  });
});
