/**
 * The staff's customer and server screens (issue 18): Clients, Profiles and ClientDetails across
 * accounts with search; ClientDelete and ProfilesDelete by the rules of the customer's own
 * deletion; AllServices, AllDedicatedServers, ServerUpdateClient (logged in both accounts),
 * ServerUpdateTag; the install queue ServersInstalledServers and StaffBmcs. A customer gets none of it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, newAccount, scalar } from './factories.js';
import { rentServer, staffOf } from './dedicated-factories.js';
import { syncDedicatedServers } from '../src/modules/dedicated/dedicated-sync.js';

let s: TestServer;
let staff: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await staffOf(s);
});
afterAll(async () => s?.stop());

const READS = [
  'Clients',
  'Profiles',
  'ClientDetails',
  'AllServices',
  'AllDedicatedServers',
  'ServersInstalledServers',
  'StaffBmcs',
];
const tag = () => crypto.randomBytes(4).toString('hex');
const q = (v: string) => encodeURIComponent(`ilike.*${v}*`);

async function issueInvoice(clientId: string) {
  const number = `PS-2026-${String(crypto.randomInt(0, 999999)).padStart(6, '0')}`;
  await s.db.owner.query(
    `INSERT INTO invoices (client_id, number, kind, due_on, subtotal_cents, total_cents, bill_to)
     VALUES ($1, $2, 'deposit', current_date + 14, 1000, 1000, '{}'::jsonb)`,
    [clientId, number],
  );
}

describe('access', () => {
  it('answers a customer, a sub-user and finance nothing of the staff reads and calls', async () => {
    const a = await newAccount(s);
    const finance = await s.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    for (const token of [a.token, finance]) {
      for (const view of READS) expectErrorShape(await s.get(view, token), 403, 'ROLE_REQUIRED');
      const other = await newAccount(s);
      expectErrorShape(await s.rpc('ClientDelete', { p_client: other.clientId }, token), 403, 'ROLE_REQUIRED');
      expectErrorShape(await s.rpc('ProfilesDelete', { p_user: other.userId }, token), 403, 'ROLE_REQUIRED');
      expectErrorShape(await s.rpc('ServerUpdateTag', { p_serial: 'X1', p_tag: 'a' }, token), 403, 'ROLE_REQUIRED');
      expectErrorShape(
        await s.rpc('ServerUpdateClient', { p_serial: 'X1', p_client: other.clientId }, token),
        403,
        'ROLE_REQUIRED',
      );
      expect(await scalar(s, `SELECT count(*) FROM clients WHERE id = $1`, [other.clientId])).toBe(1);
    }
  });
});

describe('Clients, Profiles and the client page', () => {
  it('finds an account by company, VAT number, name and any user e-mail, a page at a time', async () => {
    const t = tag();
    const vat = `PT${crypto.randomInt(100_000_000, 999_999_999)}`;
    const a = await newAccount(s, { p_company_name: `Acme ${t} Lda`, p_vat_number: vat });
    const sub = await createSubUser(s, a.clientId, { email: `helper-${t}@example.test` });
    for (const term of [`acme ${t}`, vat, a.email, sub.email.toUpperCase()]) {
      const r = await s.get(`Clients?search=${q(term.toLowerCase())}`, staff);
      expect(r.status).toBe(200);
      expect((r.body as Json[]).map((c) => c.id)).toEqual([a.clientId]);
    }
    const [row] = (await s.get(`Clients?id=eq.${a.clientId}`, staff)).body as Json[];
    expect(row).toMatchObject({ company_name: `Acme ${t} Lda`, email: a.email, user_count: 2, verification_status: 'none' });
    const page = await s.get('Clients?limit=1&offset=1&select=id', staff);
    expect(page.body).toHaveLength(1);
    const users = (await s.get(`Profiles?search=${q(t)}&order=is_owner.desc`, staff)).body as Json[];
    expect(users.map((u) => [u.email, u.is_owner, u.client])).toEqual([
      [a.email, true, a.clientId],
      [sub.email, false, a.clientId],
    ]);
  });

  it('shows users, servers, services, invoices, balance, verification and the log on one row', async () => {
    const a = await newAccount(s, { p_company_name: `Page ${tag()}` });
    await rentServer(s, a.clientId, { hostname: 'page-box' });
    await issueInvoice(a.clientId);
    await s.rpc('ProfileUpdateTimezone', { p_timezone: 'Europe/Lisbon' }, a.token);
    const [d] = (await s.get(`ClientDetails?id=eq.${a.clientId}`, staff)).body as Json[];
    expect(d.users.map((u: Json) => u.email)).toEqual([a.email]);
    expect(d.dedicated.map((x: Json) => x.hostname)).toEqual(['page-box']);
    expect(d.services.map((x: Json) => x.category)).toContain('dedicated-server');
    expect(d.invoices).toHaveLength(1);
    expect(d.balance_cents).toBe(0);
    expect(d.verification_status).toBe('none');
    expect(d.logs.map((l: Json) => l.action)).toContain('ProfileUpdateTimezone');
    expect((await s.get(`ClientDetails?id=eq.${crypto.randomUUID()}`, staff)).body).toEqual([]);
  });
});

describe('ClientDelete', () => {
  it('deletes a customer account as its owner would: sessions end, nothing left without invoices', async () => {
    const a = await newAccount(s);
    const r = await s.rpc('ClientDelete', { p_client: a.clientId }, staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: true, billing_kept: false });
    expect(await scalar(s, `SELECT count(*) FROM clients WHERE id = $1`, [a.clientId])).toBe(0);
    expectErrorShape(await s.get('MyProfile', a.token), 401);
    const log = (await s.get('MyLogs?action=eq.ClientDelete', staff)).body as Json[];
    expect(log[0].target).toContain(a.clientId);
  });

  it('keeps the billing data when invoices were issued, and refuses to delete it twice', async () => {
    const a = await newAccount(s);
    await issueInvoice(a.clientId);
    expect((await s.rpc('ClientDelete', { p_client: a.clientId }, staff)).body).toEqual({ success: true, billing_kept: true });
    expect(await scalar(s, `SELECT count(*) FROM invoices WHERE client_id = $1`, [a.clientId])).toBe(1);
    expect(await scalar(s, `SELECT count(*) FROM users WHERE client_id = $1`, [a.clientId])).toBe(0);
    expectErrorShape(await s.rpc('ClientDelete', { p_client: a.clientId }, staff), 404, 'NotFound');
  });

  it('refuses the staff own account, an unknown account and a malformed id, deleting nothing', async () => {
    const staffClient = await scalar(s, `SELECT count(*) FROM clients`, []);
    const [own] = (await s.get(`Profiles?email=eq.${DEMO_USERS.staff.email}`, staff)).body as Json[];
    expectErrorShape(await s.rpc('ClientDelete', { p_client: own.client }, staff), 422, 'STAFF_ACCOUNT_PROTECTED');
    expectErrorShape(await s.rpc('ClientDelete', { p_client: crypto.randomUUID() }, staff), 404, 'NotFound');
    const bad = await s.rpc('ClientDelete', { p_client: 'nope' }, staff);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(detailLines(bad)).toEqual(['p_client: invalid_data']);
    expect(await scalar(s, `SELECT count(*) FROM clients`, [])).toBe(staffClient);
  });
});

describe('ProfilesDelete', () => {
  it('deletes a sub-user and writes it into the account log; refuses owners and staff', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId);
    const subToken = await s.login(sub.email, sub.password);
    const r = await s.rpc('ProfilesDelete', { p_user: sub.userId }, staff);
    expect(r.body).toEqual({ success: true, email: sub.email });
    expect(await scalar(s, `SELECT count(*) FROM users WHERE id = $1`, [sub.userId])).toBe(0);
    expectErrorShape(await s.get('MyProfile', subToken), 401);
    const mine = (await s.get('MyLogs?action=eq.ProfilesDelete', a.token)).body as Json[];
    expect(mine[0]).toMatchObject({ actor_email: DEMO_USERS.staff.email, target: `user "${sub.email}"` });

    expectErrorShape(await s.rpc('ProfilesDelete', { p_user: a.userId }, staff), 422, 'OWNER_PROTECTED');
    const colleague = await createSubUser(s, a.clientId, { roles: ['finance'] });
    expectErrorShape(await s.rpc('ProfilesDelete', { p_user: colleague.userId }, staff), 422, 'STAFF_ACCOUNT_PROTECTED');
    expectErrorShape(await s.rpc('ProfilesDelete', { p_user: crypto.randomUUID() }, staff), 404, 'NotFound');
    expect(await scalar(s, `SELECT count(*) FROM users WHERE client_id = $1`, [a.clientId])).toBe(2);
  });
});

describe('AllServices, AllDedicatedServers, ServerUpdateClient and ServerUpdateTag', () => {
  it('moves a server with its service to another account, written into both logs', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s, { p_company_name: `Buyer ${tag()}` });
    const { serial } = await rentServer(s, a.clientId, { hostname: 'mover' });
    const [before] = (await s.get(`AllDedicatedServers?serial=eq.${serial}`, staff)).body as Json[];
    expect(before.client).toBe(a.clientId);
    const r = await s.rpc('ServerUpdateClient', { p_serial: serial, p_client: b.clientId }, staff);
    expect(r.body).toEqual({ success: true, serial, client: b.clientId, previous_client: a.clientId });
    const [after] = (await s.get(`AllDedicatedServers?serial=eq.${serial}`, staff)).body as Json[];
    expect(after.client).toBe(b.clientId);
    const services = (await s.get(`AllServices?equipment_id=eq.${after.equipment_id}`, staff)).body as Json[];
    expect(services.map((x) => x.client)).toEqual([b.clientId]);
    expect((await s.get('MyDedicatedServers', a.token)).body).toEqual([]);
    expect(((await s.get('MyDedicatedServers', b.token)).body as Json[]).map((x) => x.serial)).toEqual([serial]);
    for (const [token, word] of [
      [a.token, 'to another account'],
      [b.token, 'to this account'],
    ]) {
      const [entry] = (await s.get('MyLogs?action=eq.ServerUpdateClient', token)).body as Json[];
      expect(entry.target).toContain(word);
    }
    expectErrorShape(
      await s.rpc('ServerUpdateClient', { p_serial: serial, p_client: b.clientId }, staff),
      409,
      'SETTING_UNCHANGED',
    );
    expectErrorShape(
      await s.rpc('ServerUpdateClient', { p_serial: 'NOPE1', p_client: b.clientId }, staff),
      404,
      'DEDICATED_NOT_FOUND',
    );
    expectErrorShape(
      await s.rpc('ServerUpdateClient', { p_serial: serial, p_client: crypto.randomUUID() }, staff),
      404,
      'NotFound',
    );
  });

  it('gives a server in stock a service at its base price plus its parts, as the sync bills it', async () => {
    const b = await newAccount(s);
    const { serial } = await rentServer(s, null, { baseCents: 12300 });
    const parts = await scalar(
      s,
      `SELECT (SELECT coalesce(sum(monthly_cents), 0) FROM dedicated_ram_modules WHERE server_serial = $1)
            + (SELECT coalesce(sum(monthly_cents), 0) FROM dedicated_disks WHERE server_serial = $1)`,
      [serial],
    );
    expect(parts).toBeGreaterThan(0);
    await s.rpc('ServerUpdateClient', { p_serial: serial, p_client: b.clientId }, staff);
    const [row] = (await s.get(`AllDedicatedServers?serial=eq.${serial}`, staff)).body as Json[];
    const service = async () => ((await s.get(`AllServices?equipment_id=eq.${row.equipment_id}`, staff)).body as Json[])[0];
    expect(await service()).toMatchObject({ client: b.clientId, category: 'dedicated-server', monthly_cents: 12300 + parts });
    // The next inventory read leaves the price as it is.
    await s.db.owner.query(`UPDATE dedicated_servers SET synced_at = NULL WHERE serial = $1`, [serial]);
    await syncDedicatedServers(s.jobDeps());
    expect((await service()).monthly_cents).toBe(12300 + parts);
  });

  it('sets and clears a tag, refusing one too long', async () => {
    const { serial } = await rentServer(s, null);
    expect((await s.rpc('ServerUpdateTag', { p_serial: serial, p_tag: ' rack 4 ' }, staff)).body).toEqual({
      success: true,
      tag: 'rack 4',
    });
    expect(((await s.get(`AllDedicatedServers?search=${q('rack 4')}`, staff)).body as Json[]).map((x) => x.serial)).toEqual([
      serial,
    ]);
    const long = await s.rpc('ServerUpdateTag', { p_serial: serial, p_tag: 'x'.repeat(101) }, staff);
    expectErrorShape(long, 400, 'VALIDATION_FAILED');
    expect((await s.rpc('ServerUpdateTag', { p_serial: serial, p_tag: '' }, staff)).body).toEqual({ success: true, tag: null });
    expectErrorShape(await s.rpc('ServerUpdateTag', { p_serial: 'NOPE1', p_tag: 'a' }, staff), 404, 'DEDICATED_NOT_FOUND');
  });
});

describe('the install queue', () => {
  it('lists every account’s installs with their client, and the BMCs without address or password', async () => {
    const a = await newAccount(s, { p_company_name: `Queue ${tag()}` });
    const offer = ((await s.get('ServerOffers?limit=1')).body as Json[])[0];
    const made = await s.rpc(
      'ServerInstallCreate',
      { p_client: a.clientId, p_offer: offer.offer_id, p_hostname: 'queued' },
      staff,
    );
    const ref = made.body.serial as string;
    const [row] = (await s.get(`ServersInstalledServers?serial=eq.${ref}`, staff)).body as Json[];
    expect(row).toMatchObject({ client: a.clientId, step: 'ordered', open: true, hostname: 'queued' });
    expect(row.client_name).toMatch(/^Queue /);
    await s.rpc('ServerInstallStep', { p_serial: ref, p_step: 'racked', p_new_serial: `CZQ${tag()}` }, staff);
    const open = (await s.get(`ServersInstalledServers?open=is.true&client=eq.${a.clientId}`, staff)).body as Json[];
    expect(open.map((x) => x.step)).toEqual(['racked']);
    const { bmc } = await rentServer(s, null);
    const bmcs = (await s.get(`StaffBmcs?name=eq.${bmc}`, staff)).body as Json[];
    expect(Object.keys(bmcs[0]).sort()).toEqual(['driver', 'id', 'name', 'server']);
  });
});
