import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaremetalRegistry } from '../src/drivers/baremetal/registry.js';
import { registerBmc } from '../src/drivers/baremetal/registry.repository.js';
import { createSimulatedSystem } from '../src/drivers/baremetal/simulator-bmc.repository.js';
import { SIMULATED_BMC_ADMIN } from '../src/drivers/baremetal/simulator-bmc-spec.js';
import { openSecret } from '../src/drivers/hypervisor/secret-box.js';
import { expectBmcError, SERVER } from './baremetal-contract.js';
import { startFakeRedfish, type FakeRedfish } from './fake-redfish.js';
import { createTestDatabase } from './harness.js';

describe('bare-metal registry', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let fake: FakeRedfish;
  const dataKey = crypto.randomBytes(32);
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
    fake = await startFakeRedfish({
      system: { ...SERVER, serial: 'RF-0001' },
      accounts: [{ username: 'portside', password: 'Rf-Admin-1' }],
    });
  });
  afterAll(async () => {
    await fake?.close();
    await pool.end();
    await tdb.drop();
  });

  /** A dedicated server in stock at Lisbon, on BMC `bmcId` (or none). */
  async function server(serial: string, bmcId: number | null): Promise<void> {
    await pool.query(
      `INSERT INTO dedicated_servers (serial, bmc_id, location_id, hostname, model, cpu_family, cpu_name, base_cents)
       VALUES ($1, $2, 'lisbon', 'host-1', 'Supermicro 1029U', 'Xeon', 'Silver 4214R', 9900)`,
      [serial, bmcId],
    );
  }

  it('registers a BMC with its password sealed, and reaches the server behind it', async () => {
    await createSimulatedSystem(pool, { bmc: 'sim-reg-1', serial: 'REG-0001' });
    const id = await registerBmc(pool, dataKey, {
      name: 'bmc-reg-1',
      driver: 'simulator',
      address: 'sim-reg-1',
      ...SIMULATED_BMC_ADMIN,
    });
    const row = (await pool.query(`SELECT system_id, password_sealed FROM bmcs WHERE id = $1`, [id])).rows[0];
    expect(row.system_id).toBe('1');
    expect(row.password_sealed).not.toContain(SIMULATED_BMC_ADMIN.password);
    expect(openSecret(dataKey, row.password_sealed)).toBe(SIMULATED_BMC_ADMIN.password);
    await server('REG-0001', id);

    const registry = createBaremetalRegistry({ owner: pool, dataKey });
    const d = await registry.forServer('REG-0001');
    expect(await d.system()).toMatchObject({ serial: 'REG-0001', powerState: 'On' });
    expect(await registry.forBmc(id)).toBe(d);
    await registry.close();
  });

  it('answers NOT_FOUND for an unknown server, a server without a BMC and an unknown BMC', async () => {
    await server('REG-NOBMC', null);
    const registry = createBaremetalRegistry({ owner: pool, dataKey });
    await expectBmcError(registry.forServer('REG-NONE'), 'NOT_FOUND', /no dedicated server 'REG-NONE'/);
    await expectBmcError(registry.forServer('REG-NOBMC'), 'NOT_FOUND', /has no BMC/);
    await expectBmcError(registry.forBmc(999_999), 'NOT_FOUND', /no BMC 999999/);
  });

  it('keeps a driver while its registration is unchanged and makes a new one when it changes', async () => {
    await createSimulatedSystem(pool, { bmc: 'sim-reg-2', serial: 'REG-0002' });
    const reg = { name: 'bmc-reg-2', driver: 'simulator' as const, address: 'sim-reg-2', ...SIMULATED_BMC_ADMIN };
    const id = await registerBmc(pool, dataKey, reg);
    const registry = createBaremetalRegistry({ owner: pool, dataKey, cacheMs: 0 });
    const first = await registry.forBmc(id);
    expect(await registry.forBmc(id)).toBe(first);
    // The same name again is refused unless replacing (the seed), which keeps the id.
    await expect(registerBmc(pool, dataKey, reg)).rejects.toMatchObject({ code: '23505' });
    expect(await registerBmc(pool, dataKey, { ...reg, password: 'wrong-now' }, { upsert: true })).toBe(id);
    const second = await registry.forBmc(id);
    expect(second).not.toBe(first);
    await expectBmcError(second.system(), 'AUTH');
  });

  it('does not open a password sealed with another key, and says so without the password', async () => {
    await createSimulatedSystem(pool, { bmc: 'sim-reg-3', serial: 'REG-0003' });
    const id = await registerBmc(pool, dataKey, {
      name: 'bmc-reg-3',
      driver: 'simulator',
      address: 'sim-reg-3',
      ...SIMULATED_BMC_ADMIN,
    });
    const other = createBaremetalRegistry({ owner: pool, dataKey: crypto.randomBytes(32) });
    const e = await expectBmcError(other.forBmc(id), 'UNAVAILABLE', /cannot be opened/);
    expect(e.message).not.toContain(SIMULATED_BMC_ADMIN.password);
  });

  it('refuses a CA that is not a PEM certificate, before anything is written', async () => {
    await expectBmcError(
      registerBmc(pool, dataKey, {
        name: 'bmc-bad-ca',
        driver: 'redfish',
        address: fake.url,
        username: 'portside',
        password: 'Rf-Admin-1',
        caPem: '-----BEGIN CERTIFICATE-----\nnot really\n-----END CERTIFICATE-----',
      }),
      'REFUSED',
      /not a PEM certificate/,
    );
    expect((await pool.query(`SELECT 1 FROM bmcs WHERE name = 'bmc-bad-ca'`)).rowCount).toBe(0);
  });

  it('builds the redfish driver for a redfish BMC, and logs its session out on close', async () => {
    const id = await registerBmc(pool, dataKey, {
      name: 'bmc-redfish',
      driver: 'redfish',
      address: fake.url,
      username: 'portside',
      password: 'Rf-Admin-1',
      useSession: true,
    });
    await server('RF-0001', id);
    const registry = createBaremetalRegistry({ owner: pool, dataKey, redfish: { timeoutMs: 2_000 } });
    const d = await registry.forServer('RF-0001');
    expect(await d.system()).toMatchObject({ serial: 'RF-0001', manufacturer: 'Supermicro' });
    expect(fake.sessionCount()).toBe(1);
    await registry.close();
    expect(fake.sessionCount()).toBe(0);
  });
});
