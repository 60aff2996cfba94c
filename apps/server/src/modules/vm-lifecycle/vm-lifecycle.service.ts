/**
 * A cloud server's lifecycle calls (issue 14): each is a VM operation (vms.service requestAction)
 * whose own checks run in its transaction with the server locked, so the answer is at once and
 * the job does the work (vm-lifecycle-operations.ts). Changes that cost money (upgrade, resize,
 * IPv4, clone) also need billing-manage; a clone is an order (CreateOrder's invoice and payment).
 * Passwords travel to the job sealed with the data key and are dropped when the operation ends.
 */
import type { VmOperationAnswer } from '@portside/contract/schemas/vms';
import type { CreateOrderAnswer, VmOrderConfig } from '@portside/contract/schemas/orders';
import { builderOfferId } from '@portside/contract/schemas/orders';
import type { UpgradeModelRow, VmCloneInput, VmReformatInput } from '@portside/contract/schemas/vm-lifecycle';
import { isSameOrUpgrade, isUpgrade, proratedChange, resizeBlock } from '@portside/contract/rules/vm-lifecycle';
import { vmActionBlock } from '@portside/contract/rules/vm-actions';
import { imageFitsCoreType } from '@portside/contract/rules/order-builder';
import { findVmImage } from '@portside/contract/images';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import type { Tx } from '../../db/database.js';
import { sealSecret } from '../../drivers/hypervisor/secret-box.js';
import { requestAction } from '../vms/vms.service.js';
import { findVm, type VmRecord } from '../vms/vms.repository.js';
import { createOrder } from '../orders/orders.service.js';
import { utcDay } from '../billing/invoicing.js';
import * as repo from './vm-lifecycle.repository.js';

type Caller = Pick<Ctx, 'jobs' | 'secrets'> & Pick<UserCtx, 'tenant' | 'principal'>;

const running = (power: string) => power === 'RUNNING' || power === 'POST-START';
const isWindows = (vm: VmRecord) => findVmImage(vm.image_id)?.osFamily === 'windows';

/** Changes that cost money are for users who may order and pay. */
function requireBilling(u: Pick<UserCtx, 'principal'>): void {
  if (!u.principal.claims.includes('billing-manage')) throw new AppError('CLAIM_REQUIRED', { details: 'billing-manage' });
}

const notFound = (id: number) =>
  new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });

/** VmBootOrder: c, d and n in a new order; a running server is rebooted now when asked, else it applies at the next boot. */
export function bootOrder(u: Caller, id: number, order: string, reboot: boolean): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'boot-order', { order, reboot }, async (_tx, vm) => {
    if (vm.boot_order === order && !reboot) throw new AppError('SETTING_UNCHANGED', { details: `p_boot_order: ${order}` });
    return { params: { wasRunning: running(vm.power_status) } };
  });
}

/** VmWindowsBIOSUpdate: SeaBIOS or OVMF (UEFI) on a stopped Windows server. */
export function bios(u: Caller, id: number, firmware: 'seabios' | 'ovmf'): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'bios', { bios: firmware }, async (_tx, vm) => {
    if (!isWindows(vm)) throw new AppError('VM_NOT_WINDOWS', { details: `image: ${vm.image_id}` });
    if (vm.bios === firmware) throw new AppError('SETTING_UNCHANGED', { details: `p_bios: ${firmware}` });
  });
}

/** VmWindowsTPMUpdate: add or remove the TPM 2.0 of a stopped Windows server. */
export function tpm(u: Caller, id: number, on: boolean): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, on ? 'tpm-add' : 'tpm-remove', {}, async (_tx, vm) => {
    if (!isWindows(vm)) throw new AppError('VM_NOT_WINDOWS', { details: `image: ${vm.image_id}` });
    if (vm.tpm === on) throw new AppError('SETTING_UNCHANGED', { details: `p_tpm: ${on ? 'on' : 'off'}` });
  });
}

