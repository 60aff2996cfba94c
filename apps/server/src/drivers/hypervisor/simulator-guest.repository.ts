/**
 * The simulated guests' SQL (migration 0036): the files the guest agent wrote and the state the
 * guest's programs keep (enabled units, WireGuard interfaces), loaded whole for one command and
 * saved back after it (guest-programs.ts changes it in place). System data of the simulator,
 * through the owner pool like the other sim_* tables.
 */
import type pg from 'pg';
import type { GuestSystem } from './guest-programs.js';

/** Writes (or replaces) a file in the VM's guest. */
export async function writeFile(c: pg.PoolClient, vmid: number, path: string, content: string, mode: number): Promise<void> {
  await c.query(
    `INSERT INTO sim_guest_files (vmid, path, content, mode) VALUES ($1, $2, $3, $4)
     ON CONFLICT (vmid, path) DO UPDATE SET content = EXCLUDED.content, mode = EXCLUDED.mode, written_at = now()`,
    [vmid, path, content, mode],
  );
}

/** One file of the VM's guest, or null. */
export async function readFile(
  c: pg.Pool | pg.PoolClient,
  vmid: number,
  path: string,
): Promise<{ content: string; mode: number } | null> {
  const r = await c.query<{ content: string; mode: number }>(
    `SELECT content, mode FROM sim_guest_files WHERE vmid = $1 AND path = $2`,
    [vmid, path],
  );
  return r.rows[0] ?? null;
}

/** The VM's guest as its programs see it: every file, the units and the interfaces. */
export async function loadGuest(c: pg.PoolClient, vmid: number): Promise<GuestSystem> {
  const files = await c.query<{ path: string; content: string; mode: number }>(
    `SELECT path, content, mode FROM sim_guest_files WHERE vmid = $1`,
    [vmid],
  );
  const state = await c.query<Pick<GuestSystem, 'units' | 'interfaces'>>(
    `SELECT units, interfaces FROM sim_guest_state WHERE vmid = $1`,
    [vmid],
  );
  return {
    files: Object.fromEntries(files.rows.map((f) => [f.path, { content: f.content, mode: f.mode }])),
    units: state.rows[0]?.units ?? {},
    interfaces: state.rows[0]?.interfaces ?? {},
  };
}

/** Saves what a command changed: the units, the interfaces and the files' modes (the programs write no file). */
export async function saveGuest(c: pg.PoolClient, vmid: number, before: Record<string, number>, sys: GuestSystem): Promise<void> {
  await c.query(
    `INSERT INTO sim_guest_state (vmid, units, interfaces) VALUES ($1, $2, $3)
     ON CONFLICT (vmid) DO UPDATE SET units = EXCLUDED.units, interfaces = EXCLUDED.interfaces`,
    [vmid, JSON.stringify(sys.units), JSON.stringify(sys.interfaces)],
  );
  for (const [path, f] of Object.entries(sys.files))
    if (before[path] !== f.mode)
      await c.query(`UPDATE sim_guest_files SET mode = $3 WHERE vmid = $1 AND path = $2`, [vmid, path, f.mode]);
}
