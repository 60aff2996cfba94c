/**
 * A cloud server's lifecycle calls (issue 14; spec 2 §7 'VM lifecycle'), audited with the server
 * and what changed. Seeing the server (menu-see-cloud-servers) opens the boot order, firmware, TPM,
 * root password and the upgrade's model list; what costs money (upgrade, resize, IPv4, clone) also
 * needs billing-manage (checked in the service); a rebuild erases the server like a deletion and
 * needs vm-settings-delete. VmCreate and PushVmStates are staff calls.
 */
import { vmRefSchema } from '@portside/contract/schemas/vms';
import {
  pushVmStatesSchema,
  vmBiosSchema,
  vmBootOrderSchema,
  vmCloneSchema,
  vmCreateSchema,
  vmReformatSchema,
  vmResizeSchema,
  vmRootPasswordSchema,
  vmTpmSchema,
  vmUpgradeSchema,
} from '@portside/contract/schemas/vm-lifecycle';
import { claim, role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { target } from '../audit/audit-target.js';
import * as svc from './vm-lifecycle.service.js';
import * as staff from './vm-lifecycle.staff.js';

const seeServers = claim('menu-see-cloud-servers');
const server = (b: { p_provisioned_id: number }) => target('server', b.p_provisioned_id);
const orderOf = (r: unknown) => target('order', (r as { order_id?: number } | undefined)?.order_id ?? null);

export const vmLifecycleRpcs: AnyRpc[] = [
  defineRpc({
    name: 'VmBootOrder',
    access: seeServers,
    schema: vmBootOrderSchema,
    audit: true,
    auditTarget: (b) => [server(b), `→ ${b.p_boot_order}${b.p_reboot ? ', reboot' : ''}`],
    handler: (ctx, b) => svc.bootOrder(ctx, b.p_provisioned_id, b.p_boot_order, b.p_reboot === true),
  }),
  defineRpc({
    name: 'VmWindowsBIOSUpdate',
    access: seeServers,
    schema: vmBiosSchema,
    audit: true,
    auditTarget: (b) => [server(b), `→ ${b.p_bios}`],
    handler: (ctx, b) => svc.bios(ctx, b.p_provisioned_id, b.p_bios),
  }),
  defineRpc({
    name: 'VmWindowsTPMUpdate',
    access: seeServers,
    schema: vmTpmSchema,
    audit: true,
    auditTarget: (b) => [server(b), `TPM ${b.p_tpm}`],
    handler: (ctx, b) => svc.tpm(ctx, b.p_provisioned_id, b.p_tpm === 'on'),
  }),
  defineRpc({
    name: 'VmResetRootPassword',
    access: seeServers,
    schema: vmRootPasswordSchema,
    audit: true,
    auditTarget: server,
    handler: (ctx, b) => svc.resetRootPassword(ctx, b.p_provisioned_id, b.p_password),
  }),
  defineRpc({
    name: 'VmUpgradeGetModels',
    access: seeServers,
    schema: vmRefSchema,
    handler: (ctx, b) => svc.upgradeModels(ctx, b.p_provisioned_id),
  }),
  defineRpc({
    name: 'VmUpgrade',
    access: seeServers,
    schema: vmUpgradeSchema,
    audit: true,
    auditTarget: (b) => [server(b), `→ model #${b.p_model_id}`],
    handler: (ctx, b) => svc.upgrade(ctx, b.p_provisioned_id, b.p_model_id),
  }),
  defineRpc({
    name: 'VmResize',
    access: seeServers,
    schema: vmResizeSchema,
    audit: true,
    auditTarget: (b) => [server(b), `→ ${b.p_disk_gb} GB`],
    handler: (ctx, b) => svc.resize(ctx, b.p_provisioned_id, b.p_disk_gb),
  }),
  defineRpc({
    name: 'VmReformat',
    access: claim('vm-settings-delete'),
    schema: vmReformatSchema,
    audit: true,
    auditTarget: (b) => [server(b), `→ ${b.p_image}`],
    handler: (ctx, b) => svc.reformat(ctx, b),
  }),
  defineRpc({
    name: 'VmClone',
    access: seeServers,
    schema: vmCloneSchema,
    audit: true,
    auditTarget: (b, r) => [server(b), `→ "${b.p_name}"`, orderOf(r)],
    handler: (ctx, b) => svc.clone(ctx, b),
  }),
  defineRpc({
    name: 'VmAssignIPv4',
    access: seeServers,
    schema: vmRefSchema,
    audit: true,
    auditTarget: server,
    handler: (ctx, b) => svc.assignIpv4(ctx, b.p_provisioned_id),
  }),
  defineRpc({
    name: 'VmCreate',
    access: role('staff'),
    schema: vmCreateSchema,
    audit: true,
    auditTarget: (b, r) => [target('account', b.p_client_id), `"${b.p_name}"`, orderOf(r)],
    handler: (ctx, b) => staff.staffCreate(ctx, b),
  }),
  defineRpc({
    name: 'PushVmStates',
    access: role('staff'),
    schema: pushVmStatesSchema,
    audit: true,
    auditTarget: (b) => target('cluster', b.p_cluster),
    handler: (ctx, b) => staff.pushVmStates(ctx, b.p_cluster),
  }),
];
