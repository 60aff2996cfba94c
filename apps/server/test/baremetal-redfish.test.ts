import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaremetalDriver, BmcRecord } from '../src/drivers/baremetal/baremetal.js';
import { createRedfishBmc } from '../src/drivers/baremetal/redfish-bmc.js';
import { baremetalContract, expectBmcError, ILO_SERVER, SERVER, type ContractBmc } from './baremetal-contract.js';
import { startFakeRedfish, type FakeRedfish, type FakeRedfishOptions } from './fake-redfish.js';

const ADMIN = { username: 'portside', password: 'Adm1n-Secret' };

/** A self-signed certificate for 127.0.0.1, made for this run. */
function selfSigned(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-redfish-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
      ].concat(['-subj', '/CN=bmc.test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost']),
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Two fake BMCs (the generic server and an iLO 5) and the redfish driver, on a clock the suite moves. */
async function contractOn(o: { tls: boolean; ilo: boolean; useSession: boolean }): Promise<ContractBmc> {
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const tls = o.tls ? selfSigned() : undefined;
  const common: Omit<FakeRedfishOptions, 'system'> = {
    accounts: [ADMIN],
    phaseMs: 5_000,
    now: () => clock,
    ...(tls ? { tls } : {}),
  };
  const generic = await startFakeRedfish({ ...common, system: SERVER, ilo: o.ilo });
  const ilo = await startFakeRedfish({ ...common, system: ILO_SERVER, ilo: true });
  const drivers: BaremetalDriver[] = [];
  const driver = (fake: FakeRedfish, username: string, password: string) => {
    const record = { address: fake.url, systemId: '1', username, password, useSession: o.useSession, caPem: tls?.cert ?? null };
    const d = createRedfishBmc(record, { timeoutMs: 300 });
    drivers.push(d);
    return d;
  };
  return {
    driver: driver(generic, ADMIN.username, ADMIN.password),
    ilo: driver(ilo, ADMIN.username, ADMIN.password),
    login: (u, p) => driver(generic, u, p),
    phaseMs: 5_000,
    advance: (ms) => void (clock += ms),
    setDriveHealth: async (serial, health) => generic.setDriveHealth(serial, health),
    failure: async (mode) => generic.setMode(mode === null ? 'ok' : mode === 'down' ? '503' : mode),
    accountRole: async (username) => generic.account(username)?.role,
    async close() {
      for (const d of drivers) await d.close?.();
      await generic.close();
      await ilo.close();
    },
  };
}

baremetalContract('redfish, basic auth over http', () => contractOn({ tls: false, ilo: false, useSession: false }));
baremetalContract('redfish, sessions over https, iLO spelling', () => contractOn({ tls: true, ilo: true, useSession: true }));

