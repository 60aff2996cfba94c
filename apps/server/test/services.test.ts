/**
 * My services (spec 1 §2 my-services, services-history; §3 Service history, Service item; spec 2
 * §7 MyServices, AddClientService, MyServicesHistory, MyServiceDelete): through real HTTP on a
 * real PostgreSQL — each account sees only its services; the owner adds from the catalogue and
 * cancels on a chosen day (never in the past or before the minimum cancel date), moves and
 * withdraws it; comments; the history; sub-users; and the month-end job (services.end) that ends
 * services, removes ended cloud servers once and settles free trials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, idsOf, newAccount } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
let today: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  today = (await s.db.owner.query<{ d: string }>(`SELECT utc_today()::text AS d`)).rows[0]!.d;
});
afterAll(async () => s?.stop());

const day = async (offset: string) =>
  (await s.db.owner.query<{ d: string }>(`SELECT (utc_today() + $1::interval)::date::text AS d`, [offset])).rows[0]!.d;
const cancel = (token: string, id: number, date: string | null) =>
  s.rpc('MyServiceDelete', { p_equipment_id: id, p_end_date: date }, token);
const service = async (token: string, id: number) => (await s.get(`MyServices?equipment_id=eq.${id}`, token)).body[0];
const historyOf = async (token: string, id: number) =>
  (await s.rpc('MyServicesHistory', { p_equipment_id: id }, token)).body as Array<{
    change_type: string;
    end_date: string | null;
  }>;
const stored = async (id: number) =>
  (await s.db.owner.query(`SELECT end_date, comment, description FROM services WHERE equipment_id = $1`, [id])).rows[0];

/** A cloud server of the account with its service, as the order flow leaves them. */
async function serverService(clientId: string, name: string, vm: { power?: 'RUNNING' | 'STOPPED'; locked?: boolean } = {}) {
  const { provisionedId } = await createTestVm(s.db, { clientId, name, ...vm });
  const r = await s.db.owner.query<{ equipment_id: number }>(
    `INSERT INTO services (client_id, category, description, provisioned_id, start_date, min_cancel_date)
     VALUES ($1, 'cloud-server', $2, $3, utc_today(), utc_today()) RETURNING equipment_id`,
    [clientId, `Cloud server ${name}`, provisionedId],
  );
  return { equipmentId: r.rows[0]!.equipment_id, provisionedId };
}

describe('MyServices', () => {
  it('shows the demo owner the services of its servers and its add-ons, and no one else’s', async () => {
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const rows = (await s.get('MyServices', demo)).body as Array<Record<string, unknown>>;
    const { clientId } = await idsOf(s, DEMO_USERS.demo.email);
    // Six cloud servers (the five demo servers and the VPN server), two dedicated servers, two add-ons.
    expect(rows.length).toBe(10);
    expect(new Set(rows.map((r) => r.client))).toEqual(new Set([clientId]));
    // The account by the name people know it by (its company, else its holder), not its id.
    const holder = (
      await s.db.owner.query(
        `SELECT coalesce(nullif(company_name, ''), first_name || ' ' || last_name) AS name FROM clients WHERE id = $1`,
        [clientId],
      )
    ).rows[0]!.name;
    expect(new Set(rows.map((r) => r.client_name))).toEqual(new Set([holder]));
    const web = rows.find((r) => r.server_name === 'web-1.demo.example')!;
    expect(web).toMatchObject({
      category: 'cloud-server',
      status: 'active',
      contract_months: 1,
      trial_until: null,
      end_date: null,
    });
    expect(web.monthly_cents).toBeGreaterThan(0);
    expect(rows.find((r) => r.server_name === 'build-runner')).toMatchObject({ status: 'cancelling' });
    expect(
      rows
        .filter((r) => r.category === 'addon')
        .map((r) => r.description)
        .sort(),
    ).toEqual(['Managed off-site backup (100 GB)', 'Priority support plan']);

    const other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
    expect((await s.get(`MyServices?equipment_id=eq.${String(web.equipment_id)}`, other)).body).toEqual([]);
    expect((await s.get('MyServices', other)).body.map((r: { server_name: string }) => r.server_name)).toEqual(['olga-app']);
    const fresh = await newAccount(s);
    expect((await s.get('MyServices', fresh.token)).body).toEqual([]);
  });

  it('offers the catalogue', async () => {
    const a = await newAccount(s);
    const r = await s.get('ServiceCatalogue', a.token);
    expect(r.body.map((p: { code: string }) => p.code)).toEqual([
      'managed-backup',
      'monitoring',
      'extra-ipv4',
      'priority-support',
    ]);
    expect(r.body[3]).toMatchObject({ contract_months: 12, needs_parent: false, monthly_cents: 2900 });
  });
});

