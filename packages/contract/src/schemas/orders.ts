/**
 * Ordering cloud servers (issue 5; spec 1 §2 NewOrder and checkout, §4 Cart; spec 2 §7 CreateOrder).
 * The builder's choices for one server are a {@link VmOrderConfig}; a cart line carries one
 * configuration and a quantity. Its offer_id is derived from the location and the configuration
 * ({@link builderOfferId}), so the cart's rule — the same offer_id and location raise that line's
 * quantity — adds an identical server to its line and keeps differently built ones apart.
 * Prices are never taken from the browser: the server prices every line with vm_cost_breakdown.
 */
import { z } from '../zod';
import { validateDedicatedHostname, validateVmName } from '../rules/validators';
import type { CostBreakdown } from './vms';
import { requiredText } from './fields';
import { column, timestampField } from './view-row';

/** How an order is paid: by card, by bank transfer, from the credit balance, or the free trial. */
export const ORDER_PAYMENT_METHODS = ['card', 'bank_transfer', 'balance', 'trial'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** Limits of one order. */
export const ORDER_LIMITS = { lines: 10, quantity: 10, sshKeys: 20, diskGbMax: 1000 } as const;

const positiveId = z.number({ error: 'invalid_data' }).int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/** One server as the builder configures it (the location is the cart line's). */
export const vmOrderConfigSchema = z.object({
  /** vm_models.id: the model (size and core type). */
  model_id: positiveId,
  /** vm_images.id, e.g. 'debian-12'. */
  image: z.string({ error: 'invalid_data' }).regex(/^[a-z0-9][a-z0-9.-]{1,40}$/, { error: 'invalid_data' }),
  /** The disk, GB: at least the model's and the image's minimum, at most 1000. */
  disk_gb: z
    .number({ error: 'invalid_data' })
    .int({ error: 'invalid_data' })
    .min(1, { error: 'invalid_data' })
    .max(ORDER_LIMITS.diskGbMax, { error: 'disk_max_exceeded' }),
  backups: z.boolean({ error: 'invalid_data' }),
  /** The server's name on the cluster; with a quantity above 1 the servers are numbered (web-1, web-2, ...). */
  hostname: requiredText('hostname_empty', 253, validateVmName),
  /** The project; the account's default project when null. */
  project: positiveId.nullable(),
  /** SSH keys (MySSHKeys ids) put on the server by cloud-init. */
  ssh_keys: z.array(positiveId).max(ORDER_LIMITS.sshKeys, { error: 'invalid_data' }),
});
export type VmOrderConfig = z.infer<typeof vmOrderConfigSchema>;

const locationId = z.string({ error: 'invalid_data' }).regex(/^[a-z0-9-]{2,40}$/, { error: 'invalid_data' });
const quantity = z
  .number({ error: 'invalid_data' })
  .int({ error: 'invalid_data' })
  .min(1, { error: 'quantity_invalid' })
  .max(ORDER_LIMITS.quantity, { error: 'quantity_invalid' });

const offerIdField = z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(100, { error: 'invalid_data' });

/**
 * A dedicated server as a cart line orders it (issue 17): the offer (ServerOffers.offer_id) and the
 * hostname (letters, digits and hyphens; numbered -1, -2, ... for a quantity above 1, so at most 60).
 * Its price is the offer's list price; staff install it after the payment (server_installs).
 */
export const dedicatedOrderConfigSchema = z.object({
  offer: positiveId,
  hostname: requiredText('hostname_empty', 60, validateDedicatedHostname),
});
export type DedicatedOrderConfig = z.infer<typeof dedicatedOrderConfigSchema>;

/** A cloud-server cart line as the checkout sends it (kind 'vm', the default). */
export const vmOrderLineSchema = z.object({
  kind: z.literal('vm', { error: 'invalid_data' }).optional(),
  offer_id: offerIdField,
  location: locationId,
  quantity,
  config: vmOrderConfigSchema,
});
export type VmOrderLine = z.infer<typeof vmOrderLineSchema>;

/** A dedicated-server cart line as the checkout sends it; offer_id is {@link dedicatedOfferId} of it. */
export const dedicatedOrderLineSchema = z.object({
  kind: z.literal('dedicated', { error: 'invalid_data' }),
  offer_id: offerIdField,
  location: locationId,
  quantity,
  dedicated: dedicatedOrderConfigSchema,
});
export type DedicatedOrderLine = z.infer<typeof dedicatedOrderLineSchema>;

/** A cart line as the checkout sends it: a cloud server (builder) or a dedicated server (offer). */
export const orderLineSchema = z.discriminatedUnion('kind', [vmOrderLineSchema, dedicatedOrderLineSchema], {
  error: 'invalid_data',
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Whether a cart line orders a dedicated server. */
export function isDedicatedLine(line: OrderLine): line is DedicatedOrderLine {
  return line.kind === 'dedicated';
}

/**
 * The offer_id of a dedicated-server cart line: the same offer and hostname give the same id, so
 * the cart's rule adds a second identical server to its line and keeps other hostnames apart.
 */
export function dedicatedOfferId(offer: number, hostname: string): string {
  return `ds-${offer}-${hostname.trim().toLowerCase()}`;
}

/**
 * Body of POST /api/rpc/CreateOrder. The idempotency key is made once per checkout page: a double
 * submit or a retry after a lost answer gets the same order back instead of a second one.
 */
export const createOrderSchema = z.object({
  p_idempotency_key: z.string({ error: 'invalid_data' }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'invalid_data' }),
  p_items: z.array(orderLineSchema).min(1, { error: 'cart_empty' }).max(ORDER_LIMITS.lines, { error: 'invalid_data' }),
  p_payment_method: z.enum(ORDER_PAYMENT_METHODS, { error: 'invalid_data' }),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/**
 * Body of POST /api/rpc/OrderQuote: the live price of one line — a cloud server's (the builder's
 * p_config) or, with p_kind 'dedicated', a dedicated offer's (p_dedicated). One object (not a
 * union), so the API's description stays one body; the line's own part is checked by kind.
 */
export const orderQuoteSchema = z
  .object({
    p_kind: z.enum(['vm', 'dedicated'], { error: 'invalid_data' }).optional(),
    p_location: locationId,
    p_quantity: quantity,
    p_config: vmOrderConfigSchema.optional(),
    p_dedicated: dedicatedOrderConfigSchema.optional(),
  })
  .check((ctx) => {
    const b = ctx.value;
    const field = b.p_kind === 'dedicated' ? 'p_dedicated' : 'p_config';
    if (b[field] === undefined) ctx.issues.push({ code: 'custom', message: 'invalid_data', path: [field], input: undefined });
  });
export type OrderQuoteInput = z.input<typeof orderQuoteSchema>;

/** OrderQuote's answer, money in cents: what billing will charge for the line. */
export interface OrderQuote {
  /** One cloud server's monthly cost (the cost breakdown billing uses); null for a dedicated offer. */
  breakdown: CostBreakdown | null;
  /** A dedicated offer's name (null for a cloud server). */
  offer_name: string | null;
  /** All servers of the line, per month. */
  monthly_cents: number;
  /** Today to the end of the month, all servers (the order's first charge before VAT). */
  first_charge_cents: number;
  days_charged: number;
  month_days: number;
  /** The account's VAT on the charge, percent, and why none when 0 ('reverse-charge', 'outside-eu'). */
  vat_percent: number;
  vat_note: string | null;
}

/** How the order's payment goes on (the payments driver's answer). */
export interface OrderPayment {
  payment_id: number;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  /** A card payment: the provider's page to send the browser to. */
  redirect_url?: string;
  /** A bank transfer: where and with which reference to pay. */
  bank?: { beneficiary: string; iban: string; bic: string; reference: string; amount_cents: number };
}

/** CreateOrder's answer. */
export interface CreateOrderAnswer {
  order_id: number;
  status: 'awaiting_payment' | 'paid' | 'provisioning' | 'completed' | 'failed' | 'cancelled';
  total_cents: number;
  /** Absent for a trial (nothing to pay). */
  payment: OrderPayment | null;
}

/** A short, stable hash of a text (FNV-1a, 32 bits, hex): not for security, only for ids. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The offer_id of a builder-made cart line: the same location and configuration give the same id. */
export function builderOfferId(location: string, c: VmOrderConfig): string {
  const canonical = JSON.stringify([
    location,
    c.model_id,
    c.image,
    c.disk_gb,
    c.backups,
    c.hostname,
    c.project,
    [...c.ssh_keys].sort((a, b) => a - b),
  ]);
  return `vm-${c.model_id}-${fnv1a(canonical)}`;
}

/** The names of a line's servers: the hostname itself for one, numbered before the first dot for more. */
export function orderHostnames(hostname: string, quantity: number): string[] {
  if (quantity <= 1) return [hostname];
  const dot = hostname.indexOf('.');
  const head = dot === -1 ? hostname : hostname.slice(0, dot);
  const tail = dot === -1 ? '' : hostname.slice(dot);
  return Array.from({ length: quantity }, (_, i) => `${head}-${i + 1}${tail}`);
}

/** Where an order stands. */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'provisioning', 'completed', 'failed', 'cancelled'] as const;

/** One row of GET /api/MyOrders: an order of the account, newest first (the session state's orderData). */
export const myOrderRow = z.object({
  id: z.int(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(ORDER_PAYMENT_METHODS),
  /** The first charge before VAT. */
  subtotal_cents: z.int(),
  /** The VAT rate applied, percent, as a decimal string (PostgreSQL numeric, e.g. '23.00'). */
  vat_percent: column(z.string(), 'numeric'),
  vat_cents: z.int(),
  /** What the order charges now. */
  total_cents: z.int(),
  /** What its servers cost a month from then on. */
  monthly_cents: z.int(),
  /** The voucher the order was priced with, if any. */
  voucher_code: z.string().nullable(),
  /** Servers ordered (lines times quantities). */
  item_count: z.int(),
  created_at: timestampField(),
  /** When it was paid, or null. */
  paid_at: timestampField().nullable(),
});
export type MyOrder = z.infer<typeof myOrderRow>;

/** Where one ordered server stands. */
export const ORDER_ITEM_STATUSES = ['pending', 'provisioning', 'done', 'failed', 'cancelled'] as const;

/** One row of GET /api/MyOrderItems: one server of an order, by order then position. */
export const myOrderItemRow = z.object({
  id: z.int(),
  order_id: z.int(),
  /** Its place in the order (1-based). */
  position: z.int(),
  /** The offer the line named. */
  offer_id: z.string(),
  /** A cloud server ('vm') or a dedicated server ('dedicated'). */
  kind: z.enum(['vm', 'dedicated']),
  /** A cloud server's model code, or the dedicated offer's name; the location's id. */
  model: z.string(),
  location: z.string(),
  /** A cloud server's image and disk (null for a dedicated server). */
  image: z.string().nullable(),
  hostname: z.string(),
  disk_gb: z.int().nullable(),
  backups: z.boolean(),
  /** The project the server goes to, or null for the default. */
  project: z.int().nullable(),
  monthly_cents: z.int(),
  /** Its share of the first charge, before VAT. */
  first_charge_cents: z.int(),
  /** Whether it is the free trial. */
  trial: z.boolean(),
  status: z.enum(ORDER_ITEM_STATUSES),
  /** The server once created (MyVMs2.provisioned_id). */
  provisioned_id: z.int().nullable(),
  /** A dedicated server's install once paid (MyServerInstalls.serial, INST-000001 until racked). */
  install_serial: z.string().nullable(),
  /** Why creating it failed, if it did. */
  error: z.string().nullable(),
});
export type MyOrderItem = z.infer<typeof myOrderItemRow>;
