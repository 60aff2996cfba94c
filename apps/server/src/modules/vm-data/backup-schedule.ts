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

/** The seconds of the window slots are spread over: 00:00 to 02:30 (the window ends at 03:00). */
export const SLOT_SPREAD_SECONDS = 2.5 * 3600;

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

/** Asks tonight's due backups; answers how many were asked and how many must wait. */
export async function runDailyBackups(deps: JobDeps): Promise<{ asked: number; waiting: number }> {
  const due = await deps.db.system((tx) =>
    tx.query<{ provisioned_id: number; client_id: string }>(DUE_SQL, [SLOT_SPREAD_SECONDS]).then((r) => r.rows),
  );
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
