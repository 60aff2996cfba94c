/**
 * RemoveCluster, RemoveBmc, RemoveRouter (issue 18, /infrastructure): staff remove a registration
 * nothing uses — it is gone with its sealed secret and the removal is audited — while one still
 * used (a cluster with servers, a BMC of a dedicated server, a router with subnets) is refused
 * with 409 INFRA_IN_USE and stays; an unknown id is not found; a customer is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, scalar } from './factories.js';

describe('removing a registration', () => {
  let s: TestServer;
  let staff: string;
  beforeAll(async () => {
    s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
    staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const idOf = async (table: 'clusters' | 'bmcs' | 'routers', name: string) =>
    (await s.db.owner.query<{ id: number }>(`SELECT id FROM ${table} WHERE name = $1`, [name])).rows[0]?.id;

  it('removes an unused cluster, BMC and router, each audited', async () => {
    const cluster = await s.rpc(
      'RegisterCluster',
      { p_driver: 'simulator', p_name: 'spare-sim', p_location: 'lisbon', p_nodes: ['lis-node1'] },
      staff,
    );
    const bmc = await s.rpc(
      'RegisterBmc',
      { p_name: 'spare-bmc', p_driver: 'simulator', p_address: 'nowhere', p_username: 'admin', p_password: 'pw-12345' },
      staff,
    );
    const router = await s.db.owner.query<{ id: number }>(
      `INSERT INTO routers (name, location_id, driver, address, username) VALUES ('spare-gw', 'lisbon', 'simulator', 'spare-gw', 'admin')
       RETURNING id`,
    );
    for (const [call, id] of [
      ['RemoveCluster', cluster.body.id],
      ['RemoveBmc', bmc.body.id],
      ['RemoveRouter', router.rows[0]!.id],
    ] as const) {
      const r = await s.rpc(call, { p_id: id }, staff);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await idOf('clusters', 'spare-sim')).toBeUndefined();
    expect(await idOf('bmcs', 'spare-bmc')).toBeUndefined();
    expect(await idOf('routers', 'spare-gw')).toBeUndefined();
    expect(await scalar(s, `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'Remove%' AND result = 'ok'`)).toBe(3);
    const logged = await s.db.owner.query(`SELECT target FROM audit_log WHERE action = 'RemoveCluster'`);
    expect(logged.rows[0].target).toContain('spare-sim');
  });

  it('refuses what is still in use, and leaves it as it was', async () => {
    const used = [
      ['RemoveCluster', 'clusters', 'lis-sim'],
      ['RemoveBmc', 'bmcs', 'demo-bmc-lis-01'],
      ['RemoveRouter', 'routers', 'demo-router-lis'],
    ] as const;
    for (const [call, table, name] of used) {
      const id = await idOf(table, name);
      expect(id, name).toBeDefined();
      expectErrorShape(await s.rpc(call, { p_id: id }, staff), 409, 'INFRA_IN_USE');
      expect(await idOf(table, name)).toBe(id);
    }
  });

  it('answers not found for an unknown id, refuses a bad body and a customer', async () => {
    expectErrorShape(await s.rpc('RemoveCluster', { p_id: 999_999 }, staff), 404, 'NotFound');
    expectErrorShape(await s.rpc('RemoveRouter', { p_id: 999_999 }, staff), 404, 'ROUTER_NOT_FOUND');
    expectErrorShape(await s.rpc('RemoveBmc', { p_id: 'x' }, staff), 400, 'VALIDATION_FAILED');
    const customer = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const id = await idOf('clusters', 'fra-sim');
    expectErrorShape(await s.rpc('RemoveCluster', { p_id: id }, customer), 403);
    expect(await idOf('clusters', 'fra-sim')).toBe(id);
  });
});
