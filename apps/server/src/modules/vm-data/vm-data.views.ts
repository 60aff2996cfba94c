/**
 * The reads of a server's data (spec 2 §7 'Other reads'): VmBackupFiles and VmSnapshots, filtered
 * by the caller with provisioned_id=eq.{id}; only the account's servers (row-level security and the
 * client filter), each behind its claim.
 */
import { vmBackupFileRow, vmSnapshotRow } from '@portside/contract/schemas/vm-data';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

export const vmDataViews: ViewDef[] = [
  defineView({
    name: 'VmBackupFiles',
    access: claim('vm-settings-backup'),
    row: vmBackupFileRow,
    source: `SELECT b.provisioned_id::int AS provisioned_id, b.volid, b.created_at,
        (current_date - b.created_at::date) AS age_days, b.size_bytes, b.protected, b.kind
      FROM vm_backups b JOIN vms v ON v.provisioned_id = b.provisioned_id
      WHERE b.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'created_at.desc',
  }),
  defineView({
    name: 'VmSnapshots',
    access: claim('vm-settings-snapshot'),
    row: vmSnapshotRow,
    source: `SELECT s.provisioned_id::int AS provisioned_id, s.name, s.note, s.created_at, s.size_bytes
      FROM vm_snapshots s JOIN vms v ON v.provisioned_id = s.provisioned_id
      WHERE s.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'created_at.asc',
  }),
];
