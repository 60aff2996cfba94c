/**
 * TestBmcConnection and TestRouterConnection (issue 18, /infrastructure), against the fake Redfish
 * BMC and the fake RouterOS REST API on loopback and against the simulators: success with what
 * answered, a wrong password, a device that hangs (503 within the driver's time-out), a registered
 * one by id; nothing is stored by a test before saving, no password is answered, customers are
 * refused; and the staff lists InfraBmcs and InfraRouters show staff where each is reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createSimulatedSystem } from '../src/drivers/baremetal/simulator-bmc.repository.js';
import { SIMULATED_BMC_ADMIN } from '../src/drivers/baremetal/simulator-bmc-spec.js';
import { createSimulatedRouter } from '../src/drivers/router/simulator-router.repository.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, scalar } from './factories.js';
import { SERVER } from './baremetal-contract.js';
import { startFakeRedfish, type FakeRedfish } from './fake-redfish.js';
import { startFakeRouterOsRouter, type FakeRouterOsRouter } from './fake-routeros-router.js';
import { ROUTER } from './router-contract.js';

const TIMEOUT_MS = 400;

describe('TestBmcConnection and TestRouterConnection', () => {
  let s: TestServer;
  let bmc: FakeRedfish;
  let router: FakeRouterOsRouter;
  let staff: string;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    s = await startTestServer({
      rateLimit: NO_RATE_LIMIT,
      baremetal: { ...base.baremetal, redfishTimeoutMs: TIMEOUT_MS },
      network: { ...base.network, routerTimeoutMs: TIMEOUT_MS },
    });
    bmc = await startFakeRedfish({
      system: { ...SERVER, serial: 'RF-INFRA-1' },
      accounts: [{ username: 'portside', password: 'Rf-Admin-1' }],
    });
    router = await startFakeRouterOsRouter({ addresses: ROUTER.addresses, arp: [], leases: [] });
    staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  });
  afterAll(async () => {
    await s?.stop();
    await bmc?.close();
    await router?.close();
  });

  const bmcForm = (over: Record<string, unknown> = {}) => ({
    p_name: 'rf-test',
    p_driver: 'redfish',
    p_address: bmc.url,
    p_username: 'portside',
    p_password: 'Rf-Admin-1',
    ...over,
  });
  const routerForm = (over: Record<string, unknown> = {}) => ({
    p_name: 'ros-test',
    p_location: 'lisbon',
    p_driver: 'routeros',
    p_address: router.url,
    p_username: router.user,
    p_password: router.password,
    ...over,
  });
  const count = (table: 'bmcs' | 'routers') => scalar(s, `SELECT count(*)::int AS n FROM ${table}`);

  it('asks a Redfish BMC its service root and Systems, storing nothing', async () => {
    const before = await count('bmcs');
    const r = await s.rpc('TestBmcConnection', bmcForm(), staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ok: true, details: { count_of: 'systems', count: 1 } });
    expect(r.body.details.version).toMatch(/^Redfish \d/);
    expect(JSON.stringify(r.body)).not.toContain('Rf-Admin-1');
    expect(await count('bmcs')).toBe(before);
    expect(bmc.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('names a wrong BMC password as refused credentials and a hanging BMC as BMC_UNAVAILABLE in time', async () => {
    const wrong = await s.rpc('TestBmcConnection', bmcForm({ p_password: 'Not-It-99' }), staff);
    expectErrorShape(wrong, 422, 'CONNECTION_AUTH_FAILED');
    expect(JSON.stringify(wrong.body)).not.toContain('Not-It-99');
    bmc.setMode('hang');
    try {
      const started = Date.now();
      const hung = await s.rpc('TestBmcConnection', bmcForm(), staff);
      expectErrorShape(hung, 503, 'BMC_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    } finally {
      bmc.setMode('ok');
    }
  });

  it('tests a registered BMC by id and a simulated one, and lists them with their address for staff', async () => {
    const reg = await s.rpc('RegisterBmc', bmcForm({ p_name: 'rf-registered' }), staff);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const byId = await s.rpc('TestBmcConnection', { p_id: reg.body.id }, staff);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.details.count).toBe(1);
    await createSimulatedSystem(s.db.owner, { bmc: 'sim-infra-1', serial: 'SIM-INFRA-1' });
    const sim = await s.rpc(
      'TestBmcConnection',
      {
        p_name: 'sim-infra',
        p_driver: 'simulator',
        p_address: 'sim-infra-1',
        p_username: SIMULATED_BMC_ADMIN.username,
        p_password: SIMULATED_BMC_ADMIN.password,
      },
      staff,
    );
    expect(sim.body, JSON.stringify(sim.body)).toMatchObject({ ok: true, details: { product: 'Portside simulator', count: 1 } });
    const simWrong = await s.rpc(
      'TestBmcConnection',
      { p_name: 'sim-infra', p_driver: 'simulator', p_address: 'sim-infra-1', p_username: 'admin', p_password: 'nope-nope' },
      staff,
    );
    expectErrorShape(simWrong, 422, 'CONNECTION_AUTH_FAILED');
    const [row] = (await s.get('InfraBmcs?name=eq.rf-registered', staff)).body as Json[];
    expect(row).toMatchObject({ driver: 'redfish', address: bmc.url, server: null, reachable: null });
    expect(JSON.stringify(row)).not.toContain('Rf-Admin-1');
    expectErrorShape(await s.rpc('TestBmcConnection', { p_id: 999_999 }, staff), 404, 'NotFound');
  });

  it('asks a RouterOS router its addresses, storing nothing; a wrong password and a hang are named', async () => {
    const before = await count('routers');
    const ok = await s.rpc('TestRouterConnection', routerForm(), staff);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, details: { product: 'RouterOS', count_of: 'addresses', count: 2 } });
    expect(JSON.stringify(ok.body)).not.toContain(router.password);
    expect(await count('routers')).toBe(before);
    const wrong = await s.rpc('TestRouterConnection', routerForm({ p_password: 'wrong-pass' }), staff);
    expectErrorShape(wrong, 422, 'CONNECTION_AUTH_FAILED');
    router.setMode('hang');
    try {
      const started = Date.now();
      const hung = await s.rpc('TestRouterConnection', routerForm(), staff);
      expectErrorShape(hung, 503, 'ROUTER_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    } finally {
      router.setMode('ok');
    }
  });

  it('tests a registered router by id and a simulated one, and lists routers with their address for staff', async () => {
    await createSimulatedRouter(s.db.owner, { name: 'sim-infra-r', username: 'ops', password: 'Sim-Pass-1', ...ROUTER });
    const simForm = { p_name: 'sim-r', p_location: 'lisbon', p_driver: 'simulator', p_address: 'sim-infra-r', p_username: 'ops' };
    const sim = await s.rpc('TestRouterConnection', { ...simForm, p_password: 'Sim-Pass-1' }, staff);
    expect(sim.body, JSON.stringify(sim.body)).toMatchObject({ ok: true, details: { product: 'Portside simulator', count: 2 } });
    const reg = await s.rpc('RegisterRouter', routerForm({ p_name: 'ros-registered' }), staff);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    await s.jobsIdle();
    const byId = await s.rpc('TestRouterConnection', { p_id: reg.body.id }, staff);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    const [row] = (await s.get('InfraRouters?name=eq.ros-registered', staff)).body as Json[];
    expect(row).toMatchObject({ driver: 'routeros', address: router.url, username: router.user, location: 'lisbon' });
    expect(JSON.stringify(row)).not.toContain(router.password);
    expectErrorShape(await s.rpc('TestRouterConnection', { p_id: 999_999 }, staff), 404, 'ROUTER_NOT_FOUND');
  });

  it('refuses customers, whose call never reaches the device', async () => {
    const customer = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const asked = bmc.requests.length;
    expectErrorShape(await s.rpc('TestBmcConnection', bmcForm(), customer), 403);
    expectErrorShape(await s.rpc('TestRouterConnection', routerForm(), customer), 403);
    expectErrorShape(await s.get('InfraBmcs', customer), 403);
    expect(bmc.requests.length).toBe(asked);
  });
});
