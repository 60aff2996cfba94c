/**
 * The public offers (spec 2 §7 Public GET): VmsOffers, ServerOffers, FilterOffers and the two
 * products lists. They need no token and run in the system context (reference data only).
 *
 * The products lists: the spec names "a products list (data stored as products, same for VMs)"
 * beside the offers. Portside answers them as `Products` (dedicated-server products, one row per
 * configuration with the locations it is offered at and its lowest price) and `ProductsVms` (VM
 * models, one row per model with its core type, locations and lowest price); the web keeps them
 * in the session state as `products` and `productsVms`. The offers are the same things per location.
 *
 * Then the builder's private reads (spec 2 §7 Private GET): NewOrderGetModels, NewOrderGetSystems
 * and GetVMPrices; the free trial's eligibility (MyTrialEligibility); and the account's orders
 * (MyOrders, MyOrderItems) — "Order data by order id" is `MyOrders?id=eq.{id}`, whose first element
 * the web keeps as orderData. Rows: the contract's schemas/offers and schemas/orders.
 */
import {
  filterOffersRow,
  imageOptionRow,
  modelOptionRow,
  serverOfferRow,
  serverProductRow,
  trialEligibilityRow,
  vmOfferRow,
  vmPriceRow,
  vmProductRow,
} from '@portside/contract/schemas/offers';
import { myOrderItemRow, myOrderRow } from '@portside/contract/schemas/orders';
import { claim, customer, publicAccess } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** The account's orders are billing: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

/**
 * A model's list price today at a location (`vp`, a vm_prices row): the latest dated price change
 * that has started (migration 0041), else the list's own column. Every price the builder shows.
 */
const PRICE_TODAY = `vm_list_price_on(utc_today(), vp.model_id, vp.location_id, vp.monthly_price_cents)`;

/**
 * The cloud-server offers: one per active model and location of the price list, named
 * 'vm-<model id>-<location>' (a model staff retired is not offered). VmsOffers answers these rows, and an order line naming an offer is
 * checked against them (offers.repository isVmOffer), so the id has one definition.
 */
export const VM_OFFERS_SQL = `SELECT 'vm-' || m.id || '-' || l.id AS offer_id, l.id AS location, l.name AS location_name, m.id AS model_id,
        m.code AS model, m.core_type, ct.name AS core_type_name, m.cores, m.ram_gb, m.disk_gb, ${PRICE_TODAY} AS monthly_price_cents
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id AND m.active JOIN core_types ct ON ct.code = m.core_type
      JOIN hosting_locations l ON l.id = vp.location_id`;

/**
 * A dedicated offer's (`o`, server_offers) monthly price today: its dated price (migration 0040)
 * over the list's own column, whole cents. The offers, the cart's lines and new installs read it.
 */
export const DEDICATED_PRICE_NOW = `round(price_on('server_offer:' || o.id, utc_today(), o.monthly_price_cents))::int`;

const publicOfferViews: ViewDef[] = [
  defineView({
    name: 'VmsOffers',
    access: publicAccess,
    system: true,
    row: vmOfferRow,
    source: VM_OFFERS_SQL,
    order: 'monthly_price_cents.asc,model_id.asc,location.asc',
  }),
  defineView({
    name: 'ServerOffers',
    access: publicAccess,
    system: true,
    row: serverOfferRow,
    // The price today: the list's column until a dated change starts (migration 0042's item keys).
    source: `SELECT o.id AS offer_id, o.product, o.name, o.cpu, o.cores, o.ram_gb, o.disks, o.storage_gb, o.location_id AS location,
        l.name AS location_name, ${DEDICATED_PRICE_NOW} AS monthly_price_cents, o.sort
      FROM server_offers o JOIN hosting_locations l ON l.id = o.location_id WHERE o.active`,
    order: 'sort.asc,location.asc',
  }),
  defineView({
    name: 'FilterOffers',
    access: publicAccess,
    system: true,
    row: filterOffersRow,
    source: `SELECT
        (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name, 'country', country, 'country_code', country_code,
                  'electricity_warning', electricity_warning) ORDER BY sort, id), '[]') FROM hosting_locations) AS locations,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('code', code, 'name', name, 'description', description) ORDER BY sort, code), '[]')
           FROM core_types) AS core_types,
        min(m.cores) AS cores_min, max(m.cores) AS cores_max, min(m.ram_gb) AS ram_gb_min, max(m.ram_gb) AS ram_gb_max,
        min(${PRICE_TODAY}) AS price_min_cents, max(${PRICE_TODAY}) AS price_max_cents
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id AND m.active`,
  }),
  defineView({
    name: 'ProductsVms',
    access: publicAccess,
    system: true,
    row: vmProductRow,
    source: `SELECT m.id AS model_id, m.code AS model, m.core_type, ct.name AS core_type_name, ct.sort AS core_type_sort, m.cores,
        m.ram_gb, m.disk_gb, min(${PRICE_TODAY}) AS from_price_cents, array_agg(vp.location_id ORDER BY vp.location_id) AS locations
      FROM vm_models m JOIN core_types ct ON ct.code = m.core_type JOIN vm_prices vp ON vp.model_id = m.id
      WHERE m.active
      GROUP BY m.id, ct.name, ct.sort`,
    order: 'core_type_sort.asc,from_price_cents.asc,model_id.asc',
  }),
  defineView({
    name: 'Products',
    access: publicAccess,
    system: true,
    row: serverProductRow,
    source: `SELECT product, min(name) AS name, min(cpu) AS cpu, min(cores) AS cores, min(ram_gb) AS ram_gb, min(disks) AS disks,
        min(storage_gb) AS storage_gb, min(${DEDICATED_PRICE_NOW}) AS from_price_cents, array_agg(location_id ORDER BY location_id) AS locations,
        min(sort) AS sort
      FROM server_offers o WHERE active GROUP BY product`,
    order: 'sort.asc,product.asc',
  }),
];

