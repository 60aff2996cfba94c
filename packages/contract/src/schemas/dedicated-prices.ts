/**
 * The dedicated-server price lists (issue 18, migration 0042): the offers' prices
 * (ServersPricelist), the disk and RAM part prices (ServersDisksPricelist) and the reference lists
 * the offers are built from (ServersCPUFamilies, ServersModels, ServersDiskTypes, ServerDiskSets).
 * All staff's. Prices are dated (schemas/prices): a PATCH sets a new price from a day on.
 *
 * Item keys: 'server_offer:<id>' (the offer's monthly price, whole cents), 'disk_type:<SSD|NVMe|HDD>'
 * (cents per TB a month) and 'ram:gb' (cents per GB a month). A rented server keeps its contract
 * price: a new list price applies to new orders and to parts first seen from its day on.
 */
import { z } from '../zod';
import { requiredText } from './fields';
import { effectiveFromField, priceCentsField, unitPriceCentsField } from './prices';
import { column, dayField } from './view-row';

/** The media types a BMC reports and disks are priced by. */
export const DISK_KINDS = ['NVMe', 'SSD', 'HDD'] as const;
export type DiskKind = (typeof DISK_KINDS)[number];
/** The rows of ServersDisksPricelist: RAM, then each disk type. */
export const PART_KINDS = ['ram', ...DISK_KINDS] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** The item key of an offer's monthly price. */
export const serverOfferItem = (id: number) => `server_offer:${id}`;
/** The item key of a part price row: 'ram:gb' for RAM, 'disk_type:<kind>' for a disk type. */
export const partItem = (kind: PartKind) => (kind === 'ram' ? 'ram:gb' : `disk_type:${kind}`);

/** A dated price's next scheduled change (both null when none is to come). */
const nextChange = {
  /** The first change still to come: its price and the day it starts. */
  next_cents: column(z.string(), 'numeric').nullable(),
  next_from: dayField().nullable(),
};

/** One row of GET /api/ServersPricelist: a dedicated offer at one location with its price now and next. */
export const serversPricelistRow = z.object({
  id: z.int(),
  /** The configuration's code (shared by its locations). */
  product: z.string(),
  name: z.string(),
  cpu_family_id: z.int().nullable(),
  /** The processor's name as the public offers print it. */
  cpu: z.string(),
  cores: z.int(),
  model_id: z.int().nullable(),
  /** The chassis ('Dell PowerEdge R250'), null when none is linked. */
  model: z.string().nullable(),
  ram_gb: z.int(),
  disk_set_id: z.int().nullable(),
  /** The disks as the public offers print them ('2 × 960 GB NVMe'). */
  disks: z.string(),
  location: z.string(),
  location_name: z.string(),
  /** The price list's own column: the price before any dated change. */
  base_cents: z.int(),
  /** The monthly price today (price_on), as a decimal string. */
  cents: column(z.string(), 'numeric'),
  ...nextChange,
  active: z.boolean(),
  sort: z.int(),
  /** Servers ordered or installed from this offer (they keep their contract price). */
  rented: z.int(),
  /** Product, name, processor, chassis and disks in lower case: what the search matches. */
  search: z.string(),
});
export type ServersPricelistRow = z.infer<typeof serversPricelistRow>;

/** One row of GET /api/ServersDisksPricelist: RAM per GB or a disk type per TB, a month. */
export const serversDisksPricelistRow = z.object({
  kind: z.enum(PART_KINDS),
  item: z.string(),
  /** 'gb' for RAM, 'tb' for disks. */
  unit: z.enum(['gb', 'tb']),
  /** The disk type's interface (null for RAM). */
  interface: z.string().nullable(),
  base_cents: column(z.string(), 'numeric'),
  cents: column(z.string(), 'numeric'),
  ...nextChange,
  /** Installed parts of this kind (priced when first seen; not repriced). */
  parts: z.int(),
  /** Position in the list: RAM first, then the disk types. */
  sort: z.int(),
});
export type ServersDisksPricelistRow = z.infer<typeof serversDisksPricelistRow>;

/** One row of GET /api/ServersCPUFamilies. */
export const serverCpuFamilyRow = z.object({
  id: z.int(),
  name: z.string(),
  vendor: z.string(),
  cores: z.int().nullable(),
  threads: z.int().nullable(),
  generation: z.string().nullable(),
  /** Offers built with it. */
  offers: z.int(),
});
export type ServerCpuFamily = z.infer<typeof serverCpuFamilyRow>;

