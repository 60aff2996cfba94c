/**
 * A server's backups and snapshots and its CD drive (issue 13; spec 2 §7 Backups, Snapshots, ISO):
 * the calls, each needing its claim on the server side — vm-settings-backup, vm-settings-snapshot,
 * vm-settings-image (owners hold every claim) — and audited with the server and what it touched.
 */
import { vmRefSchema } from '@portside/contract/schemas/vms';
import {
  isoAttachSchema,
  vmBackupCloneSchema,
  vmBackupRefSchema,
  vmSnapshotCreateSchema,
  vmSnapshotRefSchema,
} from '@portside/contract/schemas/vm-data';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { target } from '../audit/audit-target.js';
import * as svc from './vm-data.service.js';

const backup = claim('vm-settings-backup');
const snapshot = claim('vm-settings-snapshot');
const image = claim('vm-settings-image');

const server = (b: { p_provisioned_id: number }) => target('server', b.p_provisioned_id);
const onBackup = (b: { p_provisioned_id: number; p_volid: string }) => [server(b), target('backup', b.p_volid)];
const onSnapshot = (b: { p_provisioned_id: number; p_name: string }) => [server(b), target('snapshot', null, b.p_name)];

/** A backup call on one server (enable, disable, toggle, now). */
function onServer(name: string, run: typeof svc.backupNow): AnyRpc {
  return defineRpc({
    name,
    access: backup,
    schema: vmRefSchema,
    audit: true,
    auditTarget: server,
    handler: (ctx, b) => run(ctx, b.p_provisioned_id),
  });
}

/** A call on one backup of a server. */
function onVolid(name: string, run: typeof svc.backupDelete): AnyRpc {
  return defineRpc({
    name,
    access: backup,
    schema: vmBackupRefSchema,
    audit: true,
    auditTarget: onBackup,
    handler: (ctx, b) => run(ctx, b.p_provisioned_id, b.p_volid),
  });
}

export const vmDataRpcs: AnyRpc[] = [
  onServer('VmBackupEnable', (u, id) => svc.backupsOnOff(u, id, 'on')),
  onServer('VmBackupDisable', (u, id) => svc.backupsOnOff(u, id, 'off')),
  onServer('VmBackupToggle', (u, id) => svc.backupsOnOff(u, id, 'toggle')),
  onServer('VmBackupNow', svc.backupNow),
  onVolid('VmBackupProtectToggle', svc.backupProtectToggle),
  onVolid('VmBackupDeleteVolid', svc.backupDelete),
  onVolid('VmBackupRestore', svc.backupRestore),
  defineRpc({
    name: 'VmBackupRestoreToClone',
    access: backup,
    schema: vmBackupCloneSchema,
    audit: true,
    auditTarget: (b, r) => [...onBackup(b), '→', target('order', (r as { order_id?: number } | undefined)?.order_id ?? null)],
    handler: (ctx, b) => svc.backupRestoreToClone(ctx, b),
  }),
  defineRpc({
    name: 'VmSnapshotCreate',
    access: snapshot,
    schema: vmSnapshotCreateSchema,
    audit: true,
    auditTarget: onSnapshot,
    handler: (ctx, b) => svc.snapshotCreate(ctx, b.p_provisioned_id, b.p_name, b.p_note ?? ''),
  }),
  defineRpc({
    name: 'VmSnapshotDelete',
    access: snapshot,
    schema: vmSnapshotRefSchema,
    audit: true,
    auditTarget: onSnapshot,
    handler: (ctx, b) => svc.snapshotAction(ctx, b.p_provisioned_id, 'snapshot-delete', b.p_name),
  }),
  defineRpc({
    name: 'VmSnapshotRollback',
    access: snapshot,
    schema: vmSnapshotRefSchema,
    audit: true,
    auditTarget: onSnapshot,
    handler: (ctx, b) => svc.snapshotAction(ctx, b.p_provisioned_id, 'snapshot-rollback', b.p_name),
  }),
  defineRpc({
    name: 'IsoAttach',
    access: image,
    schema: isoAttachSchema,
    audit: true,
    auditTarget: (b) => [server(b), target('ISO image', b.p_iso)],
    handler: (ctx, b) => svc.isoAttach(ctx, b.p_provisioned_id, b.p_iso),
  }),
  defineRpc({
    name: 'IsoDetach',
    access: image,
    schema: vmRefSchema,
    audit: true,
    auditTarget: server,
    handler: (ctx, b) => svc.isoDetach(ctx, b.p_provisioned_id),
  }),
];
