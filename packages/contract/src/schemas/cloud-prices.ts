/**
 * The cloud servers' price lists (issue 18, spec 2 §7 ProductsModels and VmAddons): the models
 * with their monthly price per location, and the four add-ons every server may have. A new price
 * is a dated change (schemas/prices): the list's own value is the price before any change.
 *
 * Item keys (migration 0041):
 * - `vm_model:<model id>:<location id>` — a model's monthly price at a location, whole cents;
 * - `vm_addon:storage` — cents per GB a month of disk beyond the model's;
 * - `vm_addon:snapshots` — cents per GB a month of snapshots;
 * - `vm_addon:ipv4` — cents a month per external IPv4 address;
 * - `vm_addon:backups` — a PERCENT of the model's full monthly price, not cents.
 * Add-on prices are whole numbers: the cost breakdown is integer cents.
 */
import { z } from '../zod';
import { effectiveFromField, priceCentsField } from './prices';
import { dayField } from './view-row';

/** The add-ons of a cloud server, in the order the list shows them. */
export const VM_ADDON_CODES = ['storage', 'snapshots', 'ipv4', 'backups'] as const;
export type VmAddonCode = (typeof VM_ADDON_CODES)[number];

/** What an add-on's value counts: cents per GB, cents per address, or a percent of the model's price. */
export const VM_ADDON_UNITS = {
  storage: 'cents_per_gb',
  snapshots: 'cents_per_gb',
  ipv4: 'cents_per_address',
  backups: 'percent',
} as const;
export type VmAddonUnit = (typeof VM_ADDON_UNITS)[VmAddonCode];

/** The price key of a model at a location. */
export const vmModelItem = (modelId: number, location: string) => `vm_model:${modelId}:${location}`;
/** The price key of an add-on. */
export const vmAddonItem = (code: VmAddonCode) => `vm_addon:${code}`;

/** The largest model accepted (cores, GB of RAM; disk as an order line allows). */
export const VM_MODEL_LIMITS = { cores: 512, ram_gb: 4096, disk_gb: 1000 } as const;

/** A model code says its size: S<cores>R<RAM in GB>, e.g. S4R16 (spec 1 §3). */
export const MODEL_CODE_PATTERN = /^S([1-9][0-9]{0,3})R([1-9][0-9]{0,4})$/;

/** Why `code` cannot name a model of `cores` cores and `ramGb` GB, or null when it can. */
export function modelCodeProblem(code: string, cores: number, ramGb: number): 'model_code_invalid' | null {
  const m = MODEL_CODE_PATTERN.exec(code);
  return m && Number(m[1]) === cores && Number(m[2]) === ramGb ? null : 'model_code_invalid';
}

/** A price of a list as the table shows it: now, and the next change still to come. */
const priceNow = {
  /** The price key (PriceChanges.item). */
  item: z.string(),
  /** The price today (whole cents, or a percent for backups). */
  cents: z.int(),
  /** The next change still to come, and its day; null without one. */
  next_cents: z.int().nullable(),
  next_from: dayField().nullable(),
};

/** One location's price of a model (ProductsModels.prices). */
export const modelLocationPrice = z.object({ location: z.string(), location_name: z.string(), ...priceNow });
export type ModelLocationPrice = z.infer<typeof modelLocationPrice>;

/** One row of GET /api/ProductsModels (staff): a cloud model, its prices per location and how many servers have it. */
export const productsModelRow = z.object({
  id: z.int(),
  code: z.string(),
  core_type: z.string(),
  core_type_name: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  disk_gb: z.int(),
  /** Offered to new orders and upgrades; a retired model stays on the servers that have it. */
  active: z.boolean(),
  /** The servers (not deleted) that have this model. */
  servers: z.int(),
  /** Its price at each location, by the locations' order. */
  prices: z.array(modelLocationPrice),
});
export type ProductsModelRow = z.infer<typeof productsModelRow>;

/** One row of GET /api/VmAddons (staff): an add-on's price now and its next change. */
export const vmAddonRow = z.object({
  code: z.enum(VM_ADDON_CODES),
  unit: z.enum(['cents_per_gb', 'cents_per_address', 'percent']),
  ...priceNow,
});
export type VmAddonRow = z.infer<typeof vmAddonRow>;