/** One row of GET /api/ServersModels: a chassis. */
export const serverModelRow = z.object({
  id: z.int(),
  vendor: z.string(),
  name: z.string(),
  form_factor: z.string().nullable(),
  drive_bays: z.int().nullable(),
  max_ram_gb: z.int().nullable(),
  offers: z.int(),
  /** Dedicated servers of this model. */
  servers: z.int(),
});
export type ServerModel = z.infer<typeof serverModelRow>;

/** One row of GET /api/ServersDiskTypes. */
export const serverDiskTypeRow = z.object({
  kind: z.enum(DISK_KINDS),
  interface: z.string(),
  sort: z.int(),
  /** Installed disks of this type. */
  disks: z.int(),
});
export type ServerDiskType = z.infer<typeof serverDiskTypeRow>;

/** A part of a disk set: count × size × type. */
export const diskSetPartSchema = z.object({ count: z.int(), size_gb: z.int(), kind: z.enum(DISK_KINDS) });

/** One row of GET /api/ServerDiskSets: a named disk configuration. */
export const serverDiskSetRow = z.object({
  id: z.int(),
  name: z.string(),
  parts: z.array(diskSetPartSchema),
  total_gb: z.int(),
  offers: z.int(),
});
export type ServerDiskSet = z.infer<typeof serverDiskSetRow>;

/**
 * PATCH /api/ServersPricelist?id=eq.<n>: a new monthly price from a day on (p_cents with
 * p_effective_from, both or neither), and/or the offer's name, position or whether it is offered.
 */
export const updateServersPricelistSchema = z
  .object({
    p_cents: priceCentsField.optional(),
    p_effective_from: effectiveFromField.optional(),
    p_active: z.boolean({ error: 'invalid_data' }).optional(),
    p_name: requiredText('offer_name_empty', 100).optional(),
    p_sort: z.int({ error: 'invalid_data' }).min(0, { error: 'invalid_data' }).max(10_000, { error: 'invalid_data' }).optional(),
    /** The offer (server_offers.id), from the PATCH filter id=eq.<n>: last, after the body's fields. */
    p_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  })
  .check((ctx) => {
    const b = ctx.value;
    if ((b.p_cents === undefined) !== (b.p_effective_from === undefined)) {
      const path = b.p_cents === undefined ? 'p_cents' : 'p_effective_from';
      ctx.issues.push({ code: 'custom', message: 'price_change_incomplete', path: [path], input: b });
    }
    if ([b.p_cents, b.p_active, b.p_name, b.p_sort].every((v) => v === undefined))
      ctx.issues.push({ code: 'custom', message: 'price_list_nothing_to_change', path: ['p_id'], input: b });
  });
export type UpdateServersPricelistBody = z.infer<typeof updateServersPricelistSchema>;

/** PATCH /api/ServersDisksPricelist?kind=eq.<kind>: a new part price (cents per GB or TB) from a day on. */
export const updateServersDisksPricelistSchema = z.object({
  p_cents: unitPriceCentsField,
  p_effective_from: effectiveFromField,
  /** 'ram' or a disk type, from the PATCH filter kind=eq.<kind>: last, after the body's fields. */
  p_kind: z.enum(PART_KINDS, { error: 'invalid_data' }),
});
export type UpdateServersDisksPricelistBody = z.infer<typeof updateServersDisksPricelistSchema>;

/** A positive id of a reference list's row. */
const refId = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/**
 * POST /api/rpc/ServersPricelistCreate: a new dedicated offer at a location, built from the
 * reference lists (its processor's cores unless `p_cores` says otherwise, its disk set's text and
 * total size), at a monthly price from today on. The text the public offers print is derived.
 */
export const serversPricelistCreateSchema = z.object({
  p_name: requiredText('offer_name_empty', 100),
  /** The configuration's code, shared by its locations ('ds-e2388'). */
  p_product: z.string({ error: 'invalid_data' }).regex(/^[a-z0-9][a-z0-9-]{1,40}$/, { error: 'invalid_data' }),
  p_location: z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(40, { error: 'invalid_data' }),
  p_cpu_family: refId,
  p_cores: z.int({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(1024, { error: 'invalid_data' }).optional(),
  p_model: refId.optional(),
  p_disk_set: refId,
  p_ram_gb: z.int({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(65_536, { error: 'invalid_data' }),
  p_cents: priceCentsField,
  p_sort: z.int({ error: 'invalid_data' }).min(0, { error: 'invalid_data' }).max(10_000, { error: 'invalid_data' }).optional(),
});
export type ServersPricelistCreateBody = z.infer<typeof serversPricelistCreateSchema>;
