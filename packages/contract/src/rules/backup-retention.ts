/**
 * Backup retention (spec 2 §9): the last 7 backups are kept, daily and manual ones alike; protected
 * backups are never pruned and do not count against the seven.
 */
import { VM_DATA_LIMITS } from '../schemas/vm-data';

/** What retention reads of a backup. */
export interface RetainedBackup {
  volid: string;
  createdAt: Date;
  protected: boolean;
}

/** The backups retention removes: the unprotected ones older than the newest `keep` unprotected, oldest first. */
export function backupsToPrune<T extends RetainedBackup>(backups: readonly T[], keep: number = VM_DATA_LIMITS.backupsKept): T[] {
  const open = backups
    .filter((b) => !b.protected)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.volid < b.volid ? 1 : -1));
  return open.slice(Math.max(0, keep)).reverse();
}
