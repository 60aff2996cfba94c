/**
 * A cloud server's data (issue 13; spec 1 §3 Backup, Snapshot, ISO template; spec 2 §7 ISO,
 * Backups, Snapshots): the bodies of the backup, snapshot and ISO calls and the rows of
 * VmBackupFiles, VmSnapshots and MyIso. Issue messages are message keys.
 */
import { z } from '../zod';
import { validateSnapshotName, validateVmName } from '../rules/validators';
import { provisionedIdField } from './vms';
import { column, timestampField } from './view-row';

/** Backups, snapshots and ISO images: the rules of spec 2 §9 and the portal's own limits. */
export const VM_DATA_LIMITS = {
  /** Daily backups kept (manual ones count too); protected ones come on top. */
  backupsKept: 7,
  /** The daily backup window in the location's time zone: from 00:00 up to 03:00. */
  backupWindowHours: 3,
  /** The longest snapshot note. */
  snapshotNoteMax: 200,
  /** ISO attach may take this long (spec 2 §9: up to 10 minutes). */
  isoAttachMs: 10 * 60 * 1000,
  /** The longest ISO file name shown (without the path). */
  isoNameMax: 120,
  /** The longest download URL accepted. */
  isoUrlMax: 2000,
} as const;

/** A backup's volume id on its storage (`local:backup/vzdump-qemu-100-2026_01_31-02_00_00.vma.zst`). */
export const volidField = z
  .string({ error: 'invalid_data' })
  .min(3, { error: 'invalid_data' })
  .max(255, { error: 'invalid_data' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*:[A-Za-z0-9_./-]+$/, { error: 'invalid_data' });

/** The calls that name one backup of a server: protect toggle, delete, restore. */
export const vmBackupRefSchema = z.object({ p_provisioned_id: provisionedIdField, p_volid: volidField });
export type VmBackupRef = z.infer<typeof vmBackupRefSchema>;

/**
 * VmBackupRestoreToClone: a new server from a backup, in the server's project and location, ordered
 * and paid like any server (the checkout's payment methods but the trial); its name defaults to
 * `<name>-clone`. The answer is CreateOrder's.
 */
export const vmBackupCloneSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_volid: volidField,
  p_name: z
    .string({ error: 'hostname_empty' })
    .check((ctx) => {
      const key = validateVmName(ctx.value);
      if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
    })
    .optional(),
  p_payment_method: z.enum(['card', 'bank_transfer', 'balance'], { error: 'invalid_data' }),
  p_idempotency_key: z.string({ error: 'invalid_data' }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'invalid_data' }),
});
export type VmBackupCloneInput = z.infer<typeof vmBackupCloneSchema>;

/** A snapshot's name: alphanumeric, starting with a letter, 2 to 40 characters (spec 1 §5). */
export const snapshotNameField = z.string({ error: 'snapshot_name_empty' }).check((ctx) => {
  const key = validateSnapshotName(ctx.value);
  if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
});

/** VmSnapshotCreate: a name and an optional note. */
export const vmSnapshotCreateSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_name: snapshotNameField,
  p_note: z.string({ error: 'invalid_data' }).max(VM_DATA_LIMITS.snapshotNoteMax, { error: 'field_too_long' }).optional(),
});
export type VmSnapshotCreateInput = z.infer<typeof vmSnapshotCreateSchema>;

/** VmSnapshotDelete and VmSnapshotRollback: one snapshot by name. */
export const vmSnapshotRefSchema = z.object({ p_provisioned_id: provisionedIdField, p_name: snapshotNameField });
export type VmSnapshotRef = z.infer<typeof vmSnapshotRefSchema>;

/** An ISO image's portal id (MyIso.id). */
export const isoIdField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/** IsoAttach: an ISO image of the account into the server's CD drive. */
export const isoAttachSchema = z.object({ p_provisioned_id: provisionedIdField, p_iso: isoIdField });
export type IsoAttachInput = z.infer<typeof isoAttachSchema>;

/** IsoDelete: one ISO image of the account. */
export const isoRefSchema = z.object({ p_iso: isoIdField });

/** An ISO file name as shown: letters, digits, space, dot, dash, underscore and brackets, ending in .iso. */
export const isoFileNameField = z
  .string({ error: 'invalid_data' })
  .max(VM_DATA_LIMITS.isoNameMax, { error: 'field_too_long' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._()+-]*\.iso$/i, { error: 'iso_name_invalid' });

/** IsoUpload by URL (the file upload is a multipart POST of the same call): http or https only. */
export const isoUploadUrlSchema = z.object({
  p_url: z
    .string({ error: 'iso_url_invalid' })
    .max(VM_DATA_LIMITS.isoUrlMax, { error: 'field_too_long' })
    .check((ctx) => {
      let ok: boolean;
      try {
        const u = new URL(ctx.value);
        ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === '';
      } catch {
        ok = false;
      }
      if (!ok) ctx.issues.push({ code: 'custom', message: 'iso_url_invalid', input: ctx.value });
    }),
  /** The name to keep it under; the URL's last path part when left out. */
  p_name: isoFileNameField.optional(),
});
export type IsoUploadUrlInput = z.infer<typeof isoUploadUrlSchema>;

/** Whether a backup was made by the daily schedule or asked for (VmBackupNow). */
export const BACKUP_KINDS = ['daily', 'manual'] as const;

/** One row of GET /api/VmBackupFiles?provisioned_id=eq.{id} (spec 1 §3 Backup). */
export const vmBackupFileRow = z.object({
  provisioned_id: z.int(),
  /** The backup's volume id (the calls' p_volid). */
  volid: z.string(),
  /** When it was made, and its age in whole days. */
  created_at: timestampField(),
  age_days: z.int(),
  size_bytes: z.int(),
  protected: z.boolean(),
  kind: z.enum(BACKUP_KINDS),
});
export type VmBackupFileRow = z.infer<typeof vmBackupFileRow>;

/** One row of GET /api/VmSnapshots?provisioned_id=eq.{id} (spec 1 §3 Snapshot), oldest first. */
export const vmSnapshotRow = z.object({
  provisioned_id: z.int(),
  name: z.string(),
  note: z.string(),
  created_at: timestampField(),
  size_bytes: z.int(),
});
export type VmSnapshotRow = z.infer<typeof vmSnapshotRow>;

/** An ISO image's life: arriving (upload or download running), ready, or failed (with the reason). */
export const ISO_STATUSES = ['downloading', 'ready', 'failed'] as const;
export type IsoStatus = (typeof ISO_STATUSES)[number];

/** One row of GET /api/MyIso (spec 1 §3 ISO template): an ISO image of the account. */
export const isoRow = z.object({
  id: z.int(),
  /** The file name, its type ('iso') and size. */
  file_name: z.string(),
  file_type: z.string(),
  size_bytes: z.int().nullable(),
  status: z.enum(ISO_STATUSES),
  /** Download progress, 0 to 100 (100 once ready). */
  progress: z.int(),
  /** Why it failed (English), or null. */
  error: z.string().nullable(),
  /** The URL it was downloaded from, or null for an upload. */
  source_url: z.string().nullable(),
  /** The hosting locations whose clusters hold a copy (names of HostingLocations.id). */
  locations: column(z.array(z.string()), 'text[]'),
  /** The direct download URL (signed, relative to the portal) once ready, else null. */
  download_url: z.string().nullable(),
  /** The servers whose CD drive holds it (provisioned_id). */
  attached_to: column(z.array(z.int()), 'json'),
  created_at: timestampField(),
});
export type IsoRow = z.infer<typeof isoRow>;
