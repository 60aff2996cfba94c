/** The staff's cluster registrations (clusters; the sealed token secret is written, never read, here). */
import type { Tx } from '../../db/database.js';

/** Whether a hosting location of this id exists. */
export async function locationExists(tx: Tx, location: string): Promise<boolean> {
  return ((await tx.query(`SELECT 1 FROM hosting_locations WHERE id = $1`, [location])).rowCount ?? 0) > 0;
}

/** Whether a cluster already has this name. */
export async function clusterNameTaken(tx: Tx, name: string): Promise<boolean> {
  return ((await tx.query(`SELECT 1 FROM clusters WHERE name = $1`, [name])).rowCount ?? 0) > 0;
}

/** Registers a Proxmox VE cluster; answers its id. */
export async function insertProxmoxCluster(
  tx: Tx,
  c: { name: string; location: string; apiUrl: string; tokenId: string; secretSealed: string; caPem: string | null },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO clusters (name, location_id, driver, api_url, token_id, secret_sealed, ca_pem)
     VALUES ($1, $2, 'proxmox', $3, $4, $5, $6) RETURNING id`,
    [c.name, c.location, c.apiUrl, c.tokenId, c.secretSealed, c.caPem],
  );
  return r.rows[0]!.id;
}

/** Registers a simulated cluster made of `nodes`; answers its id. */
export async function insertSimulatorCluster(tx: Tx, c: { name: string; location: string; nodes: string[] }): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO clusters (name, location_id, driver, sim_nodes) VALUES ($1, $2, 'simulator', $3) RETURNING id`,
    [c.name, c.location, c.nodes],
  );
  return r.rows[0]!.id;
}
