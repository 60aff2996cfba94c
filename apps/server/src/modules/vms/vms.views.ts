/**
 * The cloud servers' read (spec 2 §7): GET MyVMs2, the account's servers that are not deleted,
 * with the operation in progress and the cost breakdown. Its row is the contract's vmRow.
 */
import { vmRow } from '@portside/contract/schemas/vms';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const seeServers = claim('menu-see-cloud-servers');

export const vmsViews: ViewDef[] = [
  defineView({
    name: 'MyVMs2',
    access: seeServers,
    row: vmRow,
    source: `SELECT v.provisioned_id::int AS provisioned_id, v.name, v.name AS hostname, v.vmid, v.node, c.name AS cluster,
        c.location_id AS location, l.name AS location_name, v.project_id::int AS project, p.name AS project_name,
        m.code AS model_name, m.core_type, m.cores, m.ram_gb, v.disk_gb, host(v.ipv4) AS ip, host(v.ipv6) AS ipv6, v.mac,
        v.locked, v.power_status, v.state, vm_activity_level(CASE WHEN v.state = 'creating' THEN now() ELSE v.last_seen_at END) AS active_status, v.last_seen_at AS last_seen,
        v.bios, v.tpm, v.boot_order, v.image_id AS image, v.model_id, v.backups_enabled, v.iso_id::int AS iso_id, iso.file_name AS iso_name, v.created_at, (current_date - v.created_at::date) AS age_days,
        o.action AS operation, CASE WHEN o.action = 'resize' THEN (o.params ->> 'disk_gb')::int END AS resize_to_gb,
        v.firewall_block_others, v.firewall_revision, v.firewall_applied_revision,
        cb.cost_breakdown
      FROM vms v
      JOIN clusters c ON c.id = v.cluster_id
      JOIN hosting_locations l ON l.id = c.location_id
      JOIN vm_models m ON m.id = v.model_id
      JOIN clients cl ON cl.id = v.client_id
      LEFT JOIN vouchers vo ON vo.code = cl.voucher_code AND (vo.valid_to IS NULL OR vo.valid_to >= current_date)
      LEFT JOIN projects p ON p.id = v.project_id
      LEFT JOIN iso_images iso ON iso.id = v.iso_id
      LEFT JOIN vm_operations o ON o.provisioned_id = v.provisioned_id AND o.status IN ('queued','running')
      LEFT JOIN LATERAL vm_cost_breakdown_of(v.model_id, c.location_id, v.disk_gb, v.backups_enabled, v.snapshots_gb,
        v.external_ipv4, vo.discount_percent) cb ON true
      WHERE v.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'provisioned_id.asc',
  }),
];
