import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '@portside/contract/schemas/dedicated';
import { ILO_CUSTOMER_LOGIN } from '@portside/contract/schemas/dedicated';
import {
  BaremetalError,
  type BaremetalDriver,
  type BaremetalErrorCode,
  type ResetType,
} from '../src/drivers/baremetal/baremetal.js';
import { GENERIC_RESET_TYPES, ILO5_RESET_TYPES, type SimulatedSystemSpec } from '../src/drivers/baremetal/simulator-bmc-spec.js';

/** The generic server both implementations are set up with (Off at the start). */
export const SERVER = {
  serial: 'CZ20400ABC',
  manufacturer: 'Supermicro',
  model: 'SYS-1029U-TR4',
  power: 'Off',
  resetTypes: GENERIC_RESET_TYPES,
  processorCount: 2,
  processorModel: 'Intel(R) Xeon(R) Silver 4214R CPU @ 2.40GHz',
  drives: [
    { serial: 'S4ENNF0N100001', model: 'SAMSUNG MZ7LH960HAJR-00005', mediaType: 'SSD', capacityBytes: 960_197_124_096 },
    { serial: 'ZC1B2A3D', model: 'ST4000NM0035-1V4107', mediaType: 'HDD', capacityBytes: 4_000_787_030_016 },
    { serial: 'S439NA0N200002', model: 'SAMSUNG MZQLB1T9HAJR-00007', mediaType: 'NVMe', capacityBytes: 1_920_383_410_176 },
  ],
  memory: [
    { slot: 'DIMM A1', capacityMiB: 32_768, type: 'DDR4', speedMhz: 2933 },
    { slot: 'DIMM B1', capacityMiB: 32_768, type: 'DDR4', speedMhz: 2933 },
    { slot: 'DIMM C1', capacityMiB: 16_384, type: 'DDR4', speedMhz: 2666 },
  ],
  sensors: [
    { name: 'Inlet Temp', kind: 'temperature', reading: 22, unit: 'Cel' },
    { name: 'CPU1 Temp', kind: 'temperature', reading: 48, unit: 'Cel' },
    { name: 'FAN1', kind: 'fan', reading: 4200, unit: 'RPM' },
    { name: 'FAN2', kind: 'fan', reading: 38, unit: '%' },
  ],
} as const satisfies Omit<SimulatedSystemSpec, 'bmc'>;

/** An HPE iLO 5 server: no GracefulRestart, no PowerCycle (On at the start). */
export const ILO_SERVER = {
  ...SERVER,
  serial: 'MXQ9120XYZ',
  manufacturer: 'HPE',
  model: 'ProLiant DL360 Gen10',
  power: 'On',
  resetTypes: ILO5_RESET_TYPES,
} as const satisfies Omit<SimulatedSystemSpec, 'bmc'>;

/** What a driver under the contract suite needs around it (the simulator, or the redfish driver and a fake BMC). */
export interface ContractBmc {
  /** The generic server's driver, logged in as the BMC's administrator. */
  driver: BaremetalDriver;
  /** The iLO 5 server's driver. */
  ilo: BaremetalDriver;
  /** A driver of the generic server logging in as someone else. */
  login(username: string, password: string): BaremetalDriver;
  /** How long one phase of a power change takes on the harness clock, ms. */
  phaseMs: number;
  /** Moves the clock both servers' BMCs go by. */
  advance(ms: number): void;
  setDriveHealth(serial: string, health: Health): Promise<void>;
  /**
   * Makes the generic server's BMC fail: 'hang' (never answers), 'down' (answers that it cannot
   * serve, or not at all), 'refuse-resets'; null heals it.
   */
  failure(mode: 'hang' | 'down' | 'refuse-resets' | null): Promise<void>;
  /** The role of an account on the generic server's BMC, undefined when there is none. */
  accountRole(username: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** The BaremetalError `p` rejects with (fails the test when it resolves or throws something else). */
export async function expectBmcError(p: Promise<unknown>, code: BaremetalErrorCode, text?: RegExp): Promise<BaremetalError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, 'expected a BaremetalError').toBeInstanceOf(BaremetalError);
  expect((e as BaremetalError).code).toBe(code);
  if (text) expect((e as BaremetalError).message).toMatch(text);
  return e as BaremetalError;
}

