/**
 * The rules of a server's lifecycle tabs as the web applies them (issue 14): which live kinds each
 * tab follows, the boot order as a list of devices and its moves, which system images a rebuild
 * may install, who logs in after a password reset, the models a copy may have, and the prorated
 * charge of a change. The rules themselves are the contract's (rules/vm-lifecycle, order-builder).
 */
import type { HubKind, LiveUpdateMessage } from '@portside/contract/hubs';
import { z } from '@portside/contract/zod';
import { findVmImage, VM_IMAGES, type VmImage } from '@portside/contract/images';
import { imageFitsCoreType } from '@portside/contract/rules/order-builder';
import {
  BOOT_DEVICES,
  bootOrderOfMessage,
  DEFAULT_BOOT_ORDER,
  isBootOrder,
  proratedChange,
  type BootDevice,
  type ProratedChange,
} from '@portside/contract/rules/vm-lifecycle';
import { vmResizeSchema, vmReformatSchema, type UpgradeModelRow } from '@portside/contract/schemas/vm-lifecycle';
import type { VmRow } from '@portside/contract/schemas/vms';

export { BOOT_DEVICES, DEFAULT_BOOT_ORDER, type BootDevice };

/** The live kinds each lifecycle tab follows while it is open. */
export const BOOT_ORDER_KINDS = ['boot-order'] as const satisfies readonly HubKind[];
export const FIRMWARE_KINDS = ['tpm-update'] as const satisfies readonly HubKind[];
/** The root password is set by the guest agent: its messages travel on the power hub. */
export const ROOT_PASSWORD_KINDS = ['power'] as const satisfies readonly HubKind[];
export const UPGRADE_KINDS = ['model-upgrade'] as const satisfies readonly HubKind[];
export const RESIZE_KINDS = ['resize'] as const satisfies readonly HubKind[];
/** A rebuild makes the server anew: its messages travel on the create hub. */
export const REBUILD_KINDS = ['create'] as const satisfies readonly HubKind[];
export const IPV4_KINDS = ['assign-ipv4'] as const satisfies readonly HubKind[];

/** Whether a live message is about the root password (the power hub also carries start, stop...). */
export function isRootPasswordMessage(m: Pick<LiveUpdateMessage, 'text_key'>): boolean {
  return (m.text_key ?? '').includes('ops.root_password');
}

/** Whether a create-hub message of this server is about its rebuild (not its first creation). */
export function isRebuildMessage(m: Pick<LiveUpdateMessage, 'text_key'>): boolean {
  return (m.text_key ?? '').includes('ops.rebuild');
}

/** The server's boot devices in order: its boot order when it is a valid one, else the default (dcn). */
export function bootDevicesOf(order: string | null | undefined): BootDevice[] {
  const valid = isBootOrder(order) ? order : DEFAULT_BOOT_ORDER;
  return [...valid] as BootDevice[];
}

/** The devices with the one at `from` moved to `to` (indexes clamped to the list). */
export function moveDevice(devices: readonly BootDevice[], from: number, to: number): BootDevice[] {
  const last = devices.length - 1;
  const a = Math.min(Math.max(from, 0), last);
  const b = Math.min(Math.max(to, 0), last);
  const next = [...devices];
  const [moved] = next.splice(a, 1);
  next.splice(b, 0, moved!);
  return next;
}

/**
 * The boot order a live boot-order message holds, or null (spec 1 §4: the shown order is replaced
 * only when the message holds all of c, d and n): its `boot_order`, its `state` (where the
 * portal's boot-order messages carry it), its `order` parameter, or its text when that is a bare order.
 */
export function bootOrderOfLive(m: LiveUpdateMessage & { boot_order?: unknown }): string | null {
  return (
    bootOrderOfMessage({ boot_order: m.boot_order, state: m.state, message: m.message }) ??
    bootOrderOfMessage({ boot_order: m.text_params?.order })
  );
}

/** Whether the server runs a Windows image (the firmware and TPM settings are for those only). */
export function isWindowsImage(imageId: string): boolean {
  return findVmImage(imageId)?.osFamily === 'windows';
}

