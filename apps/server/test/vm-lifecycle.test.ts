/**
 * A cloud server's lifecycle (issue 14) through real HTTP on the seeded simulated cluster: boot
 * order, firmware and TPM, root password, upgrade with its prorated invoice in cents, disk resize
 * with each refusal, rebuild with the name confirmation, clone as an order, IPv4 from the pool
 * (50 at once, no address twice), the claims, and the staff calls VmCreate and PushVmStates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthEndOf, proratedChange } from '@portside/contract/rules/vm-lifecycle';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf } from './factories.js';
import { createTestVm } from './vm-factories.js';
import { createServedVm } from './billing-factories.js';
import { monthLines } from '../src/modules/billing/billing.repository.js';

let s: TestServer;
let demo: string;
let staff: string;
let demoClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => s?.stop());

let serial = 0;
async function fresh(over: Partial<Parameters<typeof createTestVm>[1]> & { image?: string } = {}) {
  const { image, ...spec } = over;
  const made = await createTestVm(s.db, { clientId: demoClient, name: `l${Date.now().toString(36)}${serial++}`, ...spec });
  if (image) await s.db.owner.query(`UPDATE vms SET image_id = $2 WHERE provisioned_id = $1`, [made.provisionedId, image]);
  // A static IPv6 address of the Lisbon pool, as provisioning gives every server.
  await s.db.owner.query(`UPDATE vms SET ipv6 = $2::inet WHERE provisioned_id = $1`, [
    made.provisionedId,
    `2a0e:1d80:10::${(0x5000 + made.provisionedId).toString(16)}`,
  ]);
  return made;
}

/** Calls `name` and waits for the operation's job to end; answers the call's answer. */
async function op(name: string, body: Record<string, unknown>, token = demo) {
  const r = await s.rpc(name, body, token);
  await s.jobsIdle();
  return r;
}
const vm = async (id: number, token = demo) => (await s.get(`MyVMs2?provisioned_id=eq.${id}`, token)).body[0];
const lastOperation = async (id: number) =>
  (
    await s.db.owner.query<{ action: string; status: string; message: string; params: Record<string, unknown> }>(
      `SELECT action, status, message, params FROM vm_operations WHERE provisioned_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [id],
    )
  ).rows[0]!;
const hubMessages = async (id: number, kind: string) =>
  (
    await s.db.owner.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM hub_messages WHERE provisioned_id = $1 AND kind = $2 ORDER BY id`,
      [id, kind],
    )
  ).rows.map((r) => r.payload);
const changeInvoices = async (id: number) =>
  (
    await s.db.owner.query<{
      kind: string;
      subtotal_cents: number;
      amount_cents: number;
      days: number;
      monthly_cents: number;
      description: string;
    }>(
      `SELECT i.kind, i.subtotal_cents, l.amount_cents, l.days, l.monthly_cents, l.description
         FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
        WHERE l.provisioned_id = $1 AND i.kind = 'change' ORDER BY i.id`,
      [id],
    )
  ).rows;
const today = () => new Date().toISOString().slice(0, 10);

describe('boot order', () => {
  it('refuses an order without each of c, d and n, sets a new one and says so on the boot-order hub', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    for (const bad of ['cd', 'ccn', 'cdnx', 'xyz', '']) {
      const r = await s.rpc('VmBootOrder', { p_provisioned_id: id, p_boot_order: bad }, demo);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toContain('boot_order_invalid');
    }
    expectErrorShape(await s.rpc('VmBootOrder', { p_provisioned_id: id, p_boot_order: 'dcn' }, demo), 409, 'SETTING_UNCHANGED');
    const r = await op('VmBootOrder', { p_provisioned_id: id, p_boot_order: 'cnd', p_reboot: false });
    expect(r.body).toMatchObject({ action: 'boot-order' });
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded' });
    expect((await vm(id)).boot_order).toBe('cnd');
    expect((await vm(id)).power_status).toBe('RUNNING');
    const done = (await hubMessages(id, 'boot-order')).at(-1)!;
    expect(done).toMatchObject({ status: 'ok', state: 'cnd', text_key: 'terminal:ops.boot_order.done' });
  });

  it('reboots a running server now when asked', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    await op('VmBootOrder', { p_provisioned_id: id, p_boot_order: 'ndc', p_reboot: true });
    expect(await lastOperation(id)).toMatchObject({
      status: 'succeeded',
      message: 'Boot order set to ndc and the server rebooted',
    });
  });
});

