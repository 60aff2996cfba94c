/**
 * The clusters table as the hypervisor registry reads it, through the owner connection (the only
 * one allowed to read the sealed token secrets).
 */
import type pg from 'pg';

/** A cluster as the registry needs it. */
export interface ClusterRecord {
  id: number;
  name: string;
  driver: 'simulator' | 'proxmox';
  api_url: string | null;
  token_id: string | null;
  secret_sealed: string | null;
  ca_pem: string | null;
  sim_nodes: string[];
}

/** Cluster `id` with its driver settings and sealed secret, or undefined. */
export async function findCluster(owner: pg.Pool, id: number): Promise<ClusterRecord | undefined> {
  const r = await owner.query<ClusterRecord>(
    `SELECT id, name, driver, api_url, token_id, secret_sealed, ca_pem, sim_nodes FROM clusters WHERE id = $1`,
    [id],
  );
  return r.rows[0];
}

/** Every registered cluster (id, name, driver), by id. */
export async function listClusters(owner: pg.Pool): Promise<Array<Pick<ClusterRecord, 'id' | 'name' | 'driver'>>> {
  const r = await owner.query<Pick<ClusterRecord, 'id' | 'name' | 'driver'>>(`SELECT id, name, driver FROM clusters ORDER BY id`);
  return r.rows;
}
