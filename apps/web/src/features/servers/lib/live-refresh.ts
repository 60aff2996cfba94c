/**
 * The fallback that keeps VM lists right without live messages: while any shown VM has an
 * operation in progress or is being created, its query is read again every 2 s.
 */
import type { VmRow } from '@portside/contract/schemas/vms';

/** How often a list with an operation in progress is read again. */
export const BUSY_REFETCH_MS = 2_000;

/** The refetch interval for the VMs a query holds: 2 s while one is busy, otherwise none. */
export function liveRefetchInterval(vms: readonly Pick<VmRow, 'operation' | 'state'>[] | null | undefined): number | false {
  return vms?.some((v) => v.operation != null || v.state === 'creating') ? BUSY_REFETCH_MS : false;
}
