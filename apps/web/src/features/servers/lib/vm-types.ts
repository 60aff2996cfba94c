/**
 * The shapes of GET /api/MyVMs2 rows and VmGraphData points (the vms module of the server).
 * Money values are integer euro cents per month.
 */

/** The action a VM is busy with, while a background job runs it. */
export type VmOperation = 'start' | 'stop' | 'reboot' | 'reset' | 'power-cycle' | 'lock' | 'unlock' | 'rename' | 'delete';

/** What a VM costs a month, in euro cents (spec 1 §3 cost_breakdown). */
export interface CostBreakdown {
  model: string;
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

/** One cloud server of the account. */
export interface VmRow {
  provisioned_id: number;
  name: string;
  hostname: string | null;
  vmid: number | null;
  node: string | null;
  cluster: string | null;
  location: number | string | null;
  location_name: string | null;
  project: number | null;
  project_name: string | null;
  model_name: string | null;
  core_type: string | null;
  cores: number | null;
  ram_gb: number | null;
  disk_gb: number | null;
  ip: string | null;
  ipv6: string | null;
  mac: string | null;
  locked: 'on' | 'off' | 'unknown' | string | null;
  power_status: string | null;
  state: 'active' | 'pending-delete' | string | null;
  active_status: string | null;
  last_seen: string | null;
  bios: string | null;
  boot_order: string | null;
  backups_enabled: boolean | null;
  created_at: string | null;
  age_days: number | null;
  operation: VmOperation | string | null;
  cost_breakdown: CostBreakdown | null;
}

/** One sample of VmGraphData: unix seconds, CPU 0..1, memory bytes, rates in bytes per second. */
export interface GraphPoint {
  time: number;
  cpu: number | null;
  mem: number | null;
  maxmem: number | null;
  netin: number | null;
  netout: number | null;
  diskread: number | null;
  diskwrite: number | null;
}

/** The graph ranges of spec 2 §9: 1 hour, 1 day, week, month. */
export const GRAPH_RANGES = ['1h', '1d', '1w', '1m'] as const;
export type GraphRange = (typeof GRAPH_RANGES)[number];
