/**
 * Cloud VMs (issue 4): MyVMs2 and the VM lifecycle calls of spec 2 §7 — VmStart, VmStop,
 * VmReboot, VmReset, VmPowerCycle, VmLockToggle, VmLock, VmRename, VmDelete — plus VmGraphData,
 * and the staff registration of clusters. Seeing and running servers needs menu-see-cloud-servers;
 * deleting one needs vm-settings-delete.
 */
import { vmGraphSchema, vmLockSchema, vmRefSchema, vmRenameSchema, type VmAction } from '@portside/contract/schemas/vms';
import { claim, defineRpc, type RpcDef, type ViewDef } from '../../http/access.js';
import { requireUser } from '../../http/guards.js';
import * as vms from './vms.service.js';
import { target } from '../audit/audit-target.js';

const ref = (b: { p_provisioned_id: number }) => target('server', b.p_provisioned_id);
const seeServers = claim('menu-see-cloud-servers');

export const vmsViews: ViewDef[] = [
  {
    name: 'MyVMs2',
    access: seeServers,
    columns: {
      provisioned_id: 'int',
      name: 'text',
      hostname: 'text',
      vmid: 'int',
      node: 'text',
      cluster: 'text',
      location: 'text',
      location_name: 'text',
      project: 'int',
      project_name: 'text',
      model_name: 'text',
      core_type: 'text',
      cores: 'int',
      ram_gb: 'int',
      disk_gb: 'int',
      ip: 'text',
      ipv6: 'text',
      mac: 'text',
      locked: 'text',
      power_status: 'text',
      state: 'text',
      active_status: 'text',
      last_seen: 'timestamptz',
      bios: 'text',
      boot_order: 'text',
      backups_enabled: 'bool',
      created_at: 'timestamptz',
      age_days: 'int',
      operation: 'text',
      cost_breakdown: 'json',
    },
    source: `SELECT v.provisioned_id::int AS provisioned_id, v.name, v.name AS hostname, v.vmid, v.node, c.name AS cluster,
        c.location_id AS location, l.name AS location_name, v.project_id::int AS project, p.name AS project_name,
        m.code AS model_name, m.core_type, m.cores, m.ram_gb, v.disk_gb, host(v.ipv4) AS ip, host(v.ipv6) AS ipv6, v.mac,
        v.locked, v.power_status, v.state, vm_activity_level(CASE WHEN v.state = 'creating' THEN now() ELSE v.last_seen_at END) AS active_status, v.last_seen_at AS last_seen,
        v.bios, v.boot_order, v.backups_enabled, v.created_at, (current_date - v.created_at::date) AS age_days,
        o.action AS operation,
        vm_cost_breakdown(v.model_id, c.location_id, v.disk_gb, v.backups_enabled, v.snapshots_gb, v.external_ipv4, vo.discount_percent) AS cost_breakdown
      FROM vms v
      JOIN clusters c ON c.id = v.cluster_id
      JOIN hosting_locations l ON l.id = c.location_id
      JOIN vm_models m ON m.id = v.model_id
      JOIN clients cl ON cl.id = v.client_id
      LEFT JOIN vouchers vo ON vo.code = cl.voucher_code AND (vo.valid_to IS NULL OR vo.valid_to >= current_date)
      LEFT JOIN projects p ON p.id = v.project_id
      LEFT JOIN vm_operations o ON o.provisioned_id = v.provisioned_id AND o.status IN ('queued','running')
      WHERE v.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'provisioned_id.asc',
  },
];

/** A power or lock action on one server: the same shape for each. */
function action(name: string, act: VmAction | 'lock-toggle', access = seeServers): RpcDef {
  return defineRpc({
    name,
    access,
    schema: vmRefSchema,
    audit: true,
    auditTarget: ref,
    handler: (ctx, b) => vms.requestAction(ctx, requireUser(ctx), b.p_provisioned_id, act),
  });
}

export const vmsRpcs: RpcDef[] = [
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
    handler: (ctx, b) => vms.requestAction(ctx, requireUser(ctx), b.p_provisioned_id, b.p_lock === 'on' ? 'lock' : 'unlock'),
  }),
  defineRpc({
    name: 'VmRename',
    access: seeServers,
    schema: vmRenameSchema,
    audit: true,
    auditTarget: (b) => [target('server', b.p_provisioned_id), `→ "${b.p_name}"`],
    handler: (ctx, b) => vms.requestAction(ctx, requireUser(ctx), b.p_provisioned_id, 'rename', { name: b.p_name }),
  }),
  defineRpc({
    name: 'VmGraphData',
    access: seeServers,
    schema: vmGraphSchema,
    handler: (ctx, b) => vms.graphData(ctx, requireUser(ctx), b.p_provisioned_id, b.p_range),
  }),
];
