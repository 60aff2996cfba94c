/**
 * The rows of the offers and the server builder's reads (spec 2 §7 Public GET and Private GET):
 * the public offers and products lists, the builder's models, images and price list, and the free
 * trial's eligibility. Money is integer euro cents a month.
 */
import { z } from '../zod';

/** One row of GET /api/VmsOffers: a cloud-server model at one location. */
export const vmOfferRow = z.object({
  /** 'vm-<model id>-<location>': what an order line names. */
  offer_id: z.string(),
  /** The hosting location's id and name. */
  location: z.string(),
  location_name: z.string(),
  /** The model's id and code. */
  model_id: z.int(),
  model: z.string(),
  /** The core type's code and name. */
  core_type: z.string(),
  core_type_name: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  /** The disk included in the price. */
  disk_gb: z.int(),
  /** The list price at this location. */
  monthly_price_cents: z.int(),
});
export type VmOffer = z.infer<typeof vmOfferRow>;

/** One row of GET /api/ServerOffers: a dedicated-server configuration at one location. */
export const serverOfferRow = z.object({
  offer_id: z.int(),
  /** The configuration's code (Products.product). */
  product: z.string(),
  name: z.string(),
  /** The processor's name. */
  cpu: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  /** The disks, as the offer describes them (e.g. '2 × 1 TB NVMe'). */
  disks: z.string(),
  /** Total storage. */
  storage_gb: z.int(),
  /** The hosting location's id and name. */
  location: z.string(),
  location_name: z.string(),
  monthly_price_cents: z.int(),
  /** Position in the list. */
  sort: z.int(),
});
export type ServerOffer = z.infer<typeof serverOfferRow>;

/** A hosting location as FilterOffers lists it. */
export const filterLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2. */
  country_code: z.string(),
  /** Whether the location's price carries an electricity surcharge notice. */
  electricity_warning: z.boolean(),
});

/** A core type as FilterOffers lists it. */
export const filterCoreTypeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
});

/** The one row of GET /api/FilterOffers: what the offers can be filtered by, and their ranges. */
export const filterOffersRow = z.object({
  locations: z.array(filterLocationSchema),
  core_types: z.array(filterCoreTypeSchema),
  /** The smallest and largest core count, memory and price of the models (null without any). */
  cores_min: z.int().nullable(),
  cores_max: z.int().nullable(),
  ram_gb_min: z.int().nullable(),
  ram_gb_max: z.int().nullable(),
  price_min_cents: z.int().nullable(),
  price_max_cents: z.int().nullable(),
});
export type FilterOffers = z.infer<typeof filterOffersRow>;

/** One row of GET /api/ProductsVms: a VM model with its lowest price (the session state's productsVms). */
export const vmProductRow = z.object({
  model_id: z.int(),
  model: z.string(),
  core_type: z.string(),
  core_type_name: z.string(),
  /** The core type's position, so the list groups by core type. */
  core_type_sort: z.int(),
  cores: z.int(),
  ram_gb: z.int(),
  disk_gb: z.int(),
  /** The lowest price over its locations. */
  from_price_cents: z.int(),
  /** The ids of the locations it is offered at. */
  locations: z.array(z.string()),
});
export type VmProduct = z.infer<typeof vmProductRow>;

/** One row of GET /api/Products: a dedicated-server configuration (the session state's products). */
export const serverProductRow = z.object({
  product: z.string(),
  name: z.string(),
  cpu: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  disks: z.string(),
  storage_gb: z.int(),
  /** The lowest price over its locations. */
  from_price_cents: z.int(),
  /** The ids of the locations it is offered at. */
  locations: z.array(z.string()),
  sort: z.int(),
});
export type ServerProduct = z.infer<typeof serverProductRow>;

/** One row of GET /api/NewOrderGetModels: a model at a location with its list price and the account's voucher. */
export const modelOptionRow = z.object({
  model_id: z.int(),
  model: z.string(),
  core_type: z.string(),
  core_type_name: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  disk_gb: z.int(),
  /** The hosting location's id. */
  location: z.string(),
  /** The price list's price, before the voucher. */
  monthly_price_cents: z.int(),
  /** The account's voucher today (percent, on the base cost only; OrderQuote prices it). */
  discount_percent: z.int(),
});
export type ModelOption = z.infer<typeof modelOptionRow>;

/** What an image installs: Linux or Windows. */
export const OS_FAMILIES = ['linux', 'windows'] as const;

/** One row of GET /api/NewOrderGetSystems: an active system image. */
export const imageOptionRow = z.object({
  /** The image's id (an order line's image). */
  id: z.string(),
  name: z.string(),
  os_family: z.enum(OS_FAMILIES),
  /** The smallest disk it installs on. */
  min_disk_gb: z.int(),
  sort: z.int(),
});
export type ImageOption = z.infer<typeof imageOptionRow>;

/** One row of GET /api/GetVMPrices: a model at a location, with the extras every server may add. */
export const vmPriceRow = z.object({
  model_id: z.int(),
  model: z.string(),
  core_type: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  disk_gb: z.int(),
  location: z.string(),
  monthly_price_cents: z.int(),
  /** Disk beyond the model's, per GB. */
  storage_cents_per_gb: z.int(),
  /** Snapshot space, per GB. */
  snapshot_cents_per_gb: z.int(),
  /** An external IPv4 address. */
  external_ipv4_cents: z.int(),
  /** Backups, as a percentage of the model's price. */
  backup_percent: z.int(),
});
export type VmPrice = z.infer<typeof vmPriceRow>;

/** The one row of GET /api/MyTrialEligibility. */
export const trialEligibilityRow = z.object({
  /** True while the account has had no free trial (one per account, ever; an open trial order counts). */
  eligible: z.boolean(),
});
export type TrialEligibility = z.infer<typeof trialEligibilityRow>;
