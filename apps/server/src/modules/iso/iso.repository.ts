/** Customers' ISO images (iso_images) and where copies of them are (iso_copies). */
import type { Tx } from '../../db/database.js';
import type { ServerText } from '@portside/contract/server-texts';
import type { IsoRow } from '@portside/contract/schemas/vm-data';
import { ISO_ROW_SQL } from './iso.views.js';

/** An ISO image as the service and the download job need it. */
export interface IsoRecord {
  id: number;
  client_id: string;
  file_name: string;
  status: 'downloading' | 'ready' | 'failed';
  progress: number;
  source_url: string | null;
  storage_key: string | null;
  size_bytes: number | null;
  download_token: string;
}

const COLUMNS = `id::int AS id, client_id, file_name, status, progress, source_url, storage_key, size_bytes::float8 AS size_bytes, download_token`;

/** Adds an image of the account (arriving); null when the account has one of that name (any case). */
export async function insertIso(
  tx: Tx,
  i: { clientId: string; fileName: string; sourceUrl: string | null; createdBy: string | null; token: string },
): Promise<number | null> {
  await tx.query('SAVEPOINT iso');
  try {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO iso_images (client_id, file_name, source_url, created_by, download_token) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
      [i.clientId, i.fileName, i.sourceUrl, i.createdBy, i.token],
    );
    await tx.query('RELEASE SAVEPOINT iso');
    return r.rows[0]!.id;
  } catch (e) {
    await tx.query('ROLLBACK TO SAVEPOINT iso');
    if ((e as { code?: string }).code === '23505') return null;
    throw e;
  }
}

/** One image (the caller's under row-level security; any in the system context), locked when `lock`. */
export async function findIso(tx: Tx, id: number, lock = false): Promise<IsoRecord | null> {
  const r = await tx.query<IsoRecord>(`SELECT ${COLUMNS} FROM iso_images WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  return r.rows[0] ?? null;
}

/** The image is stored: ready, with its size. */
export async function markReady(tx: Tx, id: number, storageKey: string, sizeBytes: number): Promise<void> {
  await tx.query(
    `UPDATE iso_images SET status = 'ready', progress = 100, storage_key = $2, size_bytes = $3, ready_at = now(),
            error = NULL, error_key = NULL, error_params = '{}' WHERE id = $1`,
    [id, storageKey, sizeBytes],
  );
}

/** The image could not be had: failed, with the reason (English and as its key). */
export async function markFailed(tx: Tx, id: number, english: string, text: ServerText): Promise<void> {
  await tx.query(
    `UPDATE iso_images SET status = 'failed', error = $2, error_key = $3, error_params = $4 WHERE id = $1 AND status <> 'ready'`,
    [id, english.slice(0, 500), text.key, JSON.stringify(text.params)],
  );
}

/** The download's progress, 0-99 (100 only once ready). */
export async function setProgress(tx: Tx, id: number, percent: number, sizeBytes: number | null): Promise<void> {
  await tx.query(
    `UPDATE iso_images SET progress = $2, size_bytes = COALESCE($3, size_bytes) WHERE id = $1 AND status = 'downloading'`,
    [id, Math.max(0, Math.min(99, Math.floor(percent))), sizeBytes],
  );
}

/** A failed download starts again (the job was retried). */
export async function restartDownload(tx: Tx, id: number): Promise<void> {
  await tx.query(
    `UPDATE iso_images SET status = 'downloading', progress = 0, error = NULL, error_key = NULL, error_params = '{}' WHERE id = $1 AND status = 'failed'`,
    [id],
  );
}

/** The servers whose CD drive holds the image. */
export async function attachedTo(tx: Tx, id: number): Promise<number[]> {
  const r = await tx.query<{ id: number }>(
    `SELECT provisioned_id::int AS id FROM vms WHERE iso_id = $1 AND state <> 'deleted' ORDER BY 1`,
    [id],
  );
  return r.rows.map((x) => x.id);
}

/** Where copies of the image are (cluster and node, under which file name). */
export async function copiesOf(tx: Tx, id: number): Promise<Array<{ cluster_id: number; node: string; filename: string }>> {
  const r = await tx.query<{ cluster_id: number; node: string; filename: string }>(
    `SELECT cluster_id, node, filename FROM iso_copies WHERE iso_id = $1 ORDER BY cluster_id, node`,
    [id],
  );
  return r.rows;
}

/** Removes the image's row (its copies' rows go with it); a deleted server's drive lets go of it first. */
export async function deleteIso(tx: Tx, id: number): Promise<void> {
  await tx.query(`UPDATE vms SET iso_id = NULL WHERE iso_id = $1 AND state = 'deleted'`, [id]);
  await tx.query(`DELETE FROM iso_images WHERE id = $1`, [id]);
}

/** The image's row as MyIso answers it. */
export async function isoRowOf(tx: Tx, id: number): Promise<IsoRow> {
  const r = await tx.query<IsoRow>(`${ISO_ROW_SQL} WHERE i.id = $1`, [id]);
  return r.rows[0]!;
}