const orderViews: ViewDef[] = [
  defineView({
    // Filter with location=eq.X&core_type=eq.Y. list_price is the price list's; discount_percent
    // is the account's voucher today, which applies to the base cost only (OrderQuote prices it).
    name: 'NewOrderGetModels',
    access: customer,
    row: modelOptionRow,
    source: `SELECT m.id AS model_id, m.code AS model, m.core_type, ct.name AS core_type_name, m.cores, m.ram_gb, m.disk_gb,
        vp.location_id AS location, ${PRICE_TODAY} AS monthly_price_cents, account_discount_percent(portside_client()) AS discount_percent
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id AND m.active JOIN core_types ct ON ct.code = m.core_type`,
    order: 'cores.asc,ram_gb.asc,model_id.asc',
  }),
  defineView({
    name: 'NewOrderGetSystems',
    access: customer,
    row: imageOptionRow,
    // Private images only for the provider's own (internal) accounts (spec 1 §6).
    source: `SELECT id, name, os_family, min_disk_gb, sort FROM vm_images
      WHERE active AND (NOT private OR portside_internal_client(portside_client()))`,
    order: 'sort.asc,id.asc',
  }),
  defineView({
    // The price list today: every model at every location (a retired one too: servers that have it
    // read their extras here), with the extras every server may add (migration 0041's add-on keys).
    name: 'GetVMPrices',
    access: customer,
    row: vmPriceRow,
    source: `SELECT m.id AS model_id, m.code AS model, m.core_type, m.cores, m.ram_gb, m.disk_gb, vp.location_id AS location,
        ${PRICE_TODAY} AS monthly_price_cents,
        round(price_on('vm_addon:storage', utc_today(), s.storage_cents_per_gb))::int AS storage_cents_per_gb,
        round(price_on('vm_addon:snapshots', utc_today(), s.snapshot_cents_per_gb))::int AS snapshot_cents_per_gb,
        round(price_on('vm_addon:ipv4', utc_today(), s.external_ipv4_cents))::int AS external_ipv4_cents,
        round(price_on('vm_addon:backups', utc_today(), s.backup_percent))::int AS backup_percent
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id CROSS JOIN vm_price_settings s`,
    order: 'model_id.asc,location.asc',
  }),
  defineView({
    // One free trial per account, ever (services_one_trial); a trial order on its way counts too.
    name: 'MyTrialEligibility',
    access: customer,
    row: trialEligibilityRow,
    source: `SELECT NOT EXISTS (SELECT 1 FROM services WHERE client_id = portside_client() AND trial_until IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM orders WHERE client_id = portside_client() AND payment_method = 'trial'
                          AND status NOT IN ('failed','cancelled')) AS eligible`,
  }),
  defineView({
    name: 'MyOrders',
    access: manageBilling,
    row: myOrderRow,
    source: `SELECT o.id, o.status, o.payment_method, o.subtotal_cents, o.vat_percent, o.vat_cents, o.total_cents, o.monthly_cents,
        o.voucher_code, (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS item_count, o.created_at, o.paid_at
      FROM orders o WHERE o.client_id = portside_client()`,
    order: 'id.desc',
  }),
  defineView({
    name: 'MyOrderItems',
    access: manageBilling,
    row: myOrderItemRow,
    source: `SELECT i.id, i.order_id, i.position, i.offer_id, CASE WHEN i.server_offer_id IS NULL THEN 'vm' ELSE 'dedicated' END AS kind,
        coalesce(m.code, so.name) AS model, i.location_id AS location, i.image_id AS image,
        i.hostname, i.disk_gb, i.backups, i.project_id::int AS project, i.monthly_cents, i.first_charge_cents, i.trial, i.status,
        i.provisioned_id::int AS provisioned_id, i.error, si.serial AS install_serial
      FROM order_items i LEFT JOIN vm_models m ON m.id = i.model_id LEFT JOIN server_offers so ON so.id = i.server_offer_id
        LEFT JOIN server_installs si ON si.order_item_id = i.id
      WHERE i.client_id = portside_client()`,
    order: 'order_id.desc,position.asc',
  }),
];

/** Every read of the offers module: the public lists, then the builder's and the orders'. */
export const offersViews: ViewDef[] = [...publicOfferViews, ...orderViews];