describe('firmware and TPM (Windows)', () => {
  it('are for Windows servers only, and only while stopped', async () => {
    const linux = await fresh({ power: 'STOPPED' });
    expectErrorShape(
      await s.rpc('VmWindowsBIOSUpdate', { p_provisioned_id: linux.provisionedId, p_bios: 'ovmf' }, demo),
      409,
      'VM_NOT_WINDOWS',
    );
    expectErrorShape(
      await s.rpc('VmWindowsTPMUpdate', { p_provisioned_id: linux.provisionedId, p_tpm: 'on' }, demo),
      409,
      'VM_NOT_WINDOWS',
    );
    const win = await fresh({ power: 'RUNNING', image: 'windows-2022', model: 'S2R4', coreType: 'dedicated-windows' });
    expectErrorShape(
      await s.rpc('VmWindowsBIOSUpdate', { p_provisioned_id: win.provisionedId, p_bios: 'ovmf' }, demo),
      409,
      'VM_MUST_BE_STOPPED',
    );
    expectErrorShape(
      await s.rpc('VmWindowsBIOSUpdate', { p_provisioned_id: win.provisionedId, p_bios: 'uefi' }, demo),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('switch a stopped Windows server to OVMF and add a TPM 2.0, on the tpm-update hub', async () => {
    const { provisionedId: id } = await fresh({
      power: 'STOPPED',
      image: 'windows-2022',
      model: 'S2R4',
      coreType: 'dedicated-windows',
    });
    expectErrorShape(
      await s.rpc('VmWindowsBIOSUpdate', { p_provisioned_id: id, p_bios: 'seabios' }, demo),
      409,
      'SETTING_UNCHANGED',
    );
    expect((await op('VmWindowsBIOSUpdate', { p_provisioned_id: id, p_bios: 'ovmf' })).body).toMatchObject({ action: 'bios' });
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded' });
    expect((await op('VmWindowsTPMUpdate', { p_provisioned_id: id, p_tpm: 'on' })).body).toMatchObject({ action: 'tpm-add' });
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded' });
    expect(await vm(id)).toMatchObject({ bios: 'ovmf', tpm: true });
    expect((await hubMessages(id, 'tpm-update')).at(-1)).toMatchObject({ status: 'ok', state: 'on' });
    expectErrorShape(await s.rpc('VmWindowsTPMUpdate', { p_provisioned_id: id, p_tpm: 'on' }, demo), 409, 'SETTING_UNCHANGED');
    await op('VmWindowsTPMUpdate', { p_provisioned_id: id, p_tpm: 'off' });
    expect((await vm(id)).tpm).toBe(false);
  });
});

describe('root password', () => {
  it('answers the spec messages for an empty password, an empty confirmation and a mismatch', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    const ask = (p_password: unknown, p_password_confirm: unknown) =>
      s.rpc('VmResetRootPassword', { p_provisioned_id: id, p_password, p_password_confirm }, demo);
    let r = await ask('', '');
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(r.body.details).toContain('p_password: root_password_empty');
    expect(r.body.details).toContain('p_password_confirm: root_password_confirm_empty');
    r = await ask('Secret-pass-1', '');
    expect(r.body.details).toContain('root_password_confirm_empty');
    r = await ask('Secret-pass-1', 'Secret-pass-2');
    expect(r.body.details).toContain('passwords_dont_match');
    r = await ask('short', 'short');
    expect(r.body.details).toContain('root_password_too_short');
  });

  it('needs the server running, sets the password through the guest agent and never keeps it in the clear', async () => {
    const stopped = await fresh({ power: 'STOPPED' });
    const body = { p_password: 'Correct-Horse-9', p_password_confirm: 'Correct-Horse-9' };
    expectErrorShape(
      await s.rpc('VmResetRootPassword', { p_provisioned_id: stopped.provisionedId, ...body }, demo),
      409,
      'VM_MUST_BE_RUNNING',
    );
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    const r = await s.rpc('VmResetRootPassword', { p_provisioned_id: id, ...body }, demo);
    expect(r.body).toMatchObject({ action: 'root-password' });
    const queued = await lastOperation(id);
    expect(JSON.stringify(queued.params)).not.toContain('Correct-Horse-9');
    expect(typeof queued.params.secret).toBe('string');
    await s.jobsIdle();
    const done = await lastOperation(id);
    expect(done).toMatchObject({ status: 'succeeded', message: 'Root password set: log in as root with the new password' });
    expect(done.params.secret).toBeUndefined();
    const leaked = await s.db.owner.query(
      `SELECT 1 FROM vm_operations WHERE params::text LIKE '%Correct-Horse-9%' OR message LIKE '%Correct-Horse-9%'
       UNION ALL SELECT 1 FROM hub_messages WHERE payload::text LIKE '%Correct-Horse-9%'`,
    );
    expect(leaked.rowCount).toBe(0);
  });
});

describe('upgrade', () => {
  it('lists only higher models of the same core type and location, and refuses a downgrade', async () => {
    const { provisionedId: id } = await fresh({ model: 'S2R4' });
    const r = await s.rpc('VmUpgradeGetModels', { p_provisioned_id: id }, demo);
    expect(r.status).toBe(200);
    const rows = r.body as Array<Record<string, number | string>>;
    expect(rows.length).toBeGreaterThan(0);
    const current = (await vm(id)).cost_breakdown.total_cost as number;
    for (const m of rows) {
      expect(m.core_type).toBe('vcore');
      expect(m.new_monthly_cents as number).toBeGreaterThan(current);
      expect(m.current_monthly_cents).toBe(current);
      expect(m.prorated_cents).toBe(proratedChange((m.new_monthly_cents as number) - current, today()).cents);
    }
    const lower = await s.db.owner.query<{ id: number }>(`SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`);
    expectErrorShape(
      await s.rpc('VmUpgrade', { p_provisioned_id: id, p_model_id: lower.rows[0]!.id }, demo),
      422,
      'DOWNGRADE_NOT_POSSIBLE',
    );
    const other = await s.db.owner.query<{ id: number }>(`SELECT id FROM vm_models WHERE core_type <> 'vcore' LIMIT 1`);
    expectErrorShape(
      await s.rpc('VmUpgrade', { p_provisioned_id: id, p_model_id: other.rows[0]!.id }, demo),
      422,
      'DOWNGRADE_NOT_POSSIBLE',
    );
  });

  it('upgrades a server, bills the difference from today to the month end in cents, and months from their first day', async () => {
    const monthStart = `${today().slice(0, 8)}01`;
    const { provisionedId: id } = await createServedVm(s.db, { clientId: demoClient, model: 'S1R2', start: monthStart });
    const rows = (await s.rpc('VmUpgradeGetModels', { p_provisioned_id: id }, demo)).body as Array<
      Record<string, number | string>
    >;
    const target = rows[0]!;
    const before = await vm(id);
    await op('VmUpgrade', { p_provisioned_id: id, p_model_id: target.model_id });
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded', action: 'upgrade' });
    const after = await vm(id);
    expect(after).toMatchObject({ model_name: target.code, cores: target.cores, ram_gb: target.ram_gb, power_status: 'STOPPED' });
    expect(after.cost_breakdown.total_cost).toBe(target.new_monthly_cents);
    const delta = (target.new_monthly_cents as number) - (before.cost_breakdown.total_cost as number);
    const charge = proratedChange(delta, today());
    const inv = await changeInvoices(id);
    expect(inv).toHaveLength(1);
    expect(inv[0]).toMatchObject({
      amount_cents: charge.cents,
      subtotal_cents: charge.cents,
      days: charge.days,
      monthly_cents: delta,
    });
    expect(inv[0]!.description).toContain(`${before.model_name} → ${target.code}`);
    expect((await hubMessages(id, 'model-upgrade')).at(-1)).toMatchObject({ status: 'ok' });
    // This month's invoice bills the server as it was on the month's first day: the change is charged already.
    const lines = await s.db.system((tx) => monthLines(tx, demoClient, monthStart, charge.to, charge.monthDays));
    const line = lines.filter((l) => Number(l.provisioned_id) === id);
    expect(line).toHaveLength(1);
    expect(line[0]!.description).toContain(before.model_name);
    expect(line[0]!.monthly_cents).toBe(before.cost_breakdown.total_cost);
    // Next month's invoice bills the new model.
    const nextStart = new Date(Date.parse(`${charge.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const next = monthEndOf(nextStart);
    const nextLines = await s.db.system((tx) => monthLines(tx, demoClient, nextStart, next, Number(next.slice(8, 10))));
    expect(nextLines.find((l) => Number(l.provisioned_id) === id)?.monthly_cents).toBe(target.new_monthly_cents);
  });

  it('needs billing-manage, and the server unlocked', async () => {
    const { provisionedId: id } = await fresh({ model: 'S1R2' });
    const target = ((await s.rpc('VmUpgradeGetModels', { p_provisioned_id: id }, demo)).body as Array<{ model_id: number }>)[0]!;
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const subToken = await s.login(sub.email, sub.password);
    expectErrorShape(
      await s.rpc('VmUpgrade', { p_provisioned_id: id, p_model_id: target.model_id }, subToken),
      403,
      'CLAIM_REQUIRED',
    );
    const locked = await fresh({ model: 'S1R2', locked: true });
    expectErrorShape(
      await s.rpc('VmUpgrade', { p_provisioned_id: locked.provisionedId, p_model_id: target.model_id }, demo),
      409,
      'VM_LOCKED',
    );
  });
});

describe('disk resize', () => {
  it('refuses anything but a whole positive number, more than 1000 GB and no growth, each with its message', async () => {
    const { provisionedId: id } = await fresh();
    const disk = (await vm(id)).disk_gb as number;
    for (const bad of ['abc', 1.5, 0, -10, null, '40']) {
      const r = await s.rpc('VmResize', { p_provisioned_id: id, p_disk_gb: bad }, demo);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toContain('amount_invalid');
    }
    const big = await s.rpc('VmResize', { p_provisioned_id: id, p_disk_gb: 1001 }, demo);
    expectErrorShape(big, 400, 'VALIDATION_FAILED');
    expect(big.body.details).toContain('disk_max_exceeded');
    expectErrorShape(await s.rpc('VmResize', { p_provisioned_id: id, p_disk_gb: disk }, demo), 422, 'DISK_NOT_HIGHER');
    const lower = await s.rpc('VmResize', { p_provisioned_id: id, p_disk_gb: Math.max(1, disk - 1) }, demo);
    expectErrorShape(lower, 422, 'DISK_NOT_HIGHER');
    expect(lower.body.message).toBe('New disk size must be higher than the current one');
  });

  it('is shown as scheduled until done, grows the disk and bills the GB from today', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    const before = await vm(id);
    const to = (before.disk_gb as number) + 30;
    const r = await s.rpc('VmResize', { p_provisioned_id: id, p_disk_gb: to }, demo);
    expect(r.body).toMatchObject({ action: 'resize' });
    const pending = await vm(id);
    if (pending.operation === 'resize') expect(pending.resize_to_gb).toBe(to);
    await s.jobsIdle();
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded' });
    const after = await vm(id);
    expect(after.disk_gb).toBe(to);
    expect(after.resize_to_gb).toBeNull();
    expect(after.cost_breakdown.additional_disk_gb).toBe((before.cost_breakdown.additional_disk_gb as number) + 30);
    const delta = 30 * (before.cost_breakdown.additional_disk_cost_per_gb as number);
    expect(after.cost_breakdown.total_cost).toBe((before.cost_breakdown.total_cost as number) + delta);
    const charge = proratedChange(delta, today());
    const inv = await changeInvoices(id);
    expect(inv).toHaveLength(charge.cents > 0 ? 1 : 0);
    if (charge.cents > 0) expect(inv[0]).toMatchObject({ amount_cents: charge.cents, monthly_cents: delta });
    expect((await hubMessages(id, 'resize')).at(-1)).toMatchObject({ status: 'ok' });
  });
});

describe('rebuild', () => {
  const pw = { p_password: 'Rebuild-Pass-1', p_password_confirm: 'Rebuild-Pass-1' };

  it('needs the server name typed, the server unlocked, an image fitting its core type and vm-settings-delete', async () => {
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    const name = (await vm(id)).name as string;
    expectErrorShape(
      await s.rpc('VmReformat', { p_provisioned_id: id, p_image: 'ubuntu-24.04', p_name_confirm: `${name}x`, ...pw }, demo),
      422,
      'NAME_CONFIRM_MISMATCH',
    );
    const empty = await s.rpc('VmReformat', { p_provisioned_id: id, p_image: 'ubuntu-24.04', p_name_confirm: '', ...pw }, demo);
    expect(empty.body.details).toContain('name_confirm_empty');
    expectErrorShape(
      await s.rpc('VmReformat', { p_provisioned_id: id, p_image: 'windows-2022', p_name_confirm: name, ...pw }, demo),
      422,
      'ORDER_IMAGE_CORE_TYPE',
    );
    const locked = await fresh({ locked: true });
    const lockedName = (await vm(locked.provisionedId)).name;
    expectErrorShape(
      await s.rpc(
        'VmReformat',
        { p_provisioned_id: locked.provisionedId, p_image: 'ubuntu-24.04', p_name_confirm: lockedName, ...pw },
        demo,
      ),
      409,
      'VM_LOCKED',
    );
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const subToken = await s.login(sub.email, sub.password);
    expectErrorShape(
      await s.rpc('VmReformat', { p_provisioned_id: id, p_image: 'ubuntu-24.04', p_name_confirm: name, ...pw }, subToken),
      403,
      'CLAIM_REQUIRED',
    );
  });

  it('makes the server anew from the image, running, with the new image recorded', async () => {
    const { provisionedId: id, vmid } = await fresh({ power: 'RUNNING' });
    const name = (await vm(id)).name as string;
    const r = await op('VmReformat', { p_provisioned_id: id, p_image: 'ubuntu-24.04', p_name_confirm: name, ...pw });
    expect(r.body).toMatchObject({ action: 'rebuild' });
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded', message: 'Server rebuilt with Ubuntu 24.04 LTS' });
    expect(await vm(id)).toMatchObject({ image: 'ubuntu-24.04', vmid, power_status: 'RUNNING', name });
    expect((await lastOperation(id)).params.secret).toBeUndefined();
  });
});

describe('clone', () => {
  it('refuses a lower model and the free trial, and makes a running copy through an order', async () => {
    const { provisionedId: id } = await fresh({ model: 'S2R4', power: 'RUNNING' });
    const src = await vm(id);
    const lower = await s.db.owner.query<{ id: number }>(`SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`);
    const base = {
      p_provisioned_id: id,
      p_name: `${src.name}-copy`,
      p_project: src.project,
      p_payment_method: 'balance',
      p_idempotency_key: `clone-${Date.now()}`,
    };
    expectErrorShape(await s.rpc('VmClone', { ...base, p_model_id: lower.rows[0]!.id }, demo), 422, 'DOWNGRADE_NOT_POSSIBLE');
    expectErrorShape(
      await s.rpc('VmClone', { ...base, p_model_id: src.model_id, p_payment_method: 'trial' }, demo),
      400,
      'VALIDATION_FAILED',
    );
    await s.db.owner.query(`UPDATE clients SET balance_cents = 1000000 WHERE id = $1`, [demoClient]).catch(() => undefined);
    const r = await s.rpc('VmClone', { ...base, p_model_id: src.model_id }, demo);
    expect(r.status).toBe(200);
    expect(r.body.order_id).toBeGreaterThan(0);
    await s.jobsIdle();
    const copies = (await s.get(`MyVMs2?name=eq.${src.name}-copy`, demo)).body as Array<Record<string, unknown>>;
    if (r.body.status === 'provisioning' || r.body.payment?.status === 'succeeded') {
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatchObject({ model_id: src.model_id, state: 'active', power_status: 'RUNNING', image: src.image });
      expect(copies[0]!.provisioned_id).not.toBe(id);
      expect((copies[0]!.ip as string | null) ?? '').not.toBe(src.ip ?? 'none');
    }
    expect((await vm(id)).power_status).toBe('RUNNING');
  });
});

describe('IPv4 assignment', () => {
  it('refuses a server that has one, assigns one from the pool for good and bills it from today', async () => {
    const has = await fresh({ ipv4: '185.66.10.250' });
    expectErrorShape(await s.rpc('VmAssignIPv4', { p_provisioned_id: has.provisionedId }, demo), 409, 'IPV4_ASSIGNED');
    const { provisionedId: id } = await fresh({ power: 'RUNNING' });
    await s.db.owner.query(`UPDATE vms SET external_ipv4 = 0 WHERE provisioned_id = $1`, [id]);
    const before = await vm(id);
    expect(before.ip).toBeNull();
    expect(before.cost_breakdown.external_ip_cost).toBe(0);
    await op('VmAssignIPv4', { p_provisioned_id: id });
    expect(await lastOperation(id)).toMatchObject({ status: 'succeeded' });
    const after = await vm(id);
    expect(after.ip).toMatch(/^185\.66\.10\.\d+$/);
    expect(after.cost_breakdown.external_ip_cost).toBeGreaterThan(0);
    const charge = proratedChange(after.cost_breakdown.external_ip_cost, today());
    expect((await changeInvoices(id))[0]).toMatchObject({ amount_cents: charge.cents });
    expect((await hubMessages(id, 'assign-ipv4')).at(-1)).toMatchObject({ status: 'ok' });
    expectErrorShape(await s.rpc('VmAssignIPv4', { p_provisioned_id: id }, demo), 409, 'IPV4_ASSIGNED');
  });

  it('never gives one address to two servers when 50 ask at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await fresh()).provisionedId);
    await s.db.owner.query(`UPDATE vms SET external_ipv4 = 0 WHERE provisioned_id = ANY($1)`, [ids]);
    const answers = await Promise.all(ids.map((id) => s.rpc('VmAssignIPv4', { p_provisioned_id: id }, demo)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    await s.jobsIdle();
    const ops = await s.db.owner.query<{ status: string }>(
      `SELECT status FROM vm_operations WHERE provisioned_id = ANY($1) AND action = 'assign-ipv4'`,
      [ids],
    );
    expect(ops.rows.map((o) => o.status)).toEqual(ids.map(() => 'succeeded'));
    const r = await s.db.owner.query<{ ip: string | null }>(`SELECT host(ipv4) AS ip FROM vms WHERE provisioned_id = ANY($1)`, [
      ids,
    ]);
    const ips = r.rows.map((x) => x.ip);
    expect(ips.every((ip) => ip !== null)).toBe(true);
    expect(new Set(ips).size).toBe(50);
    const clash = await s.db.owner.query(
      `SELECT ipv4 FROM vms WHERE ipv4 IS NOT NULL AND state <> 'deleted' GROUP BY ipv4 HAVING count(*) > 1`,
    );
    expect(clash.rowCount).toBe(0);
  });
});

describe('staff calls', () => {
  it('VmCreate makes an IPv6-only server for a customer without an invoice; customers are refused', async () => {
    const model = await s.db.owner.query<{ id: number }>(`SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`);
    const body = {
      p_client_id: demoClient,
      p_location: 'lisbon',
      p_model_id: model.rows[0]!.id,
      p_image: 'debian-12',
      p_name: `staff${Date.now().toString(36)}`,
      p_ipv4: false,
    };
    expectErrorShape(await s.rpc('VmCreate', body, demo), 403, 'ROLE_REQUIRED');
    const r = await s.rpc('VmCreate', body, staff);
    expect(r.status).toBe(200);
    await s.jobsIdle();
    const made = ((await s.get(`MyVMs2?name=eq.${body.p_name}`, demo)).body as Array<Record<string, unknown>>)[0]!;
    expect(made).toMatchObject({ state: 'active', power_status: 'RUNNING', ip: null });
    expect(made.ipv6).toBeTruthy();
    const invoices = await s.db.owner.query(`SELECT 1 FROM invoices WHERE order_id = $1`, [r.body.order_id]);
    expect(invoices.rowCount).toBe(0);
  });

  it('PushVmStates reads a cluster now; an unknown one is not found', async () => {
    const cluster = await s.db.owner.query<{ id: number }>(`SELECT id FROM clusters WHERE name = 'lis-sim'`);
    expectErrorShape(await s.rpc('PushVmStates', { p_cluster: cluster.rows[0]!.id }, demo), 403, 'ROLE_REQUIRED');
    const r = await s.rpc('PushVmStates', { p_cluster: cluster.rows[0]!.id }, staff);
    expect(r.status).toBe(200);
    expect(r.body.seen).toBeGreaterThan(0);
    expectErrorShape(await s.rpc('PushVmStates', { p_cluster: 999999 }, staff), 404, 'NotFound');
  });
});