describe('AddClientService', () => {
  it('adds a product from today with the minimum cancel date after its contract months, and records it', async () => {
    const a = await newAccount(s);
    const r = await s.rpc('AddClientService', { p_product: 'priority-support', p_comment: ' for the launch ' }, a.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, end_date: null });
    const row = await service(a.token, r.body.equipment_id);
    expect(row).toMatchObject({
      category: 'addon',
      description: 'Priority support plan',
      product_code: 'priority-support',
      start_date: today,
      min_cancel_date: await day('12 months'),
      contract_months: 12,
      monthly_cents: 2900,
      comment: 'for the launch',
      status: 'active',
      parent_equipment_id: null,
    });
    expect(await historyOf(a.token, r.body.equipment_id)).toMatchObject([{ change_type: 'created', end_date: null }]);
  });

  it('attaches a server add-on to one of the account’s active servers only', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const mine = await serverService(a.clientId, 'addon-host-a');
    const theirs = await serverService(b.clientId, 'addon-host-b');
    expectErrorShape(await s.rpc('AddClientService', { p_product: 'managed-backup' }, a.token), 422, 'SERVICE_PARENT_REQUIRED');
    expectErrorShape(
      await s.rpc('AddClientService', { p_product: 'managed-backup', p_parent_equipment_id: theirs.equipmentId }, a.token),
      422,
      'SERVICE_PARENT_INVALID',
    );
    expectErrorShape(await s.rpc('AddClientService', { p_product: 'no-such-thing' }, a.token), 422, 'SERVICE_PRODUCT_UNKNOWN');
    expect(detailLines(await s.rpc('AddClientService', { p_product: '' }, a.token))).toEqual([
      'p_product: service_product_required',
    ]);
    expect((await s.get('MyServices', a.token)).body).toHaveLength(1);
    const ok = await s.rpc('AddClientService', { p_product: 'managed-backup', p_parent_equipment_id: mine.equipmentId }, a.token);
    expect(ok.status).toBe(200);
    expect(await service(a.token, ok.body.equipment_id)).toMatchObject({
      parent_equipment_id: mine.equipmentId,
      monthly_cents: 490,
    });
  });
});

