/**
 * Proxmox VE's rules for backups, snapshots and ISO images that both hypervisor drivers check
 * before they ask (simulator-data.ts, proxmox-data.ts), in Proxmox's words.
 */
import { HypervisorError } from './hypervisor.js';

/** Proxmox's `pve-configid` rule for snapshot names (a letter, then letters, digits, - and _), and their longest length. */
const SNAPNAME = /^[A-Za-z][A-Za-z0-9_-]+$/;
const SNAPNAME_MAX = 40;
/** The file names Proxmox's upload takes as ISO images (`.iso` or `.img`), without characters it would rewrite. */
const ISO_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]*\.(iso|img)$/i;

/** Refuses a snapshot name Proxmox would refuse (400 on the name, 500 for the reserved 'current'). */
export function checkSnapshotName(name: string): void {
  if (typeof name !== 'string' || !SNAPNAME.test(name))
    throw new HypervisorError('BAD_PARAMETER', `snapname: invalid format - invalid configuration ID '${String(name)}'`);
  if (name.length > SNAPNAME_MAX)
    throw new HypervisorError('BAD_PARAMETER', `snapname: value may only be ${SNAPNAME_MAX} characters long`);
  if (name === 'current') throw new HypervisorError('BAD_PARAMETER', "unable to use snapshot name 'current' (reserved name)");
}

/** Refuses an ISO file name Proxmox's upload would refuse, and a size that is no byte count. */
export function checkIsoName(filename: string, sizeBytes: number): void {
  if (typeof filename !== 'string' || !ISO_NAME.test(filename) || filename.length > 255)
    throw new HypervisorError('BAD_PARAMETER', 'filename: wrong file extension');
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0)
    throw new HypervisorError('BAD_PARAMETER', `size: ${String(sizeBytes)} is not a byte count`);
}

/** The refusal of an upload whose stream did not have the announced length. */
export const shortUpload = (filename: string, got: number, sizeBytes: number) =>
  new HypervisorError('BAD_PARAMETER', `upload of '${filename}' got ${got} bytes where ${sizeBytes} were announced`);

/** The boot order with `first` in front (added when missing) and the others in their order. */
export function bootFirst(order: readonly string[], first: string): string[] {
  return [first, ...order.filter((d) => d !== first)];
}

/** Snapshots (sorted by time) each after its parent, so those taken in the same second keep their line. */
export function chainOrder<T extends { name: string; parent: string | null }>(rows: readonly T[]): T[] {
  const names = new Set(rows.map((s) => s.name));
  const out: T[] = [];
  const visit = (parent: string | null) => {
    for (const s of rows)
      if ((parent === null ? s.parent === null || !names.has(s.parent) : s.parent === parent) && !out.includes(s)) {
        out.push(s);
        visit(s.name);
      }
  };
  visit(null);
  return out.length === rows.length ? out : [...out, ...rows.filter((s) => !out.includes(s))];
}
