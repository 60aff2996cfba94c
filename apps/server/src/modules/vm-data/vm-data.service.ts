/**
 * A server's data calls (issue 13): each is a VM operation (vms.service.ts requestAction) whose own
 * checks run in its transaction with the server locked, so the answer is at once and the job does
 * the work. The checks read the portal's copy of the server's backups and snapshots (row-level
 * security: only the caller's account) and refuse with the catalogue's errors.
 */
import type { VmOperationAnswer } from '@portside/contract/schemas/vms';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { requestAction, type PrepareAction } from '../vms/vms.service.js';
import * as data from './vm-data.repository.js';
import { vmActionBlock } from '@portside/contract/rules/vm-actions';
import { builderOfferId, type CreateOrderAnswer, type VmOrderConfig } from '@portside/contract/schemas/orders';
import type { VmBackupCloneInput } from '@portside/contract/schemas/vm-data';
import { createOrder } from '../orders/orders.service.js';
import { findVm } from '../vms/vms.repository.js';
import { VM_NAME_PATTERN } from '../../drivers/hypervisor/hypervisor.js';

type Caller = Pick<Ctx, 'jobs'> & Pick<UserCtx, 'tenant' | 'principal'>;

const running = (power: string) => power === 'RUNNING' || power === 'POST-START';

/** VmBackupEnable, VmBackupDisable and VmBackupToggle. */
export function backupsOnOff(u: Caller, id: number, want: 'on' | 'off' | 'toggle'): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'backup-enable', {}, async (_tx, vm) => {
    const on = want === 'toggle' ? !vm.backups_enabled : want === 'on';
    if (on && vm.backups_enabled) throw new AppError('BACKUPS_ENABLED');
    if (!on && !vm.backups_enabled) throw new AppError('BACKUPS_DISABLED', { hint: 'Backups are off already' });
    return { action: on ? 'backup-enable' : 'backup-disable' };
  });
}

/** VmBackupNow: a manual backup, counted in the seven kept. */
export function backupNow(u: Caller, id: number): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'backup-now', { kind: 'manual' }, async (_tx, vm) => {
    if (!vm.backups_enabled) throw new AppError('BACKUPS_DISABLED');
  });
}

/** The server's backup `volid`, or BACKUP_NOT_FOUND (another account's volid is not found either). */
const withBackup =
  (volid: string, more?: (b: { protected: boolean }, power: string) => ReturnType<PrepareAction>): PrepareAction =>
  async (tx, vm) => {
    const b = await data.findBackup(tx, vm.provisioned_id, volid);
    if (!b) throw new AppError('BACKUP_NOT_FOUND', { details: `p_volid: ${volid}` });
    return more?.(b, vm.power_status);
  };

/** VmBackupProtectToggle. */
export function backupProtectToggle(u: Caller, id: number, volid: string): Promise<VmOperationAnswer> {
  return requestAction(
    u,
    u,
    id,
    'backup-protect',
    { volid },
    withBackup(volid, async (b) => ({ action: b.protected ? 'backup-unprotect' : 'backup-protect' })),
  );
}

/** VmBackupDeleteVolid: refused while protected. */
export function backupDelete(u: Caller, id: number, volid: string): Promise<VmOperationAnswer> {
  return requestAction(
    u,
    u,
    id,
    'backup-delete',
    { volid },
    withBackup(volid, async (b) => {
      if (b.protected) throw new AppError('BACKUP_PROTECTED', { details: `p_volid: ${volid}` });
    }),
  );
}

/** VmBackupRestore: the server is overwritten; it runs again afterwards when it ran before. */
export function backupRestore(u: Caller, id: number, volid: string): Promise<VmOperationAnswer> {
  return requestAction(
    u,
    u,
    id,
    'backup-restore',
    { volid },
    withBackup(volid, async (_b, power) => ({ params: { wasRunning: running(power) } })),
  );
}

