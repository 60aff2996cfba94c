/**
 * Cloud VMs (issue 4): MyVMs2 and the VM lifecycle calls of spec 2 §7 — VmStart, VmStop,
 * VmReboot, VmReset, VmPowerCycle, VmLockToggle, VmLock, VmRename, VmDelete — plus VmGraphData,
 * and the staff registration of clusters. Seeing and running servers needs menu-see-cloud-servers;
 * deleting one needs vm-settings-delete.
 */
import { vmGraphSchema, vmLockSchema, vmRefSchema, vmRenameSchema, type VmAction } from '@portside/contract/schemas/vms';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as vms from './vms.service.js';
import { target } from '../audit/audit-target.js';

const ref = (b: { p_provisioned_id: number }) => target('server', b.p_provisioned_id);
const seeServers = claim('menu-see-cloud-servers');

/** A power or lock action on one server: the same shape for each. */
function action(name: string, act: VmAction | 'lock-toggle', access = seeServers): AnyRpc {
  return defineRpc({
    name,
    access,
    schema: vmRefSchema,
    audit: true,
    auditTarget: ref,
    handler: (ctx, b) => vms.requestAction(ctx, ctx, b.p_provisioned_id, act),
  });
}

export const vmsRpcs: AnyRpc[] = [
  action('VmStart', 'start'),
  action('VmStop', 'stop'),
  action('VmReboot', 'reboot'),
  action('VmReset', 'reset'),
  action('VmPowerCycle', 'power-cycle'),
  action('VmLockToggle', 'lock-toggle'),
  action('VmDelete', 'delete', claim('vm-settings-delete')),
  defineRpc({
    name: 'VmLock',
    access: seeServers,
    schema: vmLockSchema,
    audit: true,
    auditTarget: ref,
    handler: (ctx, b) => vms.requestAction(ctx, ctx, b.p_provisioned_id, b.p_lock === 'on' ? 'lock' : 'unlock'),
  }),
  defineRpc({
    name: 'VmRename',
    access: seeServers,
    schema: vmRenameSchema,
    audit: true,
    auditTarget: (b) => [target('server', b.p_provisioned_id), `→ "${b.p_name}"`],
    handler: (ctx, b) => vms.requestAction(ctx, ctx, b.p_provisioned_id, 'rename', { name: b.p_name }),
  }),
  defineRpc({
    name: 'VmGraphData',
    access: seeServers,
    schema: vmGraphSchema,
    handler: (ctx, b) => vms.graphData(ctx, b.p_provisioned_id, b.p_range),
  }),
];
