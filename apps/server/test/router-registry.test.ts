/**
 * The router registry and a real (RouterOS) router behind the API: a registration's password is
 * sealed with the data key and opened only by the registry; a router registered with the
 * `routeros` driver (RegisterRouter) is read at once and changed by the staff calls through a fake RouterOS
 * REST API on loopback; when it hangs, the call answers 503 ROUTER_UNAVAILABLE in the catalogue's
 * shape within the configured time-out, and the last state is kept.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openSecret } from '../src/drivers/hypervisor/secret-box.js';
import { createRouterRegistry } from '../src/drivers/router/registry.js';
import { registerRouter } from '../src/drivers/router/registry.repository.js';
import { createSimulatedRouter } from '../src/drivers/router/simulator-router.repository.js';
import { DEMO_USERS, createTestDatabase, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, scalar } from './factories.js';
import { startFakeRouterOsRouter, type FakeRouterOsRouter } from './fake-routeros-router.js';
import { expectRouterError, ROUTER } from './router-contract.js';

describe('the router registry', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  const dataKey = crypto.randomBytes(32);
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  it('seals the password, reaches the router with it, and makes a new driver when the registration changes', async () => {
    await createSimulatedRouter(pool, { name: 'sim-reg', username: 'ops', password: 'S3cret-router', ...ROUTER });
    const reg = { name: 'reg-1', location: 'lisbon', driver: 'simulator' as const, address: 'sim-reg', username: 'ops' };
    const id = await registerRouter(pool, dataKey, { ...reg, password: 'S3cret-router' });
    const sealed = (await pool.query(`SELECT password_sealed FROM routers WHERE id = $1`, [id])).rows[0].password_sealed;
    expect(sealed).not.toContain('S3cret-router');
    expect(openSecret(dataKey, sealed)).toBe('S3cret-router');
    const registry = createRouterRegistry({ owner: pool, dataKey, cacheMs: 0 });
    const first = await registry.forRouter(id);
    expect(await first.addresses()).toHaveLength(2);
    expect(await registry.forRouter(id)).toBe(first);
    expect(await registerRouter(pool, dataKey, { ...reg, password: 'wrong-now' })).toBe(id);
    const second = await registry.forRouter(id);
    expect(second).not.toBe(first);
    await expectRouterError(second.leases(), 'AUTH');
    await expectRouterError(registry.forRouter(999_999), 'NOT_FOUND');
    // Another server's data key cannot open it: the router counts as not reachable, the key is not named.
    const other = createRouterRegistry({ owner: pool, dataKey: crypto.randomBytes(32) });
    await expectRouterError(other.forRouter(id), 'UNAVAILABLE', /cannot be opened/);
    await registry.close();
    await other.close();
  });
});

describe('a RouterOS router behind the API', () => {
  let s: TestServer;
  let fake: FakeRouterOsRouter;
  let staff: string;
  let subnet: number;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    s = await startTestServer({ rateLimit: NO_RATE_LIMIT, network: { ...base.network, routerTimeoutMs: 400 } });
    fake = await startFakeRouterOsRouter({
      addresses: [{ address: '198.51.100.1/24', interface: 'sfp1' }],
      arp: [],
      leases: [{ address: '198.51.100.20', mac: 'AA:00:00:00:51:20', comment: 'rack 2', dynamic: false }],
    });
    staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  });
  afterAll(async () => {
    await s?.stop();
    await fake?.close();
  });

  it('registers the router (password sealed), refusing a bad address and an unknown location, and reads it at once', async () => {
    const body = {
      p_name: 'ros-1',
      p_location: 'frankfurt',
      p_driver: 'routeros',
      p_address: fake.url,
      p_username: fake.user,
      p_password: fake.password,
    };
    const bad = await s.rpc('RegisterRouter', { ...body, p_address: 'gw1.example.net' }, staff);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toBe('p_address: invalid_data');
    expect((await s.rpc('RegisterRouter', { ...body, p_location: 'atlantis' }, staff)).body.details).toBe(
      'p_location: invalid_data',
    );
    expect(await scalar(s, `SELECT count(*)::int AS n FROM routers WHERE name = 'ros-1'`)).toBe(0);
    const registered = await s.rpc('RegisterRouter', body, staff);
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(JSON.stringify(registered.body)).not.toContain(fake.password);
    const sealed = (await s.db.owner.query(`SELECT password_sealed FROM routers WHERE name = 'ros-1'`)).rows[0].password_sealed;
    expect(openSecret(s.secrets.dataKey, sealed)).toBe(fake.password);
    await s.jobsIdle();
    const [row] = (await s.get('RoutersSubnets?router_name=eq.ros-1', staff)).body as Json[];
    expect(row).toMatchObject({
      network: '198.51.100.0/24',
      gateway: '198.51.100.1',
      interface: 'sfp1',
      reserved: 1,
      pool: null,
    });
    subnet = row.id;
    const ok = await s.rpc(
      'RoutersDHCPAssignMACToIP',
      { p_subnet: subnet, p_ip: '198.51.100.30', p_mac: 'AA:00:00:00:51:30' },
      staff,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(fake.leases.find((l) => l['mac-address'] === 'AA:00:00:00:51:30')).toMatchObject({
      address: '198.51.100.30',
      dynamic: 'false',
    });
  });

  it('answers 503 when the router hangs, within the time-out, and keeps the last state', async () => {
    fake.setMode('hang');
    try {
      const started = Date.now();
      const r = await s.rpc('RoutersReleaseDHCPMac', { p_subnet: subnet, p_mac: 'AA:00:00:00:51:20' }, staff);
      expectErrorShape(r, 503, 'ROUTER_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5_000);
      const [ip] = (await s.get(`RoutersIPs?subnet=eq.${subnet}&address=eq.198.51.100.20`, staff)).body as Json[];
      expect(ip).toMatchObject({ mac: 'AA:00:00:00:51:20', dhcp: 'static', comment: 'rack 2' });
      const [router] = (await s.get('Routers?name=eq.ros-1', staff)).body as Json[];
      expect(router.reachable).toBe(false);
      // Nothing of the router's address or password leaks into what staff see.
      expect(JSON.stringify(router)).not.toContain(fake.password);
      expect(JSON.stringify(router)).not.toContain(fake.url);
    } finally {
      fake.setMode('ok');
    }
  });
});