describe('redfish driver', () => {
  let fake: FakeRedfish;
  let tls: { key: string; cert: string };
  beforeAll(async () => {
    tls = selfSigned();
    fake = await startFakeRedfish({ system: SERVER, accounts: [ADMIN], ilo: true, tls });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const record = (over: Partial<BmcRecord> = {}) => ({
    address: fake.url,
    systemId: '1',
    ...ADMIN,
    useSession: false,
    caPem: tls.cert,
    ...over,
  });
  const since = (from: number) => fake.requests.slice(from);

  it('logs in with a session, sends its X-Auth-Token instead of the password, and logs in again once it expired', async () => {
    const d = createRedfishBmc(record({ useSession: true }));
    const from = fake.requests.length;
    await d.system();
    const login = since(from).filter((r) => r.path.startsWith('/redfish/v1/SessionService/Sessions'));
    expect(login.map((r) => [r.method, r.status])).toEqual([
      ['POST', 308],
      ['POST', 201],
    ]);
    expect(login[1]!.body).toEqual({ UserName: ADMIN.username, Password: ADMIN.password });
    const calls = since(from).filter((r) => !r.path.startsWith('/redfish/v1/SessionService'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((r) => r.authorization === undefined && typeof r.token === 'string')).toBe(true);

    fake.expireSessions();
    const again = fake.requests.length;
    expect((await d.system()).serial).toBe(SERVER.serial);
    const after = since(again);
    expect(after.filter((r) => r.method === 'POST' && r.status === 201)).toHaveLength(1);
    expect(after.some((r) => r.status === 401)).toBe(true);
    expect(fake.sessionCount()).toBe(1);
    await d.close?.();
    expect(fake.sessionCount()).toBe(0);
  });

  it('refuses a wrong session login as AUTH after one try, never quoting the password', async () => {
    const d = createRedfishBmc(record({ useSession: true, password: 'Wrong-Secret-9' }));
    const from = fake.requests.length;
    const e = await expectBmcError(d.system(), 'AUTH', /did not accept the login of user 'portside'/);
    expect(e.message).not.toContain('Wrong-Secret-9');
    expect(since(from).filter((r) => r.status === 401)).toHaveLength(1);
    await d.close?.();
  });

  it('follows the 308 an iLO answers for a path without its trailing slash, a POST with its body', async () => {
    const d = createRedfishBmc(record());
    const from = fake.requests.length;
    await d.system();
    expect(
      since(from)
        .slice(0, 2)
        .map((r) => [r.method, r.path, r.status]),
    ).toEqual([
      ['GET', '/redfish/v1/Systems/1', 308],
      ['GET', '/redfish/v1/Systems/1/', 200],
    ]);
    await d.setAccountPassword('redirected', 'Via-308-ok');
    const created = since(from).filter((r) => r.method === 'POST');
    expect(created.map((r) => [r.path, r.status])).toEqual([
      ['/redfish/v1/AccountService/Accounts', 308],
      ['/redfish/v1/AccountService/Accounts/', 201],
    ]);
    expect(created[1]!.body).toEqual({ UserName: 'redirected', Password: 'Via-308-ok', RoleId: 'Operator', Enabled: true });
    await d.close?.();
  });

  it("changes an account's password with its ETag in If-Match", async () => {
    const d = createRedfishBmc(record());
    await d.setAccountPassword('etagged', 'First-Pass1');
    const etag = fake.account('etagged')!.etag;
    const from = fake.requests.length;
    await d.setAccountPassword('etagged', 'Second-Pass2');
    const patch = since(from).filter((r) => r.method === 'PATCH');
    expect(patch.map((r) => [r.status, r.ifMatch, r.body])).toEqual([[200, etag, { Password: 'Second-Pass2' }]]);
    expect(fake.account('etagged')!.etag).not.toBe(etag);
    await d.close?.();
  });

  it('never puts the login password or a new password in an error, even when the BMC quotes them', async () => {
    const d = createRedfishBmc(record());
    // The BMC's refusal quotes the value, which holds the login password.
    const long = `${ADMIN.password}-and-more`;
    const e = await expectBmcError(
      d.setAccountPassword('quoted', long),
      'REFUSED',
      /for the property Password is of a different format/,
    );
    expect(e.message).not.toContain(ADMIN.password);
    expect(e.message).not.toContain(long);
    expect(e.message).toContain('[password]');
    await d.close?.();
  });

  it('reads the allowed reset types from an ActionInfo, and refuses an unadvertised one before sending it', async () => {
    const info = await startFakeRedfish({ system: ILO_SERVER, accounts: [ADMIN], actionInfo: true });
    try {
      const d = createRedfishBmc({ ...record(), address: info.url, caPem: null });
      expect((await d.system()).resetTypes).toEqual([...ILO_SERVER.resetTypes]);
      await expectBmcError(d.reset('PowerCycle'), 'REFUSED', /does not allow the reset type PowerCycle/);
      expect(info.requests.some((r) => r.method === 'POST')).toBe(false);
      await d.reset('ForceOff');
      expect(info.requests.filter((r) => r.method === 'POST').map((r) => [r.body, r.status])).toEqual([
        [{ ResetType: 'ForceOff' }, 204],
      ]);
      await d.close?.();
    } finally {
      await info.close();
    }
  });

  it('trusts the BMC certificate given as its CA only: without it the BMC is UNAVAILABLE', async () => {
    const untrusted = createRedfishBmc(record({ caPem: null }));
    const e = await expectBmcError(untrusted.system(), 'UNAVAILABLE', /could not be reached \(.*self[- ]signed certificate/);
    expect(e.message).not.toContain(ADMIN.password);
    await untrusted.close?.();
  });

  it('is UNAVAILABLE when nothing listens, without naming the address, and refuses an address that is no http(s) URL', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const closed = createRedfishBmc(record({ address: `http://127.0.0.1:${port}` }));
    const e = await expectBmcError(closed.system(), 'UNAVAILABLE', /could not be reached \(.*\[bmc\]/);
    expect(e.message).not.toContain('127.0.0.1');
    await closed.close?.();
    expect(() => createRedfishBmc(record({ address: 'ftp://bmc.example' }))).toThrow(/not an http\(s\) URL/);
  });

  it('does not follow a redirect away from the BMC, so the login never goes elsewhere', async () => {
    const elsewhere = http.createServer((req, res) => {
      res.writeHead(308, { Location: `${fake.url.replace('127.0.0.1', 'localhost')}${req.url ?? '/'}` }).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const from = fake.requests.length;
      const d = createRedfishBmc(record({ address: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}` }));
      await expectBmcError(d.system(), 'UNAVAILABLE', /redirected GET \/redfish\/v1\/Systems\/1 away from itself/);
      expect(fake.requests.length).toBe(from);
      await d.close?.();
    } finally {
      elsewhere.closeAllConnections();
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });
});
