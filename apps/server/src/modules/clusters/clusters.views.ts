/** GET /api/Clusters (staff): the hypervisor clusters, never a secret. Row: the contract's clusterRow. */
import { clusterRow } from '@portside/contract/schemas/vms';
import { role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

export const clustersViews: ViewDef[] = [
  defineView({
    name: 'Clusters',
    access: role('staff'),
    system: true,
    row: clusterRow,
    source: `SELECT c.id, c.name, c.location_id AS location, c.driver, c.api_url, c.token_id, c.sim_nodes AS nodes,
        c.last_sync_at, c.last_sync_error,
        (SELECT count(*)::int FROM vms v WHERE v.cluster_id = c.id AND v.state <> 'deleted') AS vm_count, c.created_at
      FROM clusters c`,
    order: 'id.asc',
  }),
];
