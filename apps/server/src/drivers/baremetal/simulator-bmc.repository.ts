/**
 * The bare-metal simulator's SQL (migration 0034): simulated BMCs, their accounts and the systems
 * behind them with drives, memory and sensors. System data without row-level security, reached
 * through the owner pool only. Besides what simulator-bmc.ts reads and writes, this file holds the
 * set-up handles a real BMC does not have, for the demo seed and tests: createSimulatedSystem,
 * setSimulatedFailure, setSimulatedDriveHealth and simulatedAccount.
 */
import type pg from 'pg';
import type { Health } from '@portside/contract/schemas/dedicated';
import { inTransaction } from '../../db/transaction.js';
import { hashSimPassword } from '../hypervisor/simulator-create.js';
import { BaremetalError, type BmcDrive, type BmcMemoryModule, type ResetType } from './baremetal.js';
import type { PowerStep, SimPowerState } from './simulator-bmc-rules.js';
import { completeSpec, type SimulatedSystemSpec } from './simulator-bmc-spec.js';

/** A pool or one of its clients inside a transaction. */
type Sql = pg.Pool | pg.PoolClient;

/** What can be injected into a simulated BMC: it answers nothing, or it refuses every reset. */
export type SimulatedBmcFailure = 'unreachable' | 'refuse-resets';

/** A system's row with what system() reports about its parts. */
export interface SimSystemRow {
  manufacturer: string;
  model: string;
  serial: string;
  power_state: SimPowerState;
  power_steps: PowerStep[];
  reset_types: ResetType[];
  processor_count: number;
  processor_model: string;
  health: Health;
  memory_mib: number;
  /** The health of every drive, module and sensor. */
  part_health: Health[];
}

/** A sensor's row: its set reading, before the simulator's drift. */
export interface SimSensorRow {
  name: string;
  kind: 'temperature' | 'fan';
  reading: number | null;
  unit: string;
  health: Health;
}

/**
 * Creates a simulated server (and its BMC with its accounts when the BMC is new), filling in the
 * defaults of a whole server for whatever `spec` leaves out (simulator-bmc-spec.ts). Idempotent
 * for the seed: a system that exists already is kept as it is, and `created` says false.
 */
