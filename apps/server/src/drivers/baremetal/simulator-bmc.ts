/**
 * The `simulator` bare-metal driver (issue 17): a BMC played by PostgreSQL (migration 0034,
 * simulator-bmc.repository.ts), so every server instance sees the same machines. A reset writes
 * the power steps it goes through (simulator-bmc-rules.ts) and each read works out the state from
 * the clock, so a power change completes `powerDelayMs` per phase later without a timer. Like a
 * real BMC it checks the login on every call (AUTH when wrong), refuses reset types the system
 * does not advertise (REFUSED, nothing changes) and passwords outside its policy. Failure
 * injection (setSimulatedFailure): an 'unreachable' BMC answers nothing (UNAVAILABLE), a
 * 'refuse-resets' one refuses every reset (REFUSED); setSimulatedDriveHealth turns a disk
 * unhealthy. A database that does not answer is an UNAVAILABLE BMC, with no SQL in the message.
 */
import type pg from 'pg';
import { inTransaction } from '../../db/transaction.js';
import { checkSimPassword, hashSimPassword } from '../hypervisor/simulator-create.js';
import { BaremetalError, RESET_TYPES, type BaremetalDriver, type BmcRecord, type ResetType } from './baremetal.js';
import * as db from './simulator-bmc.repository.js';
import {
  BMC_USERNAME,
  passwordPolicyProblem,
  planReset,
  powerAt,
  sensorReading,
  worstHealth,
  type SimPowerState,
} from './simulator-bmc-rules.js';

/** How the simulated BMCs behave. */
export interface SimulatorBmcOptions {
  /** How long each phase of a power change takes, ms (PoweringOff, PoweringOn; default 0: at once). */
  powerDelayMs?: number;
  /** The clock (tests move it); the real one by default. */
  now?: () => Date;
}

/** Runs a database call, turning a failure that is not the BMC's answer into UNAVAILABLE (no SQL in the message). */
async function reach<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof BaremetalError) throw e;
    throw new BaremetalError('UNAVAILABLE', 'the simulated BMC did not answer');
  }
}

/**
 * The driver for one simulated system: `record.address` names the BMC, `record.systemId` the
 * system, and `record.username`/`password` log in. Reads and writes go through `owner` (the sim
 * tables are closed to portside_app).
 */
export function createSimulatorBmc(
  owner: pg.Pool,
  record: Pick<BmcRecord, 'address' | 'systemId' | 'username' | 'password'>,
  options: SimulatorBmcOptions = {},
): BaremetalDriver {
  const bmc = record.address;
  const systemId = record.systemId;
  const now = options.now ?? (() => new Date());
  const delayMs = Math.max(0, options.powerDelayMs ?? 0);
  // The hash the login was last proved against: scrypt runs again only when the stored hash changed.
  let provenHash: string | null = null;

  /** What every call does first, as a BMC does: answer at all, then check the login. */
  async function login(): Promise<db.SimulatedBmcFailure | null> {
    const b = await db.findBmc(owner, bmc);
    if (!b || b.failure === 'unreachable') throw new BaremetalError('UNAVAILABLE', 'the simulated BMC did not answer');
    const account = await db.findAccount(owner, bmc, record.username);
    const ok =
      account !== undefined &&
      account.enabled &&
      (account.password_hash === provenHash || (await checkSimPassword(account.password_hash, record.password)));
    if (!ok) {
      provenHash = null;
      throw new BaremetalError('AUTH', `the BMC did not accept the login of user '${record.username}'`);
    }
    provenHash = account.password_hash;
    return b.failure;
  }

  /** Logs in and answers the system's row; NOT_FOUND when the BMC has no such system. */
  async function systemRow(): Promise<db.SimSystemRow> {
    await login();
    const row = await db.findSystem(owner, bmc, systemId);
    if (!row) throw new BaremetalError('NOT_FOUND', `the BMC has no system '${systemId}'`);
    return row;
  }

  const stateOf = (row: Pick<db.SimSystemRow, 'power_state' | 'power_steps'>): SimPowerState =>
    powerAt(row.power_state, row.power_steps, now());

  return {
    system: () =>
      reach(async () => {
        const row = await systemRow();
        return {
          id: systemId,
          powerState: stateOf(row),
          resetTypes: [...row.reset_types],
          manufacturer: row.manufacturer,
          model: row.model,
          serial: row.serial,
          health: worstHealth([row.health, ...row.part_health]),
          processorCount: row.processor_count,
          processorModel: row.processor_model,
          memoryGiB: Math.round((row.memory_mib / 1024) * 100) / 100,
        };
      }),

    reset: (type: ResetType) =>
      reach(async () => {
        const failure = await login();
        if (!(RESET_TYPES as readonly string[]).includes(type))
          throw new BaremetalError('REFUSED', `'${String(type)}' is not a reset type`);
        await inTransaction(owner, async (c) => {
          const row = await db.lockSystemPower(c, bmc, systemId);
          if (!row) throw new BaremetalError('NOT_FOUND', `the BMC has no system '${systemId}'`);
          if (!row.reset_types.includes(type))
            throw new BaremetalError(
              'REFUSED',
              `the system does not allow the reset type ${type} (it allows ${row.reset_types.join(', ')})`,
            );
          if (failure === 'refuse-resets') throw new BaremetalError('REFUSED', `the BMC refused the reset ${type}`);
          const at = now();
          const current = powerAt(row.power_state, row.power_steps, at);
          const plan = planReset(current, type, delayMs, at);
          if ('refused' in plan) throw new BaremetalError('REFUSED', `the BMC refused the reset ${type}: ${plan.refused}`);
          // The change under way is replaced; its steps play out on later reads (at once with no delay).
          if (plan.steps.length) await db.writePower(c, bmc, systemId, current, plan.steps);
        });
      }),

    drives: () =>
      reach(async () => {
        await systemRow();
        return db.listDrives(owner, bmc, systemId);
      }),

    memory: () =>
      reach(async () => {
        await systemRow();
        return db.listMemory(owner, bmc, systemId);
      }),

    sensors: () =>
      reach(async () => {
        const power = stateOf(await systemRow());
        const at = now();
        return (await db.listSensors(owner, bmc, systemId)).map((s) => ({
          name: s.name,
          kind: s.kind,
          reading: sensorReading(s, power, at),
          unit: s.unit,
          health: s.health,
        }));
      }),

    setAccountPassword: (username: string, password: string) =>
      reach(async () => {
        await login();
        if (typeof username !== 'string' || !BMC_USERNAME.test(username))
          throw new BaremetalError(
            'REFUSED',
            'the BMC refused the account name (1 to 39 letters, digits, dots, dashes or underscores)',
          );
        const problem = passwordPolicyProblem(password);
        if (problem) throw new BaremetalError('REFUSED', `the BMC refused the password: ${problem}`);
        await db.upsertAccount(owner, bmc, username, await hashSimPassword(password), 'Operator');
      }),
  };
}