describe('MyServiceDelete', () => {
  it('refuses a day before the minimum cancel date or in the past with clear messages, and changes nothing', async () => {
    const a = await newAccount(s);
    const id = (await s.rpc('AddClientService', { p_product: 'priority-support' }, a.token)).body.equipment_id;
    const early = await cancel(a.token, id, await day('1 month'));
    expectErrorShape(early, 422, 'SERVICE_CANCEL_TOO_EARLY');
    expect(early.body.message).toBe('The service cannot end before its minimum cancel date');
    expect(early.body.details).toBe(`min_cancel_date: ${await day('12 months')}`);
    const past = await cancel(a.token, id, await day('-1 day'));
    expectErrorShape(past, 422, 'SERVICE_CANCEL_DATE_PAST');
    expect(past.body.message).toBe('The end date cannot be in the past');
    expect(detailLines(await cancel(a.token, id, '2026-02-30'))).toEqual(['p_end_date: date_invalid']);
    expect((await stored(id)).end_date).toBeNull();
    expect(await historyOf(a.token, id)).toHaveLength(1);
  });

  it('cancels on a valid day, moves the day, withdraws, and records each change; add-ons end with their server', async () => {
    const a = await newAccount(s);
    const server = await serverService(a.clientId, 'cancel-host');
    const addon = (
      await s.rpc('AddClientService', { p_product: 'monitoring', p_parent_equipment_id: server.equipmentId }, a.token)
    ).body.equipment_id;
    const first = await day('10 days');
    const r = await cancel(a.token, server.equipmentId, first);
    expect(r.body).toEqual({ success: true, equipment_id: server.equipmentId, end_date: first });
    expect(await service(a.token, server.equipmentId)).toMatchObject({ end_date: first, status: 'cancelling' });
    expect((await stored(addon)).end_date).toBe(first);
    // The add-on cannot run on past its server, nor have its cancellation withdrawn alone.
    expectErrorShape(await cancel(a.token, addon, await day('2 months')), 422, 'SERVICE_OUTLIVES_PARENT');
    expectErrorShape(await cancel(a.token, addon, null), 422, 'SERVICE_OUTLIVES_PARENT');

    const later = await day('20 days');
    expect((await cancel(a.token, server.equipmentId, later)).body.end_date).toBe(later);
    expect((await cancel(a.token, server.equipmentId, later)).status).toBe(200);
    expect((await stored(addon)).end_date).toBe(first);

    expect((await cancel(a.token, server.equipmentId, null)).body).toEqual({
      success: true,
      equipment_id: server.equipmentId,
      end_date: null,
    });
    expect(await service(a.token, server.equipmentId)).toMatchObject({ end_date: null, status: 'active' });
    // The add-on was ending on the first day, not with the withdrawn one: it stays cancelled.
    expect((await stored(addon)).end_date).toBe(first);
    expectErrorShape(await cancel(a.token, server.equipmentId, null), 409, 'SERVICE_NOT_CANCELLED');

    expect((await historyOf(a.token, server.equipmentId)).map((h) => [h.change_type, h.end_date])).toEqual([
      ['cancel-withdrawn', null],
      ['cancel-requested', later],
      ['cancel-requested', first],
    ]);
    const logged = await s.db.owner.query(
      `SELECT target, result FROM audit_log WHERE client_id = $1 AND action = 'MyServiceDelete' ORDER BY id`,
      [a.clientId],
    );
    // The log names the service by its description and id (looked up in the account).
    const named = `service "${(await stored(server.equipmentId)).description}" (#${server.equipmentId})`;
    expect(logged.rows[0]).toEqual({ target: `${named} → ${first}`, result: 'ok' });
    expect(logged.rows.at(-1)).toEqual({ target: `${named} → withdrawn`, result: 'error' });
  });

  it('changes nothing once the service has ended, and answers 404 for another account’s service', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const { equipmentId } = await serverService(a.clientId, 'ended-host');
    await s.db.owner.query(
      `UPDATE services SET start_date = utc_today() - 30, end_date = utc_today() - 1 WHERE equipment_id = $1`,
      [equipmentId],
    );
    expect(await service(a.token, equipmentId)).toMatchObject({ status: 'ended' });
    expectErrorShape(await cancel(a.token, equipmentId, null), 409, 'SERVICE_ENDED');
    expectErrorShape(await cancel(a.token, equipmentId, await day('5 days')), 409, 'SERVICE_ENDED');
    expectErrorShape(await cancel(b.token, equipmentId, await day('5 days')), 404, 'NotFound');
    expectErrorShape(await s.rpc('MyServicesHistory', { p_equipment_id: equipmentId }, b.token), 404, 'NotFound');
  });
});

