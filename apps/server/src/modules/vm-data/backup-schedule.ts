/**
 * The daily backups (spec 2 §9: daily between 00:00 and 03:00; issue 13): every minute the
 * BackupsDaily job asks a backup of each server with backups on whose slot of tonight's window has
 * come in its location's time and that has none of today yet. Slots are spread over the window by
 * the server's id (the last half hour left for the backups to finish), and a node backs up one
 * server at a time: while one node's backup is queued or running, its other servers wait for the
 * next run. The backup is a VM operation (backup-now, kind daily) asked by the system, so it
 * follows the one-operation-per-server rule: a server busy with something else is taken later.
 */
import type { JobDeps } from '../../jobs/job-types.js';
import { AppError } from '../../http/errors.js';
import { writeAudit } from '../audit/audit.repository.js';
import { requestAction, type ActionRequester } from '../vms/vms.service.js';
import { dueDailyBackups } from './vm-data.repository.js';

/** The seconds of the window slots are spread over: 00:00 to 02:30 (the window ends at 03:00). */
export const SLOT_SPREAD_SECONDS = 2.5 * 3600;

/** Asks tonight's due backups; answers how many were asked and how many must wait. */
export async function runDailyBackups(deps: JobDeps): Promise<{ asked: number; waiting: number }> {
  const due = await deps.db.system((tx) => dueDailyBackups(tx, SLOT_SPREAD_SECONDS));
  const system: ActionRequester = { tenant: (fn) => deps.db.system(fn), principal: { userId: null } };
  let asked = 0;
  let waiting = 0;
  for (const vm of due) {
    try {
      await requestAction(deps, system, vm.provisioned_id, 'backup-now', { kind: 'daily' });
      await deps.db.system((tx) =>
        writeAudit(tx, {
          clientId: vm.client_id,
          userId: null,
          email: null,
          action: 'VmBackupNow',
          target: `server #${vm.provisioned_id} (daily)`,
          result: 'ok',
          ip: null,
        }),
      );
      asked++;
    } catch (e) {
      // Busy, out of contact or being deleted: the next run tries again while the window lasts.
      if (!(e instanceof AppError)) throw e;
      waiting++;
    }
  }
  return { asked, waiting };
}