/** VmSnapshotCreate: a name not taken yet. */
export function snapshotCreate(u: Caller, id: number, name: string, note: string): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'snapshot-create', { name, note }, async (tx, vm) => {
    if ((await data.snapshotNames(tx, vm.provisioned_id)).includes(name))
      throw new AppError('SNAPSHOT_EXISTS', { details: `p_name: ${name}` });
  });
}

/** VmSnapshotDelete and VmSnapshotRollback: a snapshot of the server; a rollback deletes the later ones. */
export function snapshotAction(
  u: Caller,
  id: number,
  action: 'snapshot-delete' | 'snapshot-rollback',
  name: string,
): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, action, { name }, async (tx, vm) => {
    if (!(await data.snapshotNames(tx, vm.provisioned_id)).includes(name))
      throw new AppError('SNAPSHOT_NOT_FOUND', { details: `p_name: ${name}` });
    if (action === 'snapshot-rollback') return { params: { wasRunning: running(vm.power_status) } };
  });
}

/** IsoAttach: a ready ISO image of the account into the server's CD drive. */
export function isoAttach(u: Caller, id: number, isoId: number): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'iso-attach', { iso: isoId }, async (tx) => {
    const iso = await data.findIso(tx, isoId);
    if (!iso) throw new AppError('ISO_NOT_FOUND', { details: `p_iso: ${isoId}` });
    if (iso.status !== 'ready') throw new AppError('ISO_NOT_READY', { details: `p_iso: ${isoId}` });
  });
}

/** IsoDetach: the CD drive emptied; the user may reboot now or later. */
export function isoDetach(u: Caller, id: number): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'iso-detach', {}, async (_tx, vm) => {
    if (vm.iso_id === null) throw new AppError('ISO_NOT_ATTACHED');
  });
}

/**
 * VmBackupRestoreToClone (vm-settings-backup and billing-manage): a new server made from a backup of one of the account's servers, in its
 * project and location, with its model, disk and backups setting. It is ordered through CreateOrder
 * (priced, invoiced and paid like any server: the answer is CreateOrder's) and provisioned by the
 * same job, which restores the backup on the source's cluster instead of cloning an image and then
 * gives the copy its own addresses and first-boot data.
 */
export async function backupRestoreToClone(u: UserCtx, b: VmBackupCloneInput): Promise<CreateOrderAnswer> {
  // A copy is an order: the caller must also be one who may order and pay (billing-manage).
  if (!u.principal.claims.includes('billing-manage')) throw new AppError('CLAIM_REQUIRED', { details: 'billing-manage' });
  const line = await u.tenant(async (tx) => {
    const vm = await findVm(tx, b.p_provisioned_id);
    if (!vm)
      throw new AppError('NotFound', {
        hint: 'No server with this id in your account',
        details: `p_provisioned_id: ${b.p_provisioned_id}`,
      });
    const block = vmActionBlock(vm, 'backup-restore-clone');
    if (block === 'locked') throw new AppError('VM_LOCKED');
    if (block) throw new AppError('VM_STATE', { details: `state: ${vm.state}` });
    if (!(await data.findBackup(tx, vm.provisioned_id, b.p_volid)))
      throw new AppError('BACKUP_NOT_FOUND', { details: `p_volid: ${b.p_volid}` });
    const src = await data.cloneSource(tx, vm.provisioned_id);
    const name = b.p_name ?? `${vm.name}-clone`.slice(0, 253);
    if (!VM_NAME_PATTERN.test(name)) throw new AppError('VALIDATION_FAILED', { details: 'p_name: hostname_invalid' });
    const config: VmOrderConfig = {
      model_id: src.model_id,
      image: src.image_id,
      disk_gb: src.disk_gb,
      backups: src.backups_enabled,
      hostname: name,
      project: src.project_id,
      ssh_keys: [],
    };
    return { offer_id: builderOfferId(src.location_id, config), location: src.location_id, quantity: 1, config };
  });
  return createOrder(
    u,
    { p_idempotency_key: b.p_idempotency_key, p_items: [line], p_payment_method: b.p_payment_method },
    { provisionedId: b.p_provisioned_id, volid: b.p_volid },
  );
}
