/**
 * The lists of /infrastructure (issue 18; role staff, system scope): the registered BMCs and
 * routers with where they are reached (an address only staff see; migration 0043 lets the app
 * role read it for these views) and their state. Clusters use the existing Clusters view.
 * Rows: the contract's schemas/infra; `search` feeds the one search box.
 */
import { infraBmcRow, infraRouterRow } from '@portside/contract/schemas/infra';
import { role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const BMCS_SQL = `
  SELECT b.id, b.name, b.driver, b.address, b.system_id, b.username, d.location_id AS location, d.serial AS server,
         CASE WHEN d.serial IS NULL THEN NULL ELSE d.bmc_reachable END AS reachable, d.synced_at, b.created_at,
         lower(concat_ws(' ', b.name, b.address, d.serial, d.location_id)) AS search
    FROM bmcs b
    LEFT JOIN LATERAL (SELECT s.serial, s.location_id, s.bmc_reachable, s.synced_at FROM dedicated_servers s
                        WHERE s.bmc_id = b.id ORDER BY s.serial LIMIT 1) d ON true`;

const ROUTERS_SQL = `
  SELECT r.id, r.name, r.location_id AS location, r.driver, r.address, r.username, r.reachable, r.last_error, r.synced_at,
         (SELECT count(*)::int FROM router_subnets s WHERE s.router_id = r.id) AS subnets, r.created_at,
         lower(concat_ws(' ', r.name, r.address, r.location_id)) AS search
    FROM routers r`;

export const infraViews: ViewDef[] = [
  defineView({ name: 'InfraBmcs', access: role('staff'), system: true, row: infraBmcRow, source: BMCS_SQL, order: 'name.asc' }),
  defineView({
    name: 'InfraRouters',
    access: role('staff'),
    system: true,
    row: infraRouterRow,
    source: ROUTERS_SQL,
    order: 'name.asc',
  }),
];
