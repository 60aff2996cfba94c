/**
 * The portal's copy of a server's backups and snapshots (what its cluster last listed, written by
 * the operations after each change) and the server's data flags: backups on or off, the daily
 * backup's day, the ISO image in its CD drive.
 */
import type { Tx } from '../../db/database.js';
import type { VmBackup, VmSnapshot } from '../../drivers/hypervisor/hypervisor.js';

/** A server as the data actions name it. */
export interface VmRef {
  provisioned_id: number;
  client_id: string;
}

/** A backup's kind by the notes the portal gave it. */
const kindOf = (notes: string) => (notes.trim() === 'daily' ? 'daily' : 'manual');

/** Replaces the server's backup rows with the cluster's list. */
export async function syncBackups(tx: Tx, vm: VmRef, list: readonly VmBackup[]): Promise<void> {
  await tx.query(`DELETE FROM vm_backups WHERE provisioned_id = $1`, [vm.provisioned_id]);
  if (!list.length) return;
  await tx.query(
    `INSERT INTO vm_backups (provisioned_id, client_id, volid, size_bytes, created_at, protected, kind)
     SELECT $1, $2, x.volid, x.size, x.created, x.prot, x.kind
       FROM unnest($3::text[], $4::bigint[], $5::timestamptz[], $6::boolean[], $7::text[]) AS x(volid, size, created, prot, kind)`,
    [
      vm.provisioned_id,
      vm.client_id,
      list.map((b) => b.volid),
      list.map((b) => Math.round(b.sizeBytes)),
      list.map((b) => b.createdAt),
      list.map((b) => b.protected),
      list.map((b) => kindOf(b.notes)),
    ],
  );
}

/** Replaces the server's snapshot rows with the cluster's list and bills their space (whole GB, rounded up). */
export async function syncSnapshots(tx: Tx, vm: VmRef, list: readonly VmSnapshot[]): Promise<void> {
  await tx.query(`DELETE FROM vm_snapshots WHERE provisioned_id = $1`, [vm.provisioned_id]);
  if (list.length) {
    await tx.query(
      `INSERT INTO vm_snapshots (provisioned_id, client_id, name, note, created_at, size_bytes)
       SELECT $1, $2, x.name, x.note, x.created, x.size
         FROM unnest($3::text[], $4::text[], $5::timestamptz[], $6::bigint[]) AS x(name, note, created, size)`,
      [
        vm.provisioned_id,
        vm.client_id,
        list.map((s) => s.name),
        list.map((s) => s.description),
        list.map((s) => s.createdAt),
        list.map((s) => Math.round(s.sizeBytes)),
      ],
    );
  }
  const bytes = list.reduce((sum, s) => sum + s.sizeBytes, 0);
  await tx.query(`UPDATE vms SET snapshots_gb = $2 WHERE provisioned_id = $1`, [vm.provisioned_id, Math.ceil(bytes / 1024 ** 3)]);
}

/** Turns the server's backups on (the schedule takes it from tonight) or off. */
export async function setBackupsEnabled(tx: Tx, id: number, on: boolean): Promise<void> {
  await tx.query(
    `UPDATE vms SET backups_enabled = $2, backups_enabled_at = CASE WHEN $2 THEN now() END,
            last_daily_backup_on = CASE WHEN $2 THEN last_daily_backup_on END
      WHERE provisioned_id = $1`,
    [id, on],
  );
}

/** Records today's daily backup (the day in the server's location). */
export async function markDailyBackup(tx: Tx, id: number): Promise<void> {
  await tx.query(
    `UPDATE vms v SET last_daily_backup_on = (now() AT TIME ZONE l.time_zone)::date
       FROM clusters c JOIN hosting_locations l ON l.id = c.location_id
      WHERE v.provisioned_id = $1 AND c.id = v.cluster_id`,
    [id],
  );
}

/** A server's backup row (the caller's, by row-level security), or null. */
export async function findBackup(tx: Tx, id: number, volid: string): Promise<{ protected: boolean } | null> {
  const r = await tx.query<{ protected: boolean }>(`SELECT protected FROM vm_backups WHERE provisioned_id = $1 AND volid = $2`, [
    id,
    volid,
  ]);
  return r.rows[0] ?? null;
}

/** The server's snapshot names, oldest first. */
export async function snapshotNames(tx: Tx, id: number): Promise<string[]> {
  const r = await tx.query<{ name: string }>(
    `SELECT name FROM vm_snapshots WHERE provisioned_id = $1 ORDER BY created_at, name`,
    [id],
  );
  return r.rows.map((x) => x.name);
}

/** An ISO image as attaching needs it. */
export interface IsoForAttach {
  id: number;
  file_name: string;
  status: string;
  storage_key: string | null;
  size_bytes: number | null;
}

