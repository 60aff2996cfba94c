/**
 * SQL of the dedicated servers' background work (issue 17): the power functions in flight and what
 * the sync reads from the BMCs. All of it runs in the system scope (workers act for every account).
 */
import type { Tx } from '../../db/database.js';
import type { BmcDrive, BmcMemoryModule, BmcSensor, BmcSystem } from '../../drivers/baremetal/baremetal.js';

export interface PowerJobRecord {
  id: string;
  server_serial: string;
  client_id: string | null;
  action: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  power_state: string;
}

/** The job and its server's current state. */
export async function findPowerJob(tx: Tx, id: string): Promise<PowerJobRecord | null> {
  const r = await tx.query<PowerJobRecord>(
    `SELECT j.id::text, j.server_serial, coalesce(j.client_id, d.client_id) AS client_id, j.action, j.status, d.power_state
       FROM dedicated_power_jobs j JOIN dedicated_servers d ON d.serial = j.server_serial WHERE j.id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** queued → running; true for the one run that made the move (only it sends the reset to the BMC). */
export async function claimPowerJob(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.query(`UPDATE dedicated_power_jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, [id]);
  return (r.rowCount ?? 0) > 0;
}

export async function finishPowerJob(tx: Tx, id: string, error: string | null): Promise<boolean> {
  const r = await tx.query(
    `UPDATE dedicated_power_jobs SET status = $2, error = $3, finished_at = now() WHERE id = $1 AND status IN ('queued','running')`,
    [id, error === null ? 'done' : 'failed', error],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Power jobs queued for longer than `seconds` (their send was lost): sent again by the sync. */
export async function strandedPowerJobs(tx: Tx, seconds: number): Promise<string[]> {
  const r = await tx.query<{ id: string }>(
    `SELECT id::text FROM dedicated_power_jobs WHERE status = 'queued' AND created_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 100`,
    [seconds],
  );
  return r.rows.map((x) => x.id);
}

export interface ServerToSync {
  serial: string;
  /** Whether the inventory is due. */
  inventory: boolean;
  /** When the power state was last recorded (exact text, for recordSystem's `seen`). */
  seen: string | null;
}

/** The servers with a BMC, and whether their inventory is due (read every `inventorySeconds`). */
export async function serversToSync(tx: Tx, inventorySeconds: number): Promise<ServerToSync[]> {
  const r = await tx.query<ServerToSync>(
    `SELECT serial, (synced_at IS NULL OR synced_at < now() - make_interval(secs => $1)) AS inventory,
            power_state_at::text AS seen
       FROM dedicated_servers WHERE bmc_id IS NOT NULL ORDER BY serial`,
    [inventorySeconds],
  );
  return r.rows;
}

/**
 * Records what the BMC said of the system. Answers the server's account and whether the power
 * state changed (then the account is told), in one statement. With `seen` (the power_state_at read
 * before the BMC was asked) nothing is written when someone recorded a state since: a power job
 * following its function wrote a fresher one, and this read may predate the function (answers null).
 */
export async function recordSystem(
  tx: Tx,
  serial: string,
  s: Pick<BmcSystem, 'powerState' | 'resetTypes' | 'health'>,
  seen?: string | null,
): Promise<{ clientId: string | null; changed: boolean } | null> {
  const r = await tx.query<{ client_id: string | null; changed: boolean }>(
    `UPDATE dedicated_servers d SET power_state = $2, power_state_at = now(), reset_types = $3, health = $4,
            bmc_reachable = true, bmc_error = NULL
       FROM (SELECT serial, power_state AS before, bmc_reachable AS was_reachable, power_state_at AS at
               FROM dedicated_servers WHERE serial = $1 FOR UPDATE) o
      WHERE d.serial = o.serial AND (NOT $5 OR o.at IS NOT DISTINCT FROM $6::timestamptz)
      RETURNING d.client_id, (o.before <> $2 OR NOT o.was_reachable) AS changed`,
    [serial, s.powerState, s.resetTypes, s.health, seen !== undefined, seen ?? null],
  );
  const row = r.rows[0];
  return row ? { clientId: row.client_id, changed: row.changed } : null;
}

/** The BMC did not answer: the last state stays, marked unreachable. Answers the account when that is news. */
export async function recordUnreachable(
  tx: Tx,
  serial: string,
  error: string,
): Promise<{ clientId: string | null; changed: boolean }> {
  const r = await tx.query<{ client_id: string | null; changed: boolean }>(
    `UPDATE dedicated_servers d SET bmc_reachable = false, bmc_error = $2
       FROM (SELECT serial, bmc_reachable AS was FROM dedicated_servers WHERE serial = $1 FOR UPDATE) o
      WHERE d.serial = o.serial RETURNING d.client_id, o.was AS changed`,
    [serial, error.slice(0, 300)],
  );
  return { clientId: r.rows[0]?.client_id ?? null, changed: r.rows[0]?.changed ?? false };
}

/**
 * Replaces the server's inventory with what the BMC reported. A part seen before keeps its price;
 * a new one is priced at today's part price (price_on over dedicated_part_prices, item keys 'ram:gb'
 * and 'disk_type:<media type>': RAM per GB, disks per TB of their media type),
 * except at the first inventory of a machine sold at an offer's price (parts_included: 0, in it).
 */
export async function recordInventory(
  tx: Tx,
  serial: string,
  inv: { drives: BmcDrive[]; memory: BmcMemoryModule[]; sensors: BmcSensor[] },
): Promise<void> {
  await tx.query(
    `WITH seen AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(serial text, model text, media_type text, health text, capacity_gb int)),
      gone AS (DELETE FROM dedicated_disks k WHERE k.server_serial = $1 AND k.serial NOT IN (SELECT serial FROM seen))
     INSERT INTO dedicated_disks (server_serial, serial, model, media_type, health, capacity_gb, monthly_cents)
     SELECT $1, s.serial, s.model, s.media_type, s.health, s.capacity_gb,
            CASE WHEN d.parts_included THEN 0
                 ELSE round(coalesce(price_on('disk_type:' || s.media_type, utc_today(), p.cents_per_unit), 0) * s.capacity_gb / 1000.0)::int END
       FROM seen s LEFT JOIN dedicated_part_prices p ON p.kind = s.media_type JOIN dedicated_servers d ON d.serial = $1
     ON CONFLICT (server_serial, serial) DO UPDATE SET model = EXCLUDED.model, media_type = EXCLUDED.media_type,
       health = EXCLUDED.health, capacity_gb = EXCLUDED.capacity_gb`,
    [
      serial,
      JSON.stringify(
        inv.drives.map((d) => ({
          serial: d.serial,
          model: d.model,
          media_type: d.mediaType,
          health: d.health,
          capacity_gb: Math.round(d.capacityBytes / 1e9),
        })),
      ),
    ],
  );
  await tx.query(
    `WITH seen AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(slot text, capacity_gb int, type text, speed_mhz int, health text)),
      gone AS (DELETE FROM dedicated_ram_modules m WHERE m.server_serial = $1 AND m.slot NOT IN (SELECT slot FROM seen))
     INSERT INTO dedicated_ram_modules (server_serial, slot, capacity_gb, type, speed_mhz, health, monthly_cents)
     SELECT $1, s.slot, s.capacity_gb, s.type, s.speed_mhz, s.health,
            CASE WHEN d.parts_included THEN 0 ELSE round(coalesce(price_on('ram:gb', utc_today(), p.cents_per_unit), 0) * s.capacity_gb)::int END
       FROM seen s LEFT JOIN dedicated_part_prices p ON p.kind = 'ram' JOIN dedicated_servers d ON d.serial = $1
     ON CONFLICT (server_serial, slot) DO UPDATE SET capacity_gb = EXCLUDED.capacity_gb, type = EXCLUDED.type,
       speed_mhz = EXCLUDED.speed_mhz, health = EXCLUDED.health,
       monthly_cents = CASE WHEN dedicated_ram_modules.capacity_gb = EXCLUDED.capacity_gb THEN dedicated_ram_modules.monthly_cents ELSE EXCLUDED.monthly_cents END`,
    [
      serial,
      JSON.stringify(
        inv.memory.map((m) => ({
          slot: m.slot,
          capacity_gb: Math.round(m.capacityMiB / 1024),
          type: m.type,
          speed_mhz: m.speedMhz,
          health: m.health,
        })),
      ),
    ],
  );
  await tx.query(
    `WITH seen AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(name text, kind text, reading numeric, unit text, health text)),
      gone AS (DELETE FROM dedicated_sensors x WHERE x.server_serial = $1 AND x.name NOT IN (SELECT name FROM seen))
     INSERT INTO dedicated_sensors (server_serial, name, kind, reading, unit, health)
     SELECT $1, s.name, s.kind, s.reading, s.unit, s.health FROM seen s
     ON CONFLICT (server_serial, name) DO UPDATE SET kind = EXCLUDED.kind, reading = EXCLUDED.reading, unit = EXCLUDED.unit,
       health = EXCLUDED.health`,
    [
      serial,
      JSON.stringify(
        inv.sensors.map((x) => ({ name: x.name, kind: x.kind, reading: x.reading, unit: x.unit, health: x.health })),
      ),
    ],
  );
  // The ordered machine's parts are in its price now; parts added later are priced.
  await tx.query(`UPDATE dedicated_servers SET synced_at = now(), parts_included = false WHERE serial = $1`, [serial]);
  // The server's service is billed at its base price plus its parts' (additional addresses are services of their own).
  await tx.query(
    `UPDATE services sv SET monthly_cents = p.total
       FROM (SELECT equipment_id, dedicated_monthly_cents(serial) AS total FROM dedicated_servers WHERE serial = $1) p
      WHERE sv.equipment_id = p.equipment_id AND sv.monthly_cents IS DISTINCT FROM p.total`,
    [serial],
  );
}
