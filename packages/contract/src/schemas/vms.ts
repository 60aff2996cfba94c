/**
 * Cloud VMs (spec 1 §2 server details, §3 Server, §4 power and lock; spec 2 §7 VM lifecycle calls):
 * the bodies of VmStart, VmStop, VmReboot, VmReset, VmPowerCycle, VmLockToggle, VmLock, VmRename,
 * VmDelete and VmGraphData, and the staff call that registers a cluster. Issue messages are
 * message keys.
 */
import { z } from '../zod';
import type { MessageKey } from '../messages';
import { validateVmName } from '../rules/validators';
import { timestampField } from './view-row';

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
export type VmRenameInput = z.input<typeof vmRenameSchema>;

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
export const VM_ACTIONS = [
  'start',
  'stop',
  'reboot',
  'reset',
  'power-cycle',
  'lock',
  'unlock',
  'rename',
  'delete',
  // Backups, snapshots and ISO images (issue 13).
  'backup-enable',
  'backup-disable',
  'backup-now',
  'backup-protect',
  'backup-unprotect',
  'backup-delete',
  'backup-restore',
  'backup-restore-clone',
  'snapshot-create',
  'snapshot-delete',
  'snapshot-rollback',
  'iso-attach',
  'iso-detach',
  // The server's lifecycle (issue 14).
  'boot-order',
  'bios',
  'tpm-add',
  'tpm-remove',
  'root-password',
  'upgrade',
  'resize',
  'rebuild',
  'assign-ipv4',
  // Network (issue 15): saving the firewall rules as one batch.
  'firewall',
] as const;
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
export const costBreakdownSchema = z.object({
  /** The model's code. */
  model: z.string(),
  /** The model's monthly price at the server's location, before the voucher. */
  list_price: z.int(),
  /** The account's voucher discount on the base cost, percent (0 without one). */
  discount_percent: z.int(),
  /** The list price less the voucher. */
  base_cost: z.int(),
  /** Disk beyond the model's, its price per GB and in total. */
  additional_disk_gb: z.int(),
  additional_disk_cost_per_gb: z.int(),
  additional_disk_cost_total: z.int(),
  /** Backups, when enabled (a share of the model's full price). */
  backup_cost: z.int(),
  /** Snapshot space and its price. */
  snapshots_gb: z.int(),
  snapshots_cost: z.int(),
  /** The server's external IPv4 addresses. */
  external_ip_cost: z.int(),
  /** Everything above: the server's monthly price. */
  total_cost: z.int(),
});
export type CostBreakdown = z.infer<typeof costBreakdownSchema>;

/** The lifecycle states of a server in the portal (deleted ones are not listed). */
export const VM_STATES = ['creating', 'active', 'pending-delete'] as const;
export type VmState = (typeof VM_STATES)[number];

/** The lock as the portal knows it: 'unknown' until the cluster has answered. */
export const VM_LOCK_STATES = ['on', 'off', 'unknown'] as const;
export type VmLockState = (typeof VM_LOCK_STATES)[number];

/** One row of GET /api/MyVMs2: a cloud server of the account (spec 1 §3 Server). */
export const vmRow = z.object({
  /** The server's portal id (the calls' p_provisioned_id). */
  provisioned_id: z.int(),
  /** The server's name: a DNS name, also shown as its hostname. */
  name: z.string(),
  hostname: z.string(),
  /** The hypervisor's VM id, the node and the cluster it runs on. */
  vmid: z.int(),
  node: z.string(),
  cluster: z.string(),
  /** The hosting location's id and name. */
  location: z.string(),
  location_name: z.string(),
  /** The project the server is in (MyProjects.project) and its name; null outside any project. */
  project: z.int().nullable(),
  project_name: z.string().nullable(),
  /** The model's code, core type and size. */
  model_name: z.string(),
  core_type: z.string(),
  cores: z.int(),
  ram_gb: z.int(),
  /** The server's disk (at least the model's). */
  disk_gb: z.int(),
  /** Addresses, once the cluster has given them. */
  ip: z.string().nullable(),
  ipv6: z.string().nullable(),
  mac: z.string().nullable(),
  /** The lock (spec 1 §4 Lock). */
  locked: z.enum(VM_LOCK_STATES),
  /** The power state (rules/server-state SERVER_STATES). */
  power_status: z.string(),
  state: z.enum(VM_STATES),
  /** The activity level of the last contact: OK, WARNING, CRITICAL, DEAD or LOST (rules/server-state). */
  active_status: z.string(),
  /** The last contact with the server, or null when there was none. */
  last_seen: timestampField().nullable(),
  /** Firmware (seabios or ovmf), whether it has a TPM 2.0 state disk, and the boot order (letters c, d, n). */
  bios: z.string(),
  tpm: z.boolean(),
  boot_order: z.string(),
  /** The system image the server was made or last rebuilt from (images.ts VM_IMAGES id). */
  image: z.string(),
  /** The model's id (VmUpgradeGetModels, clone). */
  model_id: z.int(),
  backups_enabled: z.boolean(),
  /** The ISO image in the CD drive (MyIso.id and file name), or null when it is empty. */
  iso_id: z.int().nullable(),
  iso_name: z.string().nullable(),
  created_at: timestampField(),
  /** Whole days since the server was created. */
  age_days: z.int(),
  /** The action of the operation in progress, or null when none runs. */
  operation: z.enum(VM_ACTIONS).nullable(),
  /** The new disk size of a scheduled disk resize (operation 'resize'), GB; null otherwise. */
  resize_to_gb: z.int().nullable(),
  /** Firewall (issue 15): 'block everything else' (inbound policy DROP) as saved. */
  firewall_block_others: z.boolean(),
  /** The revision of the saved rules; AddFirewallRule names the one its draft was made from. */
  firewall_revision: z.int(),
  /** The revision the cluster has; below firewall_revision while a batch is saved or after it failed. */
  firewall_applied_revision: z.int(),
  /** The server's monthly cost today, with the account's voucher; null when its location has no price for the model. */
  cost_breakdown: costBreakdownSchema.nullable(),
});
export type VmRow = z.infer<typeof vmRow>;

/** One row of GET /api/Clusters (staff): a hypervisor cluster, never its secret. */
export const clusterRow = z.object({
  id: z.int(),
  name: z.string(),
  /** The hosting location's id. */
  location: z.string(),
  /** 'proxmox' or 'simulator'. */
  driver: z.string(),
  /** The Proxmox API address and token id (null for a simulated cluster). */
  api_url: z.string().nullable(),
  token_id: z.string().nullable(),
  /** A simulated cluster's nodes (empty for Proxmox). */
  nodes: z.array(z.string()),
  /** The last sync with the cluster and its error, if it failed. */
  last_sync_at: timestampField().nullable(),
  last_sync_error: z.string().nullable(),
  /** Servers on the cluster that are not deleted. */
  vm_count: z.int(),
  created_at: timestampField(),
});
export type ClusterRow = z.infer<typeof clusterRow>;

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