/** VmResetRootPassword: root's (Administrator's on Windows) password, set by the guest agent of the running server. */
export function resetRootPassword(u: Caller, id: number, password: string): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'root-password', {}, async (_tx, vm) => ({
    params: { user: isWindows(vm) ? 'Administrator' : 'root', secret: sealSecret(u.secrets.dataKey, password) },
  }));
}

/** The models above the server's own, with what each costs from today to the month's end. */
async function upgradeRows(tx: Tx, vm: VmRecord): Promise<UpgradeModelRow[]> {
  const models = await repo.modelPrices(tx, vm.provisioned_id);
  const current = models.find((m) => m.id === vm.model_id);
  if (!current) return [];
  const today = utcDay();
  const trial = await repo.trialUntil(tx, vm.provisioned_id);
  return models
    .filter((m) => isUpgrade(current, m))
    .map((m) => {
      const charge = proratedChange(m.server_monthly_cents - current.server_monthly_cents, today, trial);
      return {
        model_id: m.id,
        code: m.code,
        core_type: m.core_type,
        cores: m.cores,
        ram_gb: m.ram_gb,
        disk_gb: m.disk_gb,
        list_price_cents: m.monthly_cents,
        current_monthly_cents: current.server_monthly_cents,
        new_monthly_cents: m.server_monthly_cents,
        prorated_cents: charge.cents,
        charge_from: charge.from,
        charge_to: charge.to,
        charge_days: charge.days,
      };
    });
}

/** VmUpgradeGetModels: the models the server can be upgraded to (same core type and location, above it). */
export async function upgradeModels(u: UserCtx, id: number): Promise<UpgradeModelRow[]> {
  return u.tenant(async (tx) => {
    const vm = await findVm(tx, id);
    if (!vm) throw notFound(id);
    return upgradeRows(tx, vm);
  });
}

/** VmUpgrade: a higher model; the difference is invoiced from today to the month's end once it is done. */
export function upgrade(u: Caller, id: number, modelId: number): Promise<VmOperationAnswer> {
  requireBilling(u);
  return requestAction(u, u, id, 'upgrade', {}, async (tx, vm) => {
    const target = (await upgradeRows(tx, vm)).find((m) => m.model_id === modelId);
    if (!target) throw new AppError('DOWNGRADE_NOT_POSSIBLE', { details: `p_model_id: ${modelId}` });
    return {
      params: {
        model_id: target.model_id,
        model: target.code,
        cores: target.cores,
        ram_gb: target.ram_gb,
        disk_gb: Math.max(vm.disk_gb, target.disk_gb),
        wasRunning: running(vm.power_status),
      },
    };
  });
}

const RESIZE_ERRORS = { disk_not_higher: 'DISK_NOT_HIGHER', disk_max_exceeded: 'DISK_MAX_EXCEEDED' } as const;

/** VmResize: the disk grown to `diskGb` in all (at most 1000 GB); billed per GB from today. */
export function resize(u: Caller, id: number, diskGb: number): Promise<VmOperationAnswer> {
  requireBilling(u);
  return requestAction(u, u, id, 'resize', { disk_gb: diskGb }, async (_tx, vm) => {
    const key = resizeBlock(vm.disk_gb, diskGb);
    if (key === 'disk_not_higher' || key === 'disk_max_exceeded')
      throw new AppError(RESIZE_ERRORS[key], { details: `p_disk_gb: ${key}\ncurrent_disk_gb: ${vm.disk_gb}` });
    if (key) throw new AppError('VALIDATION_FAILED', { details: `p_disk_gb: ${key}` });
  });
}

