/**
 * A row of GET /api/MyVMs2 (the vms module of the server). The cost breakdown and the action
 * names come from the contract; money values are integer euro cents per month.
 */
import type { CostBreakdown } from '@portside/contract/schemas/vms';

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
  /** 'on', 'off' or 'unknown' (more may come from the driver). */
  locked: string | null;
  power_status: string | null;
  /** 'creating', 'active' or 'pending-delete'. */
  state: string | null;
  active_status: string | null;
  last_seen: string | null;
  bios: string | null;
  boot_order: string | null;
  backups_enabled: boolean | null;
  created_at: string | null;
  age_days: number | null;
  /** The action in progress, or null. */
  operation: string | null;
  cost_breakdown: CostBreakdown | null;
}