/** The user that logs in after a password reset: Administrator on Windows, root elsewhere. */
export function rootUserOf(imageId: string): 'root' | 'Administrator' {
  return isWindowsImage(imageId) ? 'Administrator' : 'root';
}

/** Why a system image cannot be installed on the server by a rebuild, or null when it can. */
export type ImageBlock = 'windows_core' | 'disk';

/**
 * Whether the image fits the server (the order builder's rules): a Windows image needs a
 * 'dedicated core — Windows optimised' model, and every image a disk at least its minimum.
 */
export function rebuildImageBlock(image: VmImage, vm: Pick<VmRow, 'core_type' | 'disk_gb'>): ImageBlock | null {
  if (!imageFitsCoreType(image.osFamily, vm.core_type)) return 'windows_core';
  if (vm.disk_gb < image.minDiskGb) return 'disk';
  return null;
}

/** Every system image with why it cannot be chosen (null when it can), in the picker's order. */
export function rebuildImages(vm: Pick<VmRow, 'core_type' | 'disk_gb'>): Array<{ image: VmImage; block: ImageBlock | null }> {
  return VM_IMAGES.map((image) => ({ image, block: rebuildImageBlock(image, vm) }));
}

/** Today's UTC day ('YYYY-MM-DD'): billing's days are UTC days. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** What a disk resize adds to the monthly price (the extra GB at the price per GB) and its share of this month. */
export function resizeCharge(currentGb: number, newGb: number, centsPerGb: number, today: string): ProratedChange {
  const extra = Math.max(0, newGb - currentGb);
  return proratedChange(extra * centsPerGb, today);
}

/** A model a copy of the server may have, with its monthly list price (null when unknown). */
export interface CloneModel {
  model_id: number;
  code: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  list_price_cents: number | null;
  current: boolean;
}

/** The models a copy may have (issue 14: the same or higher): the server's own, then the upgrades. */
export function cloneModels(
  vm: Pick<VmRow, 'model_id' | 'model_name' | 'cores' | 'ram_gb' | 'disk_gb' | 'cost_breakdown'>,
  upgrades: readonly UpgradeModelRow[],
): CloneModel[] {
  const own: CloneModel = {
    model_id: vm.model_id,
    code: vm.model_name,
    cores: vm.cores,
    ram_gb: vm.ram_gb,
    disk_gb: vm.disk_gb,
    list_price_cents: vm.cost_breakdown?.list_price ?? null,
    current: true,
  };
  const higher = upgrades
    .filter((u) => u.model_id !== vm.model_id)
    .map((u) => ({
      model_id: u.model_id,
      code: u.code,
      cores: u.cores,
      ram_gb: u.ram_gb,
      disk_gb: u.disk_gb,
      list_price_cents: u.list_price_cents,
      current: false,
    }));
  return [own, ...higher];
}

/**
 * The total disk size typed in the resize form as a number, or NaN when it is not a plain number
 * (the rule then says 'amount invalid'); '12.5' stays 12.5 so that the rule refuses it too.
 */
export function diskSizeOf(text: string): number {
  const t = text.trim();
  return /^[+-]?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * VmResize's schema for a server with a disk of `currentGb`: the contract's ('amount invalid',
 * 'Max total disk size of 1000 GB exceeded') and 'New disk size must be higher than the current
 * one', which needs the server.
 */
export function resizeSchemaFor(currentGb: number) {
  return vmResizeSchema.refine((v) => v.p_disk_gb > currentGb, { error: 'disk_not_higher', path: ['p_disk_gb'] });
}

/**
 * VmReformat's schema for the server named `name`: the contract's, with 'The name typed is not the
 * server's name' checked on the field itself, so that it shows together with the other fields' messages.
 */
export function rebuildSchemaFor(name: string) {
  return vmReformatSchema.safeExtend({
    p_name_confirm: z
      .string({ error: 'name_confirm_empty' })
      .min(1, { error: 'name_confirm_empty' })
      .refine((v) => v.trim() === name, { error: 'name_confirm_mismatch' }),
  });
}