/** VmReformat (Rebuild): the server made anew from a system image; the name typed must be the server's. */
export function reformat(u: Caller, b: VmReformatInput): Promise<VmOperationAnswer> {
  const id = b.p_provisioned_id;
  return requestAction(u, u, id, 'rebuild', { image: b.p_image }, async (tx, vm) => {
    if (b.p_name_confirm.trim() !== vm.name)
      throw new AppError('NAME_CONFIRM_MISMATCH', { details: 'p_name_confirm: name_confirm_mismatch' });
    const image = findVmImage(b.p_image);
    const fit = await repo.imageFit(tx, vm.provisioned_id, b.p_image);
    if (!image || !fit) throw new AppError('ORDER_IMAGE_UNAVAILABLE', { details: `p_image: ${b.p_image}` });
    if (!imageFitsCoreType(image.osFamily, fit.core_type))
      throw new AppError('ORDER_IMAGE_CORE_TYPE', { details: 'p_image: image_windows_core_type' });
    if (vm.disk_gb < fit.min_disk_gb)
      throw new AppError('DISK_BELOW_MINIMUM', { details: `p_image: disk_below_minimum\nmin_disk_gb: ${fit.min_disk_gb}` });
    return { params: { secret: sealSecret(u.secrets.dataKey, b.p_password) } };
  });
}

/**
 * VmClone: a new server copied from this one, in its location, with its model or a higher one, a
 * new name and a project of the account. Ordered through CreateOrder (priced, invoiced and paid like
 * any server, never a trial; the answer is CreateOrder's) and provisioned by the same job, which
 * clones the source on its cluster instead of using an image.
 */
export async function clone(u: UserCtx, b: VmCloneInput): Promise<CreateOrderAnswer> {
  requireBilling(u);
  const line = await u.tenant(async (tx) => {
    const vm = await findVm(tx, b.p_provisioned_id);
    if (!vm) throw notFound(b.p_provisioned_id);
    const block = vmActionBlock(vm, 'backup-restore-clone');
    if (block === 'locked') throw new AppError('VM_LOCKED');
    if (block) throw new AppError('VM_STATE', { details: `state: ${vm.state}` });
    const models = await repo.modelPrices(tx, vm.provisioned_id);
    const current = models.find((m) => m.id === vm.model_id);
    const target = models.find((m) => m.id === b.p_model_id);
    if (!current || !target || !isSameOrUpgrade(current, target))
      throw new AppError('DOWNGRADE_NOT_POSSIBLE', { details: `p_model_id: ${b.p_model_id}` });
    const location = await repo.locationOf(tx, vm.provisioned_id);
    const config: VmOrderConfig = {
      model_id: target.id,
      image: vm.image_id,
      disk_gb: Math.max(vm.disk_gb, target.disk_gb),
      backups: vm.backups_enabled,
      hostname: b.p_name,
      project: b.p_project,
      ssh_keys: [],
    };
    return { offer_id: builderOfferId(location, config), location, quantity: 1, config };
  });
  return createOrder(
    u,
    { p_idempotency_key: b.p_idempotency_key, p_items: [line], p_payment_method: b.p_payment_method },
    { provisionedId: b.p_provisioned_id, volid: null },
  );
}

/** VmAssignIPv4: an IPv4 address from the location's pool, for good (it cannot be detached); billed from today. */
export function assignIpv4(u: Caller, id: number): Promise<VmOperationAnswer> {
  requireBilling(u);
  return requestAction(u, u, id, 'assign-ipv4', {}, async (tx, vm) => {
    // An address taken by an assignment that then failed is not billed yet: a retry finishes it.
    if (vm.ipv4 && !(vm.external_ipv4 === 0 && (await repo.failedAssignment(tx, vm.provisioned_id))))
      throw new AppError('IPV4_ASSIGNED', { details: `ip: ${vm.ipv4}` });
    // Its port forwards reach it on the private address the public one replaces.
    const forwards = await repo.portForwardCount(tx, vm.provisioned_id);
    if (forwards > 0) throw new AppError('PORT_FORWARDS_EXIST', { details: `${forwards} port forwards` });
  });
}
