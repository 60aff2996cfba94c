import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createSimulatorRouter } from '../src/drivers/router/simulator-router.js';
import { createSimulatedRouter, setSimulatedRouterFailure } from '../src/drivers/router/simulator-router.repository.js';
import { createTestDatabase } from './harness.js';
import { expectRouterError, ROUTER, routerContract } from './router-contract.js';

const ADMIN = { username: 'portside', password: 'R0uter-Secret' };

// The shared contract on a simulated router.
routerContract('simulator', async () => {
  const tdb = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  await createSimulatedRouter(pool, { name: 'sim-contract', ...ADMIN, ...ROUTER });
  const login = (username: string, password: string) =>
    createSimulatorRouter(pool, { address: 'sim-contract', username, password });
  return {
    driver: login(ADMIN.username, ADMIN.password),
    login,
    // The simulator has no hanging mode of its own: a router that does not answer is 'unreachable'.
    failure: (mode) =>
      setSimulatedRouterFailure(pool, 'sim-contract', mode === null ? null : mode === 'refuse-writes' ? mode : 'unreachable'),
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

describe('router simulator', () => {
  it('keeps an existing router as it is, and a database that does not answer is an UNAVAILABLE router without SQL', async () => {
    const tdb = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 2 });
    try {
      expect(await createSimulatedRouter(pool, { name: 'sim-x', ...ADMIN, ...ROUTER })).toBe(true);
      expect(await createSimulatedRouter(pool, { name: 'sim-x', ...ADMIN, addresses: [] })).toBe(false);
      const d = createSimulatorRouter(pool, { address: 'sim-x', ...ADMIN });
      expect(await d.addresses()).toHaveLength(2);
      await expectRouterError(createSimulatorRouter(pool, { address: 'sim-none', ...ADMIN }).leases(), 'UNAVAILABLE');
      await pool.end();
      const e = await expectRouterError(d.arp(), 'UNAVAILABLE');
      expect(e.message).not.toMatch(/SELECT|sim_router/);
    } finally {
      await pool.end().catch(() => {});
      await tdb.drop();
    }
  });
});
