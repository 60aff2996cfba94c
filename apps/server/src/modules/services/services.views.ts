/**
 * My services' reads (spec 2 §7): GET MyServices and ServiceCatalogue, for menu-see-my-services.
 * Rows: the contract's myServiceRow and serviceProductRow.
 */
import { myServiceRow, serviceProductRow } from '@portside/contract/schemas/services';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const seeServices = claim('menu-see-my-services');

/** The status a service has today (MyServices.status). */
const STATUS_SQL = `CASE WHEN s.end_date < utc_today() THEN 'ended' WHEN s.end_date IS NOT NULL THEN 'cancelling'
  WHEN s.trial_until >= utc_today() THEN 'trial' ELSE 'active' END`;

/**
 * GET /api/MyServices. A cloud server's monthly price is its cost breakdown today (the one pricing
 * function, with the account's voucher); other services keep the price they were added with.
 */
const MY_SERVICES_SQL = `SELECT s.equipment_id, s.parent_equipment_id, s.client_id AS client,
    coalesce(nullif(btrim(cl.company_name), ''), btrim(cl.first_name || ' ' || cl.last_name)) AS client_name,
    s.category, s.description, s.description_key, s.description_params, s.product_code,
    s.provisioned_id, v.name AS server_name, s.start_date, s.end_date, s.min_cancel_date,
    greatest(s.min_cancel_date, utc_today()) AS earliest_end_date, s.contract_months,
    coalesce((cb.cost_breakdown ->> 'total_cost')::int, s.monthly_cents) AS monthly_cents,
    s.comment, s.trial_until, ${STATUS_SQL} AS status, s.created_at
  FROM services s
  JOIN clients cl ON cl.id = s.client_id
  LEFT JOIN vms v ON v.provisioned_id = s.provisioned_id AND v.state <> 'deleted'
  LEFT JOIN clusters c ON c.id = v.cluster_id
  LEFT JOIN LATERAL vm_cost_breakdown_of(v.model_id, c.location_id, v.disk_gb, v.backups_enabled, v.snapshots_gb,
    v.external_ipv4, account_discount_percent(s.client_id)) cb ON true
  WHERE s.client_id = portside_client()`;

/** GET /api/ServiceCatalogue: what AddClientService offers. */
const SERVICE_CATALOGUE_SQL = `SELECT code, category, name, monthly_cents, contract_months, needs_parent, sort
  FROM service_products WHERE active`;

export const servicesViews: ViewDef[] = [
  defineView({
    name: 'MyServices',
    access: seeServices,
    row: myServiceRow,
    source: MY_SERVICES_SQL,
    order: 'equipment_id.asc',
  }),
  defineView({
    name: 'ServiceCatalogue',
    access: seeServices,
    row: serviceProductRow,
    source: SERVICE_CATALOGUE_SQL,
    order: 'sort.asc,code.asc',
  }),
];
