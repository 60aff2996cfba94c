/**
 * SQL of the staff's customer and server calls (issue 18): accounts and users looked up across
 * accounts, a dedicated server moved to another account with its services, its tag, and log
 * entries written into a customer's own log. System scope: every statement names its rows.
 */
import type { Tx } from '../../db/database.js';

/** An account as ClientDelete checks it, locked: whether it exists and whether staff work in it. */
export async function lockClient(tx: Tx, id: string): Promise<{ deleted: boolean; staff: boolean } | null> {
  const r = await tx.query<{ deleted: boolean; staff: boolean }>(
    `SELECT c.deleted_at IS NOT NULL AS deleted,
            EXISTS (SELECT 1 FROM users u WHERE u.client_id = c.id AND cardinality(u.roles) > 0) AS staff
       FROM clients c WHERE c.id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Whether the account exists and is not deleted (a server may move to it). */
export async function clientActive(tx: Tx, id: string): Promise<boolean> {
  return ((await tx.query(`SELECT 1 FROM clients WHERE id = $1 AND deleted_at IS NULL`, [id])).rowCount ?? 0) > 0;
}

/** A user as ProfilesDelete checks it, locked. */
export interface ProfileTarget {
  id: string;
  email: string;
  client_id: string;
  is_owner: boolean;
  staff: boolean;
}

export async function lockUser(tx: Tx, id: string): Promise<ProfileTarget | null> {
  const r = await tx.query<ProfileTarget>(
    `SELECT id, email, client_id, is_owner, cardinality(roles) > 0 AS staff FROM users WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function deleteUser(tx: Tx, id: string): Promise<void> {
  await tx.query(`DELETE FROM users WHERE id = $1`, [id]);
}

/** A dedicated server as ServerUpdateClient needs it, locked. */
export interface ServerOwner {
  serial: string;
  client_id: string | null;
  equipment_id: number | null;
  hostname: string;
  model: string;
  location_id: string;
  base_cents: number;
  /** Base price plus its parts' (RAM and disks), as the inventory sync bills the server. */
  monthly_cents: number;
}

export async function lockServer(tx: Tx, serial: string): Promise<ServerOwner | null> {
  const r = await tx.query<ServerOwner>(
    `SELECT serial, client_id, equipment_id::int AS equipment_id, hostname, model, location_id, base_cents,
            dedicated_monthly_cents(serial) AS monthly_cents
       FROM dedicated_servers WHERE serial = $1 FOR UPDATE`,
    [serial],
  );
  return r.rows[0] ?? null;
}

/**
 * Moves the server to `clientId` with its service and the services hanging off it (its additional
 * addresses). What belonged to the former customer's access — the IPMI tunnel key and address —
 * is cleared, so the new customer never reaches the BMC with the old customer's key.
 */
export async function moveServer(tx: Tx, serial: string, clientId: string, equipmentId: number | null): Promise<void> {
  if (equipmentId !== null) {
    await tx.query(`UPDATE services SET client_id = $2 WHERE equipment_id = $1 OR parent_equipment_id = $1`, [
      equipmentId,
      clientId,
    ]);
  }
  await tx.query(
    `UPDATE dedicated_servers SET client_id = $2, equipment_id = $3, ipmi_access = false, wg_pubkey = NULL, wg_address = NULL
      WHERE serial = $1`,
    [serial, clientId, equipmentId],
  );
}

/** Sets the server's tag (null clears it); false when there is no such server. */
export async function setTag(tx: Tx, serial: string, tag: string | null): Promise<boolean> {
  const r = await tx.query(`UPDATE dedicated_servers SET tag = $2 WHERE serial = $1`, [serial, tag]);
  return (r.rowCount ?? 0) > 0;
}
