import type { Tx } from '../../db/database.js';

/** A key as stored; every query runs in the caller's tenant context. */
export interface SshKeyRecord {
  id: number;
  project_id: number;
  name: string;
  public_key: string;
  key_type: string;
  bits: number;
  fingerprint: string;
  comment: string | null;
}

/** A key to insert. */
export type NewSshKey = Omit<SshKeyRecord, 'id' | 'project_id'>;

/** The keys of `projectId` whose fingerprint is one of `fingerprints`. */
export async function keysWithFingerprints(
  tx: Tx,
  projectId: number,
  fingerprints: string[],
): Promise<Array<{ fingerprint: string; name: string }>> {
  const r = await tx.query<{ fingerprint: string; name: string }>(
    `SELECT fingerprint, name FROM ssh_keys WHERE project_id = $1 AND fingerprint = ANY($2::text[])`,
    [projectId, fingerprints],
  );
  return r.rows;
}

/** Inserts keys into a project of the account in one statement; answers their ids in order. */
export async function insertKeys(tx: Tx, projectId: number, keys: NewSshKey[]): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO ssh_keys (client_id, project_id, name, public_key, key_type, bits, fingerprint, comment)
     SELECT portside_client(), $1, k.name, k.public_key, k.key_type, k.bits, k.fingerprint, k.comment
       FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
            WITH ORDINALITY AS k(name, public_key, key_type, bits, fingerprint, comment, n)
      ORDER BY k.n
     RETURNING id`,
    [
      projectId,
      keys.map((k) => k.name),
      keys.map((k) => k.public_key),
      keys.map((k) => k.key_type),
      keys.map((k) => k.bits),
      keys.map((k) => k.fingerprint),
      keys.map((k) => k.comment),
    ],
  );
  return r.rows.map((row) => row.id);
}

/** The account's keys among `ids`, locked against a concurrent delete or rename. */
export async function lockKeys(tx: Tx, ids: number[]): Promise<SshKeyRecord[]> {
  const r = await tx.query<SshKeyRecord>(
    `SELECT id, project_id, name, public_key, key_type, bits, fingerprint, comment
       FROM ssh_keys WHERE id = ANY($1::bigint[]) AND client_id = portside_client() ORDER BY id FOR UPDATE`,
    [ids],
  );
  return r.rows;
}

/** Renames a key of the account; false when there is none with this id. */
export async function renameKey(tx: Tx, id: number, name: string): Promise<boolean> {
  const r = await tx.query(`UPDATE ssh_keys SET name = $2 WHERE id = $1 AND client_id = portside_client()`, [id, name]);
  return r.rowCount === 1;
}

export async function deleteKeys(tx: Tx, ids: number[]): Promise<number> {
  const r = await tx.query(`DELETE FROM ssh_keys WHERE id = ANY($1::bigint[]) AND client_id = portside_client()`, [ids]);
  return r.rowCount ?? 0;
}

/**
 * Copies keys into a project of the account; a key the project already holds (same fingerprint,
 * also two selected keys with one fingerprint) is skipped. Answers how many were copied.
 */
export async function copyKeys(tx: Tx, ids: number[], projectId: number): Promise<number> {
  const r = await tx.query(
    `INSERT INTO ssh_keys (client_id, project_id, name, public_key, key_type, bits, fingerprint, comment)
     SELECT DISTINCT ON (fingerprint) client_id, $2, name, public_key, key_type, bits, fingerprint, comment
       FROM ssh_keys WHERE id = ANY($1::bigint[]) AND client_id = portside_client()
      ORDER BY fingerprint, id
     ON CONFLICT (project_id, fingerprint) DO NOTHING`,
    [ids, projectId],
  );
  return r.rowCount ?? 0;
}