export async function createSimulatedSystem(
  owner: pg.Pool,
  spec: SimulatedSystemSpec,
): Promise<{ bmc: string; systemId: string; created: boolean }> {
  const s = completeSpec(spec);
  const hashes = await Promise.all(s.accounts.map((a) => hashSimPassword(a.password)));
  return inTransaction(owner, async (c) => {
    await c.query(`INSERT INTO sim_bmcs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [s.bmc]);
    for (const [i, a] of s.accounts.entries())
      await c.query(
        `INSERT INTO sim_bmc_accounts (bmc, username, password_hash, role) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [s.bmc, a.username, hashes[i], a.role ?? 'Administrator'],
      );
    const made = await c.query(
      `INSERT INTO sim_bmc_systems (bmc, system_id, manufacturer, model, serial, power_state, reset_types, processor_count, processor_model)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [s.bmc, s.systemId, s.manufacturer, s.model, s.serial, s.power, s.resetTypes, s.processorCount, s.processorModel],
    );
    const created = (made.rowCount ?? 0) > 0;
    if (created) {
      const key = [s.bmc, s.systemId];
      await c.query(
        `INSERT INTO sim_bmc_drives (bmc, system_id, position, serial, model, media_type, capacity_bytes, health)
         SELECT $1, $2, d.ord - 1, d.v->>'serial', d.v->>'model', d.v->>'mediaType', (d.v->>'capacityBytes')::bigint,
                COALESCE(d.v->>'health', 'OK')
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS d(v, ord)`,
        [...key, JSON.stringify(s.drives)],
      );
      await c.query(
        `INSERT INTO sim_bmc_memory (bmc, system_id, position, slot, capacity_mib, type, speed_mhz, health)
         SELECT $1, $2, m.ord - 1, m.v->>'slot', (m.v->>'capacityMiB')::int, m.v->>'type', (m.v->>'speedMhz')::int,
                COALESCE(m.v->>'health', 'OK')
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS m(v, ord)`,
        [...key, JSON.stringify(s.memory)],
      );
      await c.query(
        `INSERT INTO sim_bmc_sensors (bmc, system_id, position, name, kind, reading, unit, health)
         SELECT $1, $2, x.ord - 1, x.v->>'name', x.v->>'kind', (x.v->>'reading')::numeric, x.v->>'unit', COALESCE(x.v->>'health', 'OK')
           FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(v, ord)`,
        [...key, JSON.stringify(s.sensors)],
      );
    }
    return { bmc: s.bmc, systemId: s.systemId, created };
  });
}

/** Injects a failure into a simulated BMC (null clears it); NOT_FOUND when there is no such BMC. */
export async function setSimulatedFailure(owner: Sql, bmc: string, failure: SimulatedBmcFailure | null): Promise<void> {
  const r = await owner.query(`UPDATE sim_bmcs SET failure = $2 WHERE name = $1`, [bmc, failure]);
  if (!r.rowCount) throw new BaremetalError('NOT_FOUND', `no simulated BMC '${bmc}'`);
}

/** Sets a simulated drive's health (a disk turning unhealthy); NOT_FOUND when there is no such drive. */
export async function setSimulatedDriveHealth(
  owner: Sql,
  target: { bmc: string; systemId?: string; serial: string; health: Health },
): Promise<void> {
  const r = await owner.query(`UPDATE sim_bmc_drives SET health = $4 WHERE bmc = $1 AND system_id = $2 AND serial = $3`, [
    target.bmc,
    target.systemId ?? '1',
    target.serial,
    target.health,
  ]);
  if (!r.rowCount) throw new BaremetalError('NOT_FOUND', `no drive '${target.serial}' on simulated BMC '${target.bmc}'`);
}

/** A simulated BMC account's role and whether it is enabled (tests look at what setAccountPassword made). */
export async function simulatedAccount(
  owner: Sql,
  bmc: string,
  username: string,
): Promise<{ role: string; enabled: boolean } | undefined> {
  const r = await owner.query<{ role: string; enabled: boolean }>(
    `SELECT role, enabled FROM sim_bmc_accounts WHERE bmc = $1 AND username = $2`,
    [bmc, username],
  );
  return r.rows[0];
}

/** A BMC's injected failure, or undefined when there is no such BMC. */
export async function findBmc(db: Sql, name: string): Promise<{ failure: SimulatedBmcFailure | null } | undefined> {
  const r = await db.query<{ failure: SimulatedBmcFailure | null }>(`SELECT failure FROM sim_bmcs WHERE name = $1`, [name]);
  return r.rows[0];
}

/** A BMC account's password hash and whether it may log in, or undefined. */
export async function findAccount(
  db: Sql,
  bmc: string,
  username: string,
): Promise<{ password_hash: string; enabled: boolean } | undefined> {
  const r = await db.query<{ password_hash: string; enabled: boolean }>(
    `SELECT password_hash, enabled FROM sim_bmc_accounts WHERE bmc = $1 AND username = $2`,
    [bmc, username],
  );
  return r.rows[0];
}

/** A system with its memory total and its parts' health, or undefined. */
export async function findSystem(db: Sql, bmc: string, systemId: string): Promise<SimSystemRow | undefined> {
  const r = await db.query<SimSystemRow>(
    `SELECT s.manufacturer, s.model, s.serial, s.power_state, s.power_steps, s.reset_types, s.processor_count, s.processor_model,
            s.health,
            (SELECT COALESCE(sum(capacity_mib), 0)::int FROM sim_bmc_memory m WHERE m.bmc = s.bmc AND m.system_id = s.system_id) AS memory_mib,
            ARRAY(SELECT health FROM sim_bmc_drives d WHERE d.bmc = s.bmc AND d.system_id = s.system_id
                  UNION ALL SELECT health FROM sim_bmc_memory m WHERE m.bmc = s.bmc AND m.system_id = s.system_id
                  UNION ALL SELECT health FROM sim_bmc_sensors x WHERE x.bmc = s.bmc AND x.system_id = s.system_id) AS part_health
       FROM sim_bmc_systems s WHERE s.bmc = $1 AND s.system_id = $2`,
    [bmc, systemId],
  );
  return r.rows[0];
}

/** A system's power and reset types, locked for the transaction (a reset reads, plans and writes them). */
export async function lockSystemPower(
  c: pg.PoolClient,
  bmc: string,
  systemId: string,
): Promise<Pick<SimSystemRow, 'power_state' | 'power_steps' | 'reset_types'> | undefined> {
  const r = await c.query<Pick<SimSystemRow, 'power_state' | 'power_steps' | 'reset_types'>>(
    `SELECT power_state, power_steps, reset_types FROM sim_bmc_systems WHERE bmc = $1 AND system_id = $2 FOR UPDATE`,
    [bmc, systemId],
  );
  return r.rows[0];
}

/** Writes a system's power: the state it is in now and the steps of the change under way. */
export async function writePower(c: pg.PoolClient, bmc: string, systemId: string, state: SimPowerState, steps: PowerStep[]) {
  await c.query(`UPDATE sim_bmc_systems SET power_state = $3, power_steps = $4 WHERE bmc = $1 AND system_id = $2`, [
    bmc,
    systemId,
    state,
    JSON.stringify(steps),
  ]);
}

/** A system's drives, in bay order. */
export async function listDrives(db: Sql, bmc: string, systemId: string): Promise<BmcDrive[]> {
  const r = await db.query<BmcDrive>(
    `SELECT serial, model, media_type AS "mediaType", health, capacity_bytes::float8 AS "capacityBytes"
       FROM sim_bmc_drives WHERE bmc = $1 AND system_id = $2 ORDER BY position, serial`,
    [bmc, systemId],
  );
  return r.rows;
}

/** A system's memory modules, in slot order. */
export async function listMemory(db: Sql, bmc: string, systemId: string): Promise<BmcMemoryModule[]> {
  const r = await db.query<BmcMemoryModule>(
    `SELECT slot, capacity_mib AS "capacityMiB", type, speed_mhz AS "speedMhz", health
       FROM sim_bmc_memory WHERE bmc = $1 AND system_id = $2 ORDER BY position, slot`,
    [bmc, systemId],
  );
  return r.rows;
}

/** A system's sensors with their set readings, in board order. */
export async function listSensors(db: Sql, bmc: string, systemId: string): Promise<SimSensorRow[]> {
  const r = await db.query<SimSensorRow>(
    `SELECT name, kind, reading::float8 AS reading, unit, health
       FROM sim_bmc_sensors WHERE bmc = $1 AND system_id = $2 ORDER BY position, name`,
    [bmc, systemId],
  );
  return r.rows;
}

/** Sets an account's password hash, creating the account with `role` when it does not exist. */
export async function upsertAccount(db: Sql, bmc: string, username: string, passwordHash: string, role: string): Promise<void> {
  await db.query(
    `INSERT INTO sim_bmc_accounts (bmc, username, password_hash, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT (bmc, username) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
    [bmc, username, passwordHash, role],
  );
}