/** One ISO image of the account (row-level security), or null. */
export async function findIso(tx: Tx, id: number): Promise<IsoForAttach | null> {
  const r = await tx.query<IsoForAttach>(
    `SELECT id::int AS id, file_name, status, storage_key, size_bytes::float8 AS size_bytes FROM iso_images WHERE id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Records that the cluster's node holds a copy of the ISO image under `filename`. */
export async function recordIsoCopy(
  tx: Tx,
  c: { isoId: number; clientId: string; clusterId: number; node: string; filename: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO iso_copies (iso_id, client_id, cluster_id, node, filename) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (iso_id, cluster_id, node) DO UPDATE SET filename = EXCLUDED.filename`,
    [c.isoId, c.clientId, c.clusterId, c.node, c.filename],
  );
}

/** Sets the ISO image in the server's CD drive (null: empty). */
export async function setVmIso(tx: Tx, id: number, isoId: number | null): Promise<void> {
  await tx.query(`UPDATE vms SET iso_id = $2 WHERE provisioned_id = $1`, [id, isoId]);
}

/** Sets the server's disk size as its cluster reports it (after a restore). */
export async function setVmDisk(tx: Tx, id: number, diskGb: number): Promise<void> {
  await tx.query(`UPDATE vms SET disk_gb = $2 WHERE provisioned_id = $1`, [id, Math.min(1000, Math.max(1, Math.round(diskGb)))]);
}

/** Adds `patch` to an operation's parameters (a plan the job made on its first run). */
export async function addOperationParams(tx: Tx, id: string, patch: Record<string, unknown>): Promise<void> {
  await tx.query(`UPDATE vm_operations SET params = params || $2::jsonb WHERE id = $1`, [id, JSON.stringify(patch)]);
}

/** The file name an ISO image has on a cluster's storage: the portal's, never the customer's. */
export function clusterIsoName(isoId: number): string {
  return `portside-iso-${isoId}.iso`;
}

/**
 * What a copy of the server is ordered with: its model, disk, backups setting, project, location
 * and the system image it was ordered with (Debian 12 for a server made before orders: the image
 * only names the order line; the copy's disk comes from the backup).
 */
export async function cloneSource(
  tx: Tx,
  id: number,
): Promise<{
  model_id: number;
  disk_gb: number;
  backups_enabled: boolean;
  project_id: number | null;
  location_id: string;
  image_id: string;
}> {
  const r = await tx.query<{
    model_id: number;
    disk_gb: number;
    backups_enabled: boolean;
    project_id: number | null;
    location_id: string;
    image_id: string;
  }>(
    `SELECT v.model_id, v.disk_gb, v.backups_enabled, v.project_id::int AS project_id, c.location_id,
            COALESCE((SELECT i.image_id FROM order_items i WHERE i.provisioned_id = v.provisioned_id ORDER BY i.id DESC LIMIT 1),
                     'debian-12') AS image_id
       FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.provisioned_id = $1`,
    [id],
  );
  return r.rows[0]!;
}

/** Servers whose daily backup is due now, at most one per node (the earliest slot), none on a node already backing up. */
const DUE_SQL = `
  SELECT DISTINCT ON (v.cluster_id, v.node) v.provisioned_id::int AS provisioned_id, v.client_id
    FROM vms v
    JOIN clusters c ON c.id = v.cluster_id
    JOIN hosting_locations l ON l.id = c.location_id
    CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE l.time_zone) AS local_now,
      make_interval(secs => ((hashint8(v.provisioned_id) & 2147483647) % $1::bigint)::float8) AS slot) x
   WHERE v.backups_enabled AND v.state = 'active'
     AND (v.last_daily_backup_on IS NULL OR v.last_daily_backup_on < x.local_now::date)
     AND x.local_now::time >= time '00:00' + x.slot AND x.local_now::time < time '03:00'
     AND NOT EXISTS (SELECT 1 FROM vm_operations o WHERE o.provisioned_id = v.provisioned_id AND o.status IN ('queued','running'))
     AND NOT EXISTS (SELECT 1 FROM vm_operations o JOIN vms w ON w.provisioned_id = o.provisioned_id
                      WHERE o.status IN ('queued','running') AND o.action IN ('backup-now','backup-restore')
                        AND w.cluster_id = v.cluster_id AND w.node = v.node)
   ORDER BY v.cluster_id, v.node, x.slot, v.provisioned_id`;

/** The servers whose daily backup is due now (see backup-schedule.ts), at most one per node. */
export async function dueDailyBackups(
  tx: Tx,
  spreadSeconds: number,
): Promise<Array<{ provisioned_id: number; client_id: string }>> {
  const r = await tx.query<{ provisioned_id: number; client_id: string }>(DUE_SQL, [spreadSeconds]);
  return r.rows;
}
