import type { Tx } from '../../db/database.js';

/** A project as the rules need it. Every query runs in the caller's tenant context. */
export interface ProjectRecord {
  id: number;
  name: string;
  is_default: boolean;
}

/** The account's projects (names for the uniqueness rule). */
export async function listProjects(tx: Tx): Promise<ProjectRecord[]> {
  const r = await tx.query<ProjectRecord>(
    `SELECT id, name, is_default FROM projects WHERE client_id = portside_client() ORDER BY id`,
  );
  return r.rows;
}

/** One project of the account, locked against concurrent renames, deletes and default switches. */
export async function lockProject(tx: Tx, id: number): Promise<ProjectRecord | null> {
  const r = await tx.query<ProjectRecord>(
    `SELECT id, name, is_default FROM projects WHERE id = $1 AND client_id = portside_client() FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** One project of the account, without a lock (the key's foreign key holds it while inserting). */
export async function findProject(tx: Tx, id: number): Promise<ProjectRecord | null> {
  const r = await tx.query<ProjectRecord>(
    `SELECT id, name, is_default FROM projects WHERE id = $1 AND client_id = portside_client()`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** The account's default project. */
export async function defaultProject(tx: Tx): Promise<ProjectRecord | null> {
  const r = await tx.query<ProjectRecord>(
    `SELECT id, name, is_default FROM projects WHERE client_id = portside_client() AND is_default`,
  );
  return r.rows[0] ?? null;
}

/** Locks all of the account's projects, so two default switches run one after the other. */
export async function lockAllProjects(tx: Tx): Promise<ProjectRecord[]> {
  const r = await tx.query<ProjectRecord>(
    `SELECT id, name, is_default FROM projects WHERE client_id = portside_client() ORDER BY id FOR UPDATE`,
  );
  return r.rows;
}

export async function insertProject(tx: Tx, name: string): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO projects (client_id, name, is_default) VALUES (portside_client(), $1, false) RETURNING id`,
    [name],
  );
  return r.rows[0]!.id;
}

export async function renameProject(tx: Tx, id: number, name: string): Promise<void> {
  await tx.query(`UPDATE projects SET name = $2 WHERE id = $1 AND client_id = portside_client()`, [id, name]);
}

/**
 * Makes `id` the default: the old default is cleared first because the one-default index is
 * checked row by row; the commit-time trigger sees exactly one default again.
 */
export async function switchDefault(tx: Tx, id: number): Promise<void> {
  await tx.query(`UPDATE projects SET is_default = false WHERE client_id = portside_client() AND is_default AND id <> $1`, [id]);
  await tx.query(`UPDATE projects SET is_default = true WHERE id = $1 AND client_id = portside_client()`, [id]);
}

/** What a project holds: servers (project_vm_count, filled by the VM issue) and SSH keys. */
export async function projectContents(tx: Tx, id: number): Promise<{ vms: number; keys: number }> {
  const r = await tx.query<{ vms: number; keys: number }>(
    `SELECT project_vm_count($1) AS vms, (SELECT count(*)::int FROM ssh_keys WHERE project_id = $1) AS keys`,
    [id],
  );
  return r.rows[0]!;
}

export async function deleteProject(tx: Tx, id: number): Promise<void> {
  await tx.query(`DELETE FROM projects WHERE id = $1 AND client_id = portside_client()`, [id]);
}

/** The account's servers (not deleted) among `ids`. */
export async function findServers(tx: Tx, ids: number[]): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `SELECT provisioned_id::int AS id FROM vms WHERE provisioned_id = ANY($1::bigint[]) AND state <> 'deleted' AND client_id = portside_client()`,
    [ids],
  );
  return r.rows.map((x) => x.id);
}

/** Moves the account's servers `ids` into project `projectId`. */
export async function moveServers(tx: Tx, ids: number[], projectId: number): Promise<void> {
  await tx.query(`UPDATE vms SET project_id = $2 WHERE provisioned_id = ANY($1::bigint[]) AND client_id = portside_client()`, [
    ids,
    projectId,
  ]);
}
