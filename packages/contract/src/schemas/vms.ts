/**
 * Cloud VMs (spec 1 §2 server details, §3 Server, §4 power and lock; spec 2 §7 VM lifecycle calls):
 * the bodies of VmStart, VmStop, VmReboot, VmReset, VmPowerCycle, VmLockToggle, VmLock, VmRename,
 * VmDelete and VmGraphData, and the staff call that registers a cluster. Issue messages are
 * message keys.
 */
import { z } from 'zod';
import type { MessageKey } from '../messages';
import { validateVmName } from '../rules/validators';

/** A server's portal id (MyVMs2.provisioned_id). */
export const provisionedIdField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/** Body of the calls that name one server. */
export const vmRefSchema = z.object({ p_provisioned_id: provisionedIdField });
export type VmRef = z.infer<typeof vmRefSchema>;

function checked(schema: z.ZodString, rule: (v: string) => MessageKey | null): z.ZodString {
  return schema.check((ctx) => {
    const key = rule(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });
}

/** VmRename: the new name, a DNS name (the hypervisor's rule for VM names). */
export const vmRenameSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_name: checked(z.string({ error: 'hostname_empty' }), validateVmName),
});

/** VmLock: sets the lock on or off (VmLockToggle flips it). */
export const vmLockSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_lock: z.enum(['on', 'off'], { error: 'invalid_data' }),
});

/** The Graphs tab's ranges: 1 hour, 1 day, week, month (spec 2 §9). */
export const GRAPH_RANGES = ['1h', '1d', '1w', '1m'] as const;
export type GraphRange = (typeof GRAPH_RANGES)[number];

/** VmGraphData: one server's metrics over a range. */
export const vmGraphSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_range: z.enum(GRAPH_RANGES, { error: 'invalid_data' }),
});

/** The actions an operation on a server can carry out (MyVMs2.operation while one runs). */
export const VM_ACTIONS = ['start', 'stop', 'reboot', 'reset', 'power-cycle', 'lock', 'unlock', 'rename', 'delete'] as const;
export type VmAction = (typeof VM_ACTIONS)[number];

/**
 * The answer of every VM action: the operation's id and the action it carries out (lock-toggle
 * answers 'lock' or 'unlock'). No `message` field: the web's failure test (spec 2 §8) reads any
 * answer holding `code` or `message` as an error.
 */
export interface VmOperationAnswer {
  operation_id: string;
  action: VmAction;
}

/** One point of VmGraphData. */
export interface VmGraphPoint {
  /** Unix time, seconds. */
  time: number;
  /** CPU use of all cores, 0..1. */
  cpu: number;
  mem: number;
  maxmem: number;
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
}

/** A server's monthly cost, every money value in euro cents (spec 1 §3 cost_breakdown). */
export interface CostBreakdown {
  model: string;
  /** The model's monthly price at the server's location, before the voucher. */
  list_price: number;
  /** The account's voucher discount on the base cost, percent (0 without one). */
  discount_percent: number;
  /** The list price less the voucher. */
  base_cost: number;
  additional_disk_gb: number;
  additional_disk_cost_per_gb: number;
  additional_disk_cost_total: number;
  backup_cost: number;
  snapshots_gb: number;
  snapshots_cost: number;
  external_ip_cost: number;
  total_cost: number;
}

/** Staff: RegisterCluster — a Proxmox VE cluster reached with an API token, or a simulated one on named nodes. */
export const registerClusterSchema = z
  .object({
    p_driver: z.enum(['proxmox', 'simulator'], { error: 'invalid_data' }),
    p_name: z.string({ error: 'invalid_data' }).regex(/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/, { error: 'invalid_data' }),
    p_location: z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }),
    p_api_url: z.url({ protocol: /^https?$/, error: 'invalid_data' }).optional(),
    p_token_id: z
      .string()
      .regex(/^[^!@\s]+@[^!\s]+![A-Za-z][A-Za-z0-9._-]*$/, { error: 'invalid_data' })
      .optional(),
    p_secret: z.string().min(1, { error: 'invalid_data' }).max(200, { error: 'invalid_data' }).optional(),
    p_ca_pem: z.string().max(20_000, { error: 'invalid_data' }).optional(),
    p_nodes: z
      .array(z.string().regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, { error: 'invalid_data' }))
      .min(1, { error: 'invalid_data' })
      .max(64)
      .optional(),
  })
  .check((ctx) => {
    const v = ctx.value;
    const need = (field: keyof typeof v) => {
      if (v[field] === undefined) ctx.issues.push({ code: 'custom', message: 'invalid_data', path: [field], input: v });
    };
    if (v.p_driver === 'proxmox') (['p_api_url', 'p_token_id', 'p_secret'] as const).forEach(need);
    else need('p_nodes');
  });
export type RegisterCluster = z.infer<typeof registerClusterSchema>;
