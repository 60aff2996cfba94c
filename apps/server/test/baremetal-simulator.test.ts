import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorBmc } from '../src/drivers/baremetal/simulator-bmc.js';
import {
  createSimulatedSystem,
  setSimulatedDriveHealth,
  setSimulatedFailure,
  simulatedAccount,
} from '../src/drivers/baremetal/simulator-bmc.repository.js';
import { DEFAULT_MEMORY, DEFAULT_SENSORS, SIMULATED_BMC_ADMIN } from '../src/drivers/baremetal/simulator-bmc-spec.js';
import { baremetalContract, expectBmcError, ILO_SERVER, SERVER } from './baremetal-contract.js';
import { createTestDatabase } from './harness.js';

const ADMIN = { username: 'portside', password: 'Adm1n-Secret' };

// The shared contract on two simulated BMCs, on a clock the suite moves.
baremetalContract('simulator', async () => {
  const tdb = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  let clock = Date.parse('2026-03-01T10:00:00Z');
  const options = { powerDelayMs: 5_000, now: () => new Date(clock) };
  await createSimulatedSystem(pool, { bmc: 'sim-generic', ...SERVER, accounts: [ADMIN] });
  await createSimulatedSystem(pool, { bmc: 'sim-ilo', ...ILO_SERVER, accounts: [ADMIN] });
  const login = (username: string, password: string, bmc = 'sim-generic') =>
    createSimulatorBmc(pool, { address: bmc, systemId: '1', username, password }, options);
  return {
    driver: login(ADMIN.username, ADMIN.password),
    ilo: login(ADMIN.username, ADMIN.password, 'sim-ilo'),
    login: (u, p) => login(u, p),
    phaseMs: 5_000,
    advance: (ms) => void (clock += ms),
    setDriveHealth: (serial, health) => setSimulatedDriveHealth(pool, { bmc: 'sim-generic', serial, health }),
    failure: (mode) =>
      setSimulatedFailure(pool, 'sim-generic', mode === null ? null : mode === 'refuse-resets' ? mode : 'unreachable'),
    accountRole: async (username) => (await simulatedAccount(pool, 'sim-generic', username))?.role,
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

describe('bare-metal simulator', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  const admin = (bmc: string, options = {}) =>
    createSimulatorBmc(pool, { address: bmc, systemId: '1', ...SIMULATED_BMC_ADMIN }, options);

  it('makes a whole server from a name and a serial, and keeps an existing one as it is', async () => {
    expect(await createSimulatedSystem(pool, { bmc: 'sim-whole', serial: 'DS-0001' })).toEqual({
      bmc: 'sim-whole',
      systemId: '1',
      created: true,
    });
    const d = admin('sim-whole');
    expect(await d.system()).toMatchObject({
      powerState: 'On',
      serial: 'DS-0001',
      processorCount: 2,
      memoryGiB: 128,
      health: 'OK',
    });
    const drives = await d.drives();
    expect(drives.map((x) => x.mediaType)).toEqual(['SSD', 'SSD', 'NVMe']);
    expect(new Set(drives.map((x) => x.serial)).size).toBe(3);
    expect(await d.memory()).toHaveLength(DEFAULT_MEMORY.length);
    expect((await d.sensors()).map((s) => s.name)).toEqual(DEFAULT_SENSORS.map((s) => s.name));

    await d.reset('ForceOff');
    const again = await createSimulatedSystem(pool, { bmc: 'sim-whole', serial: 'DS-0001', power: 'On', drives: [] });
    expect(again.created).toBe(false);
    expect((await d.system()).powerState).toBe('Off');
    expect(await d.drives()).toHaveLength(3);
    // The same serial gives the same drive serials (the seed is repeatable).
    await createSimulatedSystem(pool, { bmc: 'sim-whole-2', serial: 'DS-0001' });
    expect((await admin('sim-whole-2').drives()).map((x) => x.serial)).toEqual(drives.map((x) => x.serial));
  });

  it('keeps power changes in the database: another driver on another connection sees them play out in time', async () => {
    // One clock the test moves for both drivers: what each reads depends on the database and the
    // time, never on how fast a loaded machine gets to the next line.
    let clock = Date.parse('2026-03-01T11:00:00Z');
    const now = () => new Date(clock);
    await createSimulatedSystem(pool, { bmc: 'sim-shared', serial: 'DS-0002', power: 'Off' });
    await admin('sim-shared', { powerDelayMs: 150, now }).reset('On');
    const other = new pg.Pool({ connectionString: tdb.ownerUrl, max: 1 });
    try {
      const d = createSimulatorBmc(other, { address: 'sim-shared', systemId: '1', ...SIMULATED_BMC_ADMIN }, { now });
      expect((await d.system()).powerState).toBe('PoweringOn');
      clock += 149;
      expect((await d.system()).powerState).toBe('PoweringOn');
      clock += 151;
      expect((await d.system()).powerState).toBe('On');
    } finally {
      await other.end();
    }
  });

  it('accepts only ForceOff while a change is under way, and no graceful restart or NMI while off', async () => {
    let clock = Date.parse('2026-03-01T12:00:00Z');
    await createSimulatedSystem(pool, { bmc: 'sim-busy', serial: 'DS-0003', power: 'On' });
    const d = admin('sim-busy', { powerDelayMs: 1000, now: () => new Date(clock) });
    await d.reset('GracefulShutdown');
    await expectBmcError(d.reset('On'), 'REFUSED', /a power change is in progress \(PoweringOff\)/);
    await d.reset('ForceOff');
    expect((await d.system()).powerState).toBe('Off');
    clock += 5000;
    expect((await d.system()).powerState).toBe('Off');
    await expectBmcError(d.reset('GracefulRestart'), 'REFUSED', /the system is off/);
    await expectBmcError(d.reset('Nmi'), 'REFUSED', /the system is off/);
    // Off, the fans stand still and the board cools towards the room.
    const sensors = await d.sensors();
    expect(sensors.filter((s) => s.kind === 'fan').every((s) => s.reading === 0)).toBe(true);
    expect(sensors.find((s) => s.name === 'CPU1 Temp')!.reading).toBeLessThan(30);
  });

  it('applies its password policy: 8 to 16 printable characters, no spaces; and a BMC-like account name', async () => {
    await createSimulatedSystem(pool, { bmc: 'sim-policy', serial: 'DS-0004' });
    const d = admin('sim-policy');
    for (const bad of ['Abc123!', 'A'.repeat(17), 'has space1', 'ümlaut123'])
      await expectBmcError(d.setAccountPassword('customer', bad), 'REFUSED', /password policy/);
    expect(await simulatedAccount(pool, 'sim-policy', 'customer')).toBeUndefined();
    await d.setAccountPassword('customer', 'ABCD1234');
    await d.setAccountPassword('customer', 'P'.repeat(16));
    expect(await simulatedAccount(pool, 'sim-policy', 'customer')).toEqual({ role: 'Operator', enabled: true });
    await expectBmcError(d.setAccountPassword('bad name', 'ABCD1234'), 'REFUSED', /account name/);
    // Changing the administrator's own password locks this driver out, as on a real BMC.
    await d.setAccountPassword(SIMULATED_BMC_ADMIN.username, 'New-Admin-1');
    await expectBmcError(d.system(), 'AUTH');
  });

  it('answers NOT_FOUND for a system the BMC does not have, UNAVAILABLE for a BMC that does not exist', async () => {
    await createSimulatedSystem(pool, { bmc: 'sim-one', serial: 'DS-0005' });
    const missing = createSimulatorBmc(pool, { address: 'sim-one', systemId: '2', ...SIMULATED_BMC_ADMIN });
    await expectBmcError(missing.system(), 'NOT_FOUND', /no system '2'/);
    await expectBmcError(missing.reset('On'), 'NOT_FOUND');
    await expectBmcError(admin('sim-nowhere').system(), 'UNAVAILABLE', /did not answer/);
    await expectBmcError(setSimulatedFailure(pool, 'sim-nowhere', 'unreachable'), 'NOT_FOUND');
    await expectBmcError(setSimulatedDriveHealth(pool, { bmc: 'sim-one', serial: 'NOPE', health: 'Warning' }), 'NOT_FOUND');
  });

  it('is UNAVAILABLE, without SQL in the message, when its database does not answer', async () => {
    const gone = new pg.Pool({ connectionString: tdb.ownerUrl.replace(/\/[^/]*$/, '/no_such_database'), max: 1 });
    try {
      const d = createSimulatorBmc(gone, { address: 'sim-one', systemId: '1', ...SIMULATED_BMC_ADMIN });
      await expectBmcError(d.system(), 'UNAVAILABLE', /^the simulated BMC did not answer$/);
    } finally {
      await gone.end();
    }
  });
});