describe('MyServiceComment and MyServicesHistory', () => {
  it('keeps a comment of at most 500 characters, clears it with an empty one, and records changes', async () => {
    const a = await newAccount(s);
    const id = (await s.rpc('AddClientService', { p_product: 'priority-support' }, a.token)).body.equipment_id;
    expect(detailLines(await s.rpc('MyServiceComment', { p_equipment_id: id, p_comment: 'x'.repeat(501) }, a.token))).toEqual([
      'p_comment: service_comment_too_long',
    ]);
    expect((await stored(id)).comment).toBeNull();
    expect((await s.rpc('MyServiceComment', { p_equipment_id: id, p_comment: 'y'.repeat(500) }, a.token)).body).toEqual({
      success: true,
      comment: 'y'.repeat(500),
    });
    expect((await s.rpc('MyServiceComment', { p_equipment_id: id, p_comment: 'y'.repeat(500) }, a.token)).status).toBe(200);
    expect((await s.rpc('MyServiceComment', { p_equipment_id: id, p_comment: '' }, a.token)).body).toEqual({
      success: true,
      comment: null,
    });
    expect((await historyOf(a.token, id)).map((h) => h.change_type)).toEqual(['comment', 'comment', 'created']);
  });

  it('answers the account’s history newest first with the spec’s fields, a page at a time', async () => {
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const all = await s.rpc('MyServicesHistory', {}, demo);
    expect(all.status).toBe(200);
    expect(all.body.length).toBe(9);
    expect(all.body[0]).toMatchObject({
      change_type: 'cancel-requested',
      category: 'cloud-server',
      contract_months: 1,
      total: 9,
    });
    expect(Object.keys(all.body[0]).sort()).toEqual(
      [
        'category',
        'change_date',
        'change_type',
        'contract_months',
        'description',
        'description_key',
        'description_params',
        'end_date',
        'equipment_id',
        'product_code',
        'history_id',
        'min_cancel_date',
        'start_date',
        'total',
      ].sort(),
    );
    const page2 = await s.rpc('MyServicesHistory', { p_limit: 3, p_offset: 3 }, demo);
    expect(page2.body.map((h: { history_id: number }) => h.history_id)).toEqual(
      all.body.slice(3, 6).map((h: { history_id: number }) => h.history_id),
    );
    expect(detailLines(await s.rpc('MyServicesHistory', { p_limit: 500 }, demo))).toEqual(['p_limit: invalid_data']);
    const other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
    expect((await s.rpc('MyServicesHistory', {}, other)).body.map((h: { description: string }) => h.description)).toEqual([
      expect.stringMatching(/^Cloud server/),
    ]);
  });
});

describe('sub-users', () => {
  it('with menu-see-my-services read, comment and see the history but cannot add or cancel; without it nothing', async () => {
    const a = await newAccount(s);
    const id = (await s.rpc('AddClientService', { p_product: 'priority-support' }, a.token)).body.equipment_id;
    const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-my-services'] });
    const t = await s.login(sub.email, sub.password);
    expect((await s.get('MyServices', t)).body).toHaveLength(1);
    expect((await s.rpc('MyServiceComment', { p_equipment_id: id, p_comment: 'checked' }, t)).status).toBe(200);
    expect((await s.rpc('MyServicesHistory', { p_equipment_id: id }, t)).body).toHaveLength(2);
    const add = await s.rpc('AddClientService', { p_product: 'priority-support' }, t);
    expectErrorShape(add, 422, 'OWNER_REQUIRED');
    expect(add.body.message).toBe('Only the account owner can do this');
    expectErrorShape(await cancel(t, id, await day('13 months')), 422, 'OWNER_REQUIRED');
    expect((await stored(id)).end_date).toBeNull();

    const none = await createSubUser(s, a.clientId, { claims: ['menu-see-cloud-servers'] });
    const tn = await s.login(none.email, none.password);
    expectErrorShape(await s.get('MyServices', tn), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.rpc('MyServicesHistory', {}, tn), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.rpc('MyServiceComment', { p_equipment_id: id, p_comment: 'x' }, tn), 403, 'CLAIM_REQUIRED');
  });
});

