/**
 * The public offers (spec 2 §7 Public GET): VmsOffers, ServerOffers, FilterOffers and the two
 * products lists. They need no token and run in the system context (reference data only).
 *
 * The products lists: the spec names "a products list (data stored as products, same for VMs)"
 * beside the offers. Portside answers them as `Products` (dedicated-server products, one row per
 * configuration with the locations it is offered at and its lowest price) and `ProductsVms` (VM
 * models, one row per model with its core type, locations and lowest price); the web keeps them
 * in the session state as `products` and `productsVms`. The offers are the same things per location.
 */
import { publicAccess, type ViewDef } from '../../http/access.js';

/**
 * The cloud-server offers: one per model and location of the price list, named
 * 'vm-<model id>-<location>'. VmsOffers answers these rows, and an order line naming an offer is
 * checked against them (offers.repository isVmOffer), so the id has one definition.
 */
export const VM_OFFERS_SQL = `SELECT 'vm-' || m.id || '-' || l.id AS offer_id, l.id AS location, l.name AS location_name, m.id AS model_id,
        m.code AS model, m.core_type, ct.name AS core_type_name, m.cores, m.ram_gb, m.disk_gb, vp.monthly_price_cents
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id JOIN core_types ct ON ct.code = m.core_type
      JOIN hosting_locations l ON l.id = vp.location_id`;

export const offersViews: ViewDef[] = [
  {
    name: 'VmsOffers',
    access: publicAccess,
    system: true,
    columns: {
      offer_id: 'text',
      location: 'text',
      location_name: 'text',
      model_id: 'int',
      model: 'text',
      core_type: 'text',
      core_type_name: 'text',
      cores: 'int',
      ram_gb: 'int',
      disk_gb: 'int',
      monthly_price_cents: 'int',
    },
    source: VM_OFFERS_SQL,
    order: 'monthly_price_cents.asc,model_id.asc,location.asc',
  },
  {
    name: 'ServerOffers',
    access: publicAccess,
    system: true,
    columns: {
      offer_id: 'int',
      product: 'text',
      name: 'text',
      cpu: 'text',
      cores: 'int',
      ram_gb: 'int',
      disks: 'text',
      storage_gb: 'int',
      location: 'text',
      location_name: 'text',
      monthly_price_cents: 'int',
      sort: 'int',
    },
    source: `SELECT o.id AS offer_id, o.product, o.name, o.cpu, o.cores, o.ram_gb, o.disks, o.storage_gb, o.location_id AS location,
        l.name AS location_name, o.monthly_price_cents, o.sort
      FROM server_offers o JOIN hosting_locations l ON l.id = o.location_id WHERE o.active`,
    order: 'sort.asc,location.asc',
  },
  {
    name: 'FilterOffers',
    access: publicAccess,
    system: true,
    columns: {
      locations: 'json',
      core_types: 'json',
      cores_min: 'int',
      cores_max: 'int',
      ram_gb_min: 'int',
      ram_gb_max: 'int',
      price_min_cents: 'int',
      price_max_cents: 'int',
    },
    source: `SELECT
        (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name, 'country', country, 'country_code', country_code,
                  'electricity_warning', electricity_warning) ORDER BY sort, id), '[]') FROM hosting_locations) AS locations,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('code', code, 'name', name, 'description', description) ORDER BY sort, code), '[]')
           FROM core_types) AS core_types,
        min(m.cores) AS cores_min, max(m.cores) AS cores_max, min(m.ram_gb) AS ram_gb_min, max(m.ram_gb) AS ram_gb_max,
        min(vp.monthly_price_cents) AS price_min_cents, max(vp.monthly_price_cents) AS price_max_cents
      FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id`,
  },
  {
    name: 'ProductsVms',
    access: publicAccess,
    system: true,
    columns: {
      model_id: 'int',
      model: 'text',
      core_type: 'text',
      core_type_name: 'text',
      core_type_sort: 'int',
      cores: 'int',
      ram_gb: 'int',
      disk_gb: 'int',
      from_price_cents: 'int',
      locations: 'text[]',
    },
    source: `SELECT m.id AS model_id, m.code AS model, m.core_type, ct.name AS core_type_name, ct.sort AS core_type_sort, m.cores,
        m.ram_gb, m.disk_gb, min(vp.monthly_price_cents) AS from_price_cents, array_agg(vp.location_id ORDER BY vp.location_id) AS locations
      FROM vm_models m JOIN core_types ct ON ct.code = m.core_type JOIN vm_prices vp ON vp.model_id = m.id
      GROUP BY m.id, ct.name, ct.sort`,
    order: 'core_type_sort.asc,from_price_cents.asc,model_id.asc',
  },
  {
    name: 'Products',
    access: publicAccess,
    system: true,
    columns: {
      product: 'text',
      name: 'text',
      cpu: 'text',
      cores: 'int',
      ram_gb: 'int',
      disks: 'text',
      storage_gb: 'int',
      from_price_cents: 'int',
      locations: 'text[]',
      sort: 'int',
    },
    source: `SELECT product, min(name) AS name, min(cpu) AS cpu, min(cores) AS cores, min(ram_gb) AS ram_gb, min(disks) AS disks,
        min(storage_gb) AS storage_gb, min(monthly_price_cents) AS from_price_cents, array_agg(location_id ORDER BY location_id) AS locations,
        min(sort) AS sort
      FROM server_offers WHERE active GROUP BY product`,
    order: 'sort.asc,product.asc',
  },
];
