/**
 * The builder's private reads (spec 2 §7 Private GET): NewOrderGetModels, NewOrderGetSystems and
 * GetVMPrices; the free trial's eligibility (MyTrialEligibility); and the account's orders
 * (MyOrders, MyOrderItems) — "Order data by order id" is `MyOrders?id=eq.{id}`, whose first element
 * the web keeps as orderData.
 */
import { claim, customer, type ViewDef } from '../../http/access.js';

/** The account's orders are billing: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

export const orderViews: ViewDef[] = [
  {
    // Filter with location=eq.X&core_type=eq.Y. list_price is the price list's; discount_percent
    // is the account's voucher today, which applies to the base cost only (OrderQuote prices it).
    name: 'NewOrderGetModels',
    access: customer,
    columns: {
      model_id: 'int',
      model: 'text',
      core_type: 'text',
      core_type_name: 'text',
      cores: 'int',
      ram_gb: 'int',
      disk_gb: 'int',
      location: 'text',
      monthly_price_cents: 'int',
      discount_percent: 'int',
    },
    source: `SELECT m.id AS model_id, m.code AS model, m.core_type, ct.name AS core_type_name, m.cores, m.ram_gb, m.disk_gb,
        vp.location_id AS location, vp.monthly_price_cents, account_discount_percent(portside_client()) AS discount_percent
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id JOIN core_types ct ON ct.code = m.core_type`,
    order: 'cores.asc,ram_gb.asc,model_id.asc',
  },
  {
    name: 'NewOrderGetSystems',
    access: customer,
    columns: { id: 'text', name: 'text', os_family: 'text', min_disk_gb: 'int', sort: 'int' },
    source: `SELECT id, name, os_family, min_disk_gb, sort FROM vm_images WHERE active`,
    order: 'sort.asc,id.asc',
  },
  {
    // The price list: every model at every location, with the extras every server may add.
    name: 'GetVMPrices',
    access: customer,
    columns: {
      model_id: 'int',
      model: 'text',
      core_type: 'text',
      cores: 'int',
      ram_gb: 'int',
      disk_gb: 'int',
      location: 'text',
      monthly_price_cents: 'int',
      storage_cents_per_gb: 'int',
      snapshot_cents_per_gb: 'int',
      external_ipv4_cents: 'int',
      backup_percent: 'int',
    },
    source: `SELECT m.id AS model_id, m.code AS model, m.core_type, m.cores, m.ram_gb, m.disk_gb, vp.location_id AS location,
        vp.monthly_price_cents, s.storage_cents_per_gb, s.snapshot_cents_per_gb, s.external_ipv4_cents, s.backup_percent
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id CROSS JOIN vm_price_settings s`,
    order: 'model_id.asc,location.asc',
  },
  {
    // One free trial per account, ever (services_one_trial); a trial order on its way counts too.
    name: 'MyTrialEligibility',
    access: customer,
    columns: { eligible: 'bool' },
    source: `SELECT NOT EXISTS (SELECT 1 FROM services WHERE client_id = portside_client() AND trial_until IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM orders WHERE client_id = portside_client() AND payment_method = 'trial'
                          AND status NOT IN ('failed','cancelled')) AS eligible`,
  },
  {
    name: 'MyOrders',
    access: manageBilling,
    columns: {
      id: 'int',
      status: 'text',
      payment_method: 'text',
      subtotal_cents: 'int',
      vat_percent: 'numeric',
      vat_cents: 'int',
      total_cents: 'int',
      monthly_cents: 'int',
      voucher_code: 'text',
      item_count: 'int',
      created_at: 'timestamptz',
      paid_at: 'timestamptz',
    },
    source: `SELECT o.id, o.status, o.payment_method, o.subtotal_cents, o.vat_percent, o.vat_cents, o.total_cents, o.monthly_cents,
        o.voucher_code, (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS item_count, o.created_at, o.paid_at
      FROM orders o WHERE o.client_id = portside_client()`,
    order: 'id.desc',
  },
  {
    name: 'MyOrderItems',
    access: manageBilling,
    columns: {
      id: 'int',
      order_id: 'int',
      position: 'int',
      offer_id: 'text',
      model: 'text',
      location: 'text',
      image: 'text',
      hostname: 'text',
      disk_gb: 'int',
      backups: 'bool',
      project: 'int',
      monthly_cents: 'int',
      first_charge_cents: 'int',
      trial: 'bool',
      status: 'text',
      provisioned_id: 'int',
      error: 'text',
    },
    source: `SELECT i.id, i.order_id, i.position, i.offer_id, m.code AS model, i.location_id AS location, i.image_id AS image,
        i.hostname, i.disk_gb, i.backups, i.project_id::int AS project, i.monthly_cents, i.first_charge_cents, i.trial, i.status,
        i.provisioned_id::int AS provisioned_id, i.error
      FROM order_items i JOIN vm_models m ON m.id = i.model_id WHERE i.client_id = portside_client()`,
    order: 'order_id.desc,position.asc',
  },
];