describe('the services.end job', () => {
  const ops = async (provisionedId: number) =>
    (
      await s.db.owner.query(`SELECT action, status FROM vm_operations WHERE provisioned_id = $1 ORDER BY created_at`, [
        provisionedId,
      ])
    ).rows;
  const vmState = async (provisionedId: number) =>
    (await s.db.owner.query(`SELECT state FROM vms WHERE provisioned_id = $1`, [provisionedId])).rows[0]!.state;
  const events = async (id: number) =>
    (
      await s.db.owner.query(
        `SELECT change_type FROM services_history WHERE equipment_id = $1 AND change_type NOT IN ('created') ORDER BY history_id`,
        [id],
      )
    ).rows.map((r) => r.change_type);

  it('ends a cancelled cloud server after its last day: unlocks, stops and deletes the VM once and records it once', async () => {
    const a = await newAccount(s);
    const running = await serverService(a.clientId, 'end-running', { power: 'RUNNING', locked: true });
    const tomorrow = await serverService(a.clientId, 'end-tomorrow', { power: 'RUNNING' });
    await s.db.owner.query(
      `UPDATE services SET start_date = utc_today() - 40, min_cancel_date = utc_today() - 10, end_date = utc_today() - 1 WHERE equipment_id = $1`,
      [running.equipmentId],
    );
    await s.db.owner.query(`UPDATE services SET end_date = utc_today() WHERE equipment_id = $1`, [tomorrow.equipmentId]);

    const first = await runJob(JobName.ServicesEnd, s.jobDeps(), {});
    expect(first.status, first.detail).toBe(JobStatus.Success);
    expect(await vmState(running.provisionedId)).toBe('deleted');
    expect(await ops(running.provisionedId)).toEqual([
      { action: 'unlock', status: 'succeeded' },
      { action: 'stop', status: 'succeeded' },
      { action: 'delete', status: 'succeeded' },
    ]);
    expect(await events(running.equipmentId)).toEqual(['ended']);
    // Its last day is today: it runs on.
    expect(await vmState(tomorrow.provisionedId)).toBe('active');
    expect(await events(tomorrow.equipmentId)).toEqual([]);
    expect(await service(a.token, running.equipmentId)).toMatchObject({ status: 'ended', server_name: null });

    const again = await runJob(JobName.ServicesEnd, s.jobDeps(), {});
    expect(again.status).toBe(JobStatus.Skipped);
    expect(await ops(running.provisionedId)).toHaveLength(3);
    expect(await events(running.equipmentId)).toEqual(['ended']);
    const log = await s.db.owner.query(
      `SELECT action, actor_email FROM audit_log WHERE client_id = $1 AND action LIKE ANY ('{Service%,Vm%}') ORDER BY id`,
      [a.clientId],
    );
    expect(log.rows).toEqual([
      { action: 'ServiceEnded', actor_email: null },
      { action: 'VmLock', actor_email: null },
      { action: 'VmStop', actor_email: null },
      { action: 'VmDelete', actor_email: null },
    ]);
  });

  it('removes a trial cancelled by its last day at the month end, and keeps (to bill) one not cancelled', async () => {
    const removed = await newAccount(s);
    const kept = await newAccount(s);
    const r = await serverService(removed.clientId, 'trial-removed', { power: 'STOPPED' });
    const k = await serverService(kept.clientId, 'trial-kept', { power: 'RUNNING' });
    const monthEnd = `UPDATE services SET start_date = utc_today() - 20, trial_until = utc_today() - 1`;
    await s.db.owner.query(`${monthEnd}, end_date = utc_today() - 1 WHERE equipment_id = $1`, [r.equipmentId]);
    await s.db.owner.query(`${monthEnd} WHERE equipment_id = $1`, [k.equipmentId]);

    expect((await runJob(JobName.ServicesEnd, s.jobDeps(), {})).status).toBe(JobStatus.Success);
    expect(await events(r.equipmentId)).toEqual(['trial-removed']);
    expect(await vmState(r.provisionedId)).toBe('deleted');
    expect(await ops(r.provisionedId)).toEqual([{ action: 'delete', status: 'succeeded' }]);
    expect(await events(k.equipmentId)).toEqual(['trial-kept']);
    expect(await vmState(k.provisionedId)).toBe('active');
    expect(await service(kept.token, k.equipmentId)).toMatchObject({ status: 'active', trial_until: await day('-1 day') });

    expect((await runJob(JobName.ServicesEnd, s.jobDeps(), {})).status).toBe(JobStatus.Skipped);
    expect(await events(r.equipmentId)).toEqual(['trial-removed']);
    expect(await events(k.equipmentId)).toEqual(['trial-kept']);
  });
});
