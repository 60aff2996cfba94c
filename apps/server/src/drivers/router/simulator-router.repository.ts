/**
 * The router simulator's tables (migration 0038: sim_routers, sim_router_addresses, sim_router_arp,
 * sim_router_leases), read and written through the owner pool only. Also the set-up the seed and
 * tests use: createSimulatedRouter and setSimulatedRouterFailure.
 */
import type pg from 'pg';
import { hashSimPassword } from '../hypervisor/simulator-create.js';
import type { RouterAddress, RouterArpEntry, RouterLease } from './router.js';

type Q = pg.Pool | pg.PoolClient;

/** Failure injection: 'unreachable' answers nothing, 'refuse-writes' refuses every change. */
export type SimulatedRouterFailure = 'unreachable' | 'refuse-writes';

export interface SimRouterRow {
  username: string;
  password_hash: string;
  failure: SimulatedRouterFailure | null;
}

export async function findRouter(q: Q, name: string): Promise<SimRouterRow | undefined> {
  const r = await q.query<SimRouterRow>(`SELECT username, password_hash, failure FROM sim_routers WHERE name = $1`, [name]);
  return r.rows[0];
}

export async function listAddresses(q: Q, name: string): Promise<RouterAddress[]> {
  const r = await q.query<RouterAddress>(
    `SELECT host(address) AS address, network(address)::text AS network, interface
       FROM sim_router_addresses a WHERE router = $1 AND family(a.address) = 4 ORDER BY a.address`,
    [name],
  );
  return r.rows;
}

export async function listArp(q: Q, name: string): Promise<RouterArpEntry[]> {
  const r = await q.query<RouterArpEntry>(
    `SELECT host(address) AS address, upper(mac::text) AS mac, interface, status, dynamic
       FROM sim_router_arp a WHERE router = $1 ORDER BY a.address, a.interface`,
    [name],
  );
  return r.rows;
}

export async function listLeases(q: Q, name: string): Promise<RouterLease[]> {
  const r = await q.query<RouterLease>(
    `SELECT id, host(address) AS address, upper(mac::text) AS mac, comment, NOT dynamic AS static
       FROM sim_router_leases l WHERE router = $1 ORDER BY l.address`,
    [name],
  );
  return r.rows;
}

/** Takes the router's row lock (changes to one router are serial, as on a real one). */
export async function lockRouter(c: pg.PoolClient, name: string): Promise<void> {
  await c.query(`SELECT 1 FROM sim_routers WHERE name = $1 FOR UPDATE`, [name]);
}

export async function deleteLease(c: Q, name: string, id: string): Promise<void> {
  await c.query(`DELETE FROM sim_router_leases WHERE router = $1 AND id = $2`, [name, id]);
}

/** Adds a lease with the router's next id (RouterOS style, *1, *2, … in hex) and answers it. */
export async function insertLease(
  c: Q,
  name: string,
  l: { address: string; mac: string; comment: string; dynamic: boolean },
): Promise<RouterLease> {
  const r = await c.query<{ next_id: number }>(
    `UPDATE sim_routers SET next_id = next_id + 1 WHERE name = $1 RETURNING next_id - 1 AS next_id`,
    [name],
  );
  const id = `*${r.rows[0]!.next_id.toString(16).toUpperCase()}`;
  await c.query(`INSERT INTO sim_router_leases (router, id, address, mac, comment, dynamic) VALUES ($1, $2, $3, $4, $5, $6)`, [
    name,
    id,
    l.address,
    l.mac,
    l.comment,
    l.dynamic,
  ]);
  return { id, address: l.address, mac: l.mac.toUpperCase(), comment: l.comment, static: !l.dynamic };
}

export async function updateLease(c: Q, name: string, id: string, set: { comment?: string; dynamic?: boolean }): Promise<void> {
  await c.query(
    `UPDATE sim_router_leases SET comment = coalesce($3, comment), dynamic = coalesce($4, dynamic) WHERE router = $1 AND id = $2`,
    [name, id, set.comment ?? null, set.dynamic ?? null],
  );
}

/** What a simulated router starts with. */
export interface SimulatedRouterSpec {
  name: string;
  username: string;
  password: string;
  /** The router's addresses in CIDR form (185.66.10.1/24) and their interfaces. */
  addresses: Array<{ address: string; interface: string }>;
  arp?: Array<{ address: string; mac: string | null; interface: string; status: string; dynamic?: boolean }>;
  leases?: Array<{ address: string; mac: string; comment?: string; dynamic: boolean }>;
}

/** Creates a simulated router with its tables; an existing one of the name is left as it is. Answers whether it was made. */
export async function createSimulatedRouter(pool: pg.Pool, spec: SimulatedRouterSpec): Promise<boolean> {
  const hash = await hashSimPassword(spec.password);
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const made = await c.query(
      `INSERT INTO sim_routers (name, username, password_hash) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
      [spec.name, spec.username, hash],
    );
    if (made.rowCount === 0) {
      await c.query('ROLLBACK');
      return false;
    }
    for (const a of spec.addresses)
      await c.query(`INSERT INTO sim_router_addresses (router, address, interface) VALUES ($1, $2, $3)`, [
        spec.name,
        a.address,
        a.interface,
      ]);
    for (const a of spec.arp ?? [])
      await c.query(
        `INSERT INTO sim_router_arp (router, address, interface, mac, status, dynamic) VALUES ($1, $2, $3, $4, $5, $6)`,
        [spec.name, a.address, a.interface, a.mac, a.status, a.dynamic ?? true],
      );
    for (const l of spec.leases ?? [])
      await insertLease(c, spec.name, { address: l.address, mac: l.mac, comment: l.comment ?? '', dynamic: l.dynamic });
    await c.query('COMMIT');
    return true;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    c.release();
  }
}

/** Makes a simulated router fail (or heals it with null). */
export async function setSimulatedRouterFailure(
  pool: pg.Pool,
  name: string,
  failure: SimulatedRouterFailure | null,
): Promise<void> {
  await pool.query(`UPDATE sim_routers SET failure = $2 WHERE name = $1`, [name, failure]);
}