/**
 * The bare-metal driver contract: the simulator and the redfish driver (against fake BMCs) run
 * this same suite. Time is the harness's clock, so every power phase is checked exactly.
 */
export function baremetalContract(label: string, make: () => Promise<ContractBmc>): void {
  describe(`bare-metal driver contract: ${label}`, () => {
    let b: ContractBmc;
    let d: BaremetalDriver;
    beforeAll(async () => {
      b = await make();
      d = b.driver;
    });
    afterAll(async () => {
      await b?.close();
    });

    const power = async (driver = d) => (await driver.system()).powerState;
    /** The states seen right after `type` and after each following phase. */
    async function phases(type: ResetType, count: number, driver = d): Promise<string[]> {
      await driver.reset(type);
      const seen = [await power(driver)];
      for (let i = 0; i < count; i++) {
        b.advance(b.phaseMs);
        seen.push(await power(driver));
      }
      return seen;
    }

    it('reads the system: identity, power, the reset types it advertises in order, processors and memory', async () => {
      expect(await d.system()).toEqual({
        id: '1',
        powerState: 'Off',
        resetTypes: [...GENERIC_RESET_TYPES],
        manufacturer: SERVER.manufacturer,
        model: SERVER.model,
        serial: SERVER.serial,
        health: 'OK',
        processorCount: 2,
        processorModel: SERVER.processorModel,
        memoryGiB: 80,
      });
      expect((await b.ilo.system()).resetTypes).toEqual([...ILO5_RESET_TYPES]);
    });

    it('powers on through PoweringOn and shuts down gracefully through PoweringOff, each after its delay', async () => {
      await d.reset('On');
      expect(await power()).toBe('PoweringOn');
      b.advance(b.phaseMs - 1);
      expect(await power()).toBe('PoweringOn');
      b.advance(1);
      expect(await power()).toBe('On');
      expect(await phases('GracefulShutdown', 1)).toEqual(['PoweringOff', 'Off']);
      // Asking for the state it is in changes nothing; ForceOff is at once.
      expect(await phases('GracefulShutdown', 1)).toEqual(['Off', 'Off']);
      expect(await phases('On', 1)).toEqual(['PoweringOn', 'On']);
      expect(await phases('ForceOff', 0)).toEqual(['Off']);
    });

    it('ForceRestart and PowerCycle go through off and end On', async () => {
      expect(await phases('On', 1)).toEqual(['PoweringOn', 'On']);
      expect(await phases('ForceRestart', 2)).toEqual(['PoweringOff', 'PoweringOn', 'On']);
      expect(await phases('PowerCycle', 2)).toEqual(['PoweringOff', 'PoweringOn', 'On']);
      expect(await phases('GracefulRestart', 2)).toEqual(['PoweringOff', 'PoweringOn', 'On']);
      expect(await phases('ForceOff', 0)).toEqual(['Off']);
      // From off a power cycle only powers on.
      expect(await phases('PowerCycle', 1)).toEqual(['PoweringOn', 'On']);
    });

    it('refuses a reset type the system does not advertise, or no reset type at all, and nothing changes', async () => {
      expect(await power(b.ilo)).toBe('On');
      await expectBmcError(b.ilo.reset('PowerCycle'), 'REFUSED', /PowerCycle/);
      await expectBmcError(b.ilo.reset('GracefulRestart'), 'REFUSED', /GracefulRestart/);
      await expectBmcError(b.ilo.reset('Reboot' as ResetType), 'REFUSED', /Reboot/);
      b.advance(3 * b.phaseMs);
      expect(await power(b.ilo)).toBe('On');
      // What it does advertise works.
      expect(await phases('ForceRestart', 2, b.ilo)).toEqual(['PoweringOff', 'PoweringOn', 'On']);
    });

    it('a BMC that refuses resets: REFUSED, and the power stays as it was', async () => {
      const before = await power();
      await b.failure('refuse-resets');
      try {
        await expectBmcError(d.reset(before === 'On' ? 'GracefulShutdown' : 'On'), 'REFUSED');
        b.advance(3 * b.phaseMs);
        expect(await power()).toBe(before);
      } finally {
        await b.failure(null);
      }
    });

    it('a BMC that does not answer in time, or cannot serve, is UNAVAILABLE, quickly', async () => {
      for (const mode of ['hang', 'down'] as const) {
        await b.failure(mode);
        try {
          const started = Date.now();
          await expectBmcError(d.system(), 'UNAVAILABLE');
          await expectBmcError(d.reset('On'), 'UNAVAILABLE');
          expect(Date.now() - started).toBeLessThan(5_000);
        } finally {
          await b.failure(null);
        }
      }
      expect(await d.system()).toMatchObject({ serial: SERVER.serial });
    });

    it('wrong credentials are AUTH for every call, and nothing changes', async () => {
      const before = await power();
      const wrong = b.login('portside', 'not-the-password');
      await expectBmcError(wrong.system(), 'AUTH');
      await expectBmcError(wrong.reset(before === 'On' ? 'ForceOff' : 'On'), 'AUTH');
      await expectBmcError(wrong.drives(), 'AUTH');
      await expectBmcError(wrong.setAccountPassword('intruder', 'Intrud3r!'), 'AUTH');
      await expectBmcError(b.login('nobody', 'whatever-1').system(), 'AUTH');
      await wrong.close?.();
      b.advance(3 * b.phaseMs);
      expect(await power()).toBe(before);
      expect(await b.accountRole('intruder')).toBeUndefined();
    });

    it('reads the drives, the memory modules present and the sensors', async () => {
      if ((await power()) !== 'On') await phases('On', 1);
      expect(await d.drives()).toEqual(SERVER.drives.map((x) => ({ ...x, health: 'OK' })));
      expect(await d.memory()).toEqual(SERVER.memory.map((x) => ({ ...x, health: 'OK' })));
      const sensors = await d.sensors();
      expect(sensors.map(({ reading: _r, ...rest }) => rest)).toEqual(
        SERVER.sensors.map(({ reading: _r, ...rest }) => ({ ...rest, health: 'OK' })),
      );
      for (const [i, s] of SERVER.sensors.entries()) {
        const got = sensors[i]!.reading!;
        expect(Math.abs(got - s.reading), s.name).toBeLessThanOrEqual(s.kind === 'fan' ? s.reading * 0.05 : 2);
      }
    });

    it('sees a drive turning unhealthy on the next read, in the drive and the system', async () => {
      const hdd = SERVER.drives[1].serial;
      await b.setDriveHealth(hdd, 'Critical');
      try {
        expect((await d.drives()).find((x) => x.serial === hdd)).toMatchObject({ health: 'Critical' });
        expect((await d.system()).health).toBe('Critical');
      } finally {
        await b.setDriveHealth(hdd, 'OK');
      }
      expect((await d.system()).health).toBe('OK');
    });

    it('creates the customer account with the Operator role, then changes its password; each new password logs in', async () => {
      const user = ILO_CUSTOMER_LOGIN;
      expect(await b.accountRole(user)).toBeUndefined();
      await d.setAccountPassword(user, 'K7#QX2!M');
      expect(await b.accountRole(user)).toBe('Operator');
      const first = b.login(user, 'K7#QX2!M');
      expect(await first.system()).toMatchObject({ serial: SERVER.serial });
      await first.close?.();
      await d.setAccountPassword(user, 'ZP4$W9A1');
      const second = b.login(user, 'ZP4$W9A1');
      expect(await second.system()).toMatchObject({ serial: SERVER.serial });
      await second.close?.();
      const old = b.login(user, 'K7#QX2!M');
      await expectBmcError(old.system(), 'AUTH');
      await old.close?.();
    });

    it('refuses a password outside the BMC policy, without quoting it, and keeps the old one', async () => {
      const user = 'operator2';
      await d.setAccountPassword(user, 'Good-Pass1');
      for (const bad of ['Sh0rt!', 'Far-too-long-passw0rd-1']) {
        const e = await expectBmcError(d.setAccountPassword(user, bad), 'REFUSED');
        expect(e.message).not.toContain(bad);
      }
      const kept = b.login(user, 'Good-Pass1');
      expect(await kept.system()).toMatchObject({ serial: SERVER.serial });
      await kept.close?.();
    });
  });
}
