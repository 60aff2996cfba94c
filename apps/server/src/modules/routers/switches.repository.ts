/** SQL of the staff's switch connections (migration 0038: switches, switch_connections), in the system scope. */
import type { Tx } from '../../db/database.js';

export async function switchExists(tx: Tx, id: number): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM switches WHERE id = $1`, [id])).rowCount === 1;
}

export async function serverExists(tx: Tx, serial: string): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM dedicated_servers WHERE serial = $1`, [serial])).rowCount === 1;
}

/** Cables the server's port to the switch port: whatever was on either end before is replaced. */
export async function setConnection(
  tx: Tx,
  c: {
    switchId: number;
    port: string;
    serial: string;
    serverPort: string;
    vlan: number | null;
    speed: number | null;
    note: string | null;
  },
): Promise<void> {
  await tx.query(
    `DELETE FROM switch_connections WHERE (switch_id = $1 AND port = $2) OR (server_serial = $3 AND server_port = $4)`,
    [c.switchId, c.port, c.serial, c.serverPort],
  );
  await tx.query(
    `INSERT INTO switch_connections (switch_id, port, server_serial, server_port, vlan, speed_mbps, note) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.switchId, c.port, c.serial, c.serverPort, c.vlan, c.speed, c.note],
  );
}

/** Answers whether something was cabled to the port. */
export async function deleteConnection(tx: Tx, switchId: number, port: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM switch_connections WHERE switch_id = $1 AND port = $2`, [switchId, port])).rowCount === 1;
}