const sizeField = (max: number) =>
  z.int({ error: 'model_size_invalid' }).min(1, { error: 'model_size_invalid' }).max(max, { error: 'model_size_invalid' });

/** One location's starting price of a new model. */
export const newModelPrice = z.object({
  location: z.string({ error: 'location_unknown' }).min(1, { error: 'location_unknown' }),
  cents: priceCentsField,
});

/**
 * POST /api/ProductsModels (staff, spec 2 §7 'POST ProductsModels'): a new model with its price
 * at every location (the server checks that each location is named once). The code says the
 * size (S<cores>R<RAM>) and is unique per core type.
 */
export const productsModelCreateSchema = z
  .object({
    p_code: z.string({ error: 'model_code_invalid' }).trim(),
    p_core_type: z.string({ error: 'core_type_unknown' }).min(1, { error: 'core_type_unknown' }),
    p_cores: sizeField(VM_MODEL_LIMITS.cores),
    p_ram_gb: sizeField(VM_MODEL_LIMITS.ram_gb),
    p_disk_gb: sizeField(VM_MODEL_LIMITS.disk_gb),
    p_prices: z.array(newModelPrice, { error: 'model_prices_incomplete' }).min(1, { error: 'model_prices_incomplete' }).max(50),
  })
  .check((ctx) => {
    const v = ctx.value;
    if (modelCodeProblem(v.p_code, v.p_cores, v.p_ram_gb))
      ctx.issues.push({ code: 'custom', message: 'model_code_invalid', path: ['p_code'], input: v.p_code });
    if (new Set(v.p_prices.map((p) => p.location)).size !== v.p_prices.length)
      ctx.issues.push({ code: 'custom', message: 'model_prices_incomplete', path: ['p_prices'], input: v.p_prices });
  });
export type ProductsModelCreate = z.infer<typeof productsModelCreateSchema>;

/**
 * PATCH /api/ProductsModels?id=eq.<n> (staff): either a location's price from a day on
 * (`p_location`, `p_cents`, `p_effective_from`) or retiring/restoring the model (`p_active`),
 * one of the two per call.
 */
export const productsModelPatchSchema = z
  .object({
    p_location: z.string({ error: 'location_unknown' }).min(1, { error: 'location_unknown' }).optional(),
    p_cents: priceCentsField.optional(),
    p_effective_from: effectiveFromField.optional(),
    p_active: z.boolean({ error: 'invalid_data' }).optional(),
    /** The row's id, from the PATCH filter (id=eq.N). */
    p_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  })
  .check((ctx) => {
    const v = ctx.value;
    const price = v.p_location !== undefined || v.p_cents !== undefined || v.p_effective_from !== undefined;
    if (v.p_active !== undefined && price)
      ctx.issues.push({ code: 'custom', message: 'invalid_data', path: ['p_active'], input: v.p_active });
    if (v.p_active !== undefined) return;
    const missing: Array<[keyof typeof v, string]> = [
      ['p_location', 'location_unknown'],
      ['p_cents', 'price_invalid'],
      ['p_effective_from', 'price_date_required'],
    ];
    for (const [key, message] of missing)
      if (v[key] === undefined) ctx.issues.push({ code: 'custom', message, path: [key], input: undefined });
  });
export type ProductsModelPatch = z.infer<typeof productsModelPatchSchema>;

/** The highest backup share accepted, percent of the model's price. */
export const BACKUP_PERCENT_MAX = 100;

/**
 * PATCH /api/VmAddons?code=eq.<code> (staff): an add-on's price from a day on. `p_cents` is whole
 * cents, or for backups a whole percent from 0 to 100 (checked by the server for that code).
 */
export const vmAddonPatchSchema = z
  .object({
    p_cents: priceCentsField,
    p_effective_from: effectiveFromField,
    /** The add-on, from the PATCH filter (code=eq.C). */
    p_code: z.enum(VM_ADDON_CODES, { error: 'invalid_data' }),
  })
  .check((ctx) => {
    const v = ctx.value;
    if (v.p_code === 'backups' && v.p_cents > BACKUP_PERCENT_MAX)
      ctx.issues.push({ code: 'custom', message: 'price_percent_invalid', path: ['p_cents'], input: v.p_cents });
  });
export type VmAddonPatch = z.infer<typeof vmAddonPatchSchema>;
