/**
 * Proxmox VE's rules for a cloud server's lifecycle (issue 14) that both hypervisor drivers check
 * before they ask (simulator-lifecycle.ts, proxmox-lifecycle.ts), in Proxmox's words where it has
 * them, and the reading of cloud-init's `ipconfig0` back into addresses.
 */
import { isIP } from 'node:net';
import { LIMITS } from '@portside/contract/constants';
import { MAX_CORES, MAX_MEMORY_MB, MIN_MEMORY_MB, networkErrors } from './create-spec.js';
import { HypervisorError, VM_NAME_PATTERN, type BootDevice, type VmAddress, type VmNetwork } from './hypervisor.js';

/** The shortest and longest password Proxmox's `agent/set-user-password` takes (its schema). */
export const GUEST_PASSWORD_MIN = 5;
export const GUEST_PASSWORD_MAX = 1024;

const BOOT_DEVICES: readonly BootDevice[] = ['d', 'c', 'n'];

const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Refuses a boot order that does not hold each of d, c and n exactly once. */
export function checkBootOrder(order: readonly BootDevice[]): void {
  const ok =
    Array.isArray(order) &&
    order.length === BOOT_DEVICES.length &&
    BOOT_DEVICES.every((d) => order.filter((x) => x === d).length === 1);
  if (!ok) {
    const shown = Array.isArray(order) ? order.map((x) => String(x)).join('') : String(order);
    throw new HypervisorError('BAD_PARAMETER', `boot: the order must name each of d, c and n once (got '${shown}')`);
  }
}

/** Refuses a firmware other than SeaBIOS and OVMF. */
export function checkBios(bios: string): void {
  if (bios !== 'seabios' && bios !== 'ovmf')
    throw new HypervisorError(
      'BAD_PARAMETER',
      `bios: value '${String(bios)}' does not have a value in the enumeration 'seabios, ovmf'`,
    );
}

/**
 * Refuses a guest user name that is no plain account name and a password outside Proxmox's
 * bounds; the password is never quoted.
 */
export function checkGuestPassword(user: string, password: string): void {
  if (typeof user !== 'string' || !/^[A-Za-z_][A-Za-z0-9_.-]{0,63}\$?$/.test(user))
    throw new HypervisorError('BAD_PARAMETER', 'username: invalid user name');
  if (typeof password !== 'string' || password.length < GUEST_PASSWORD_MIN)
    throw new HypervisorError('BAD_PARAMETER', `password: value must be at least ${GUEST_PASSWORD_MIN} characters long`);
  if (password.length > GUEST_PASSWORD_MAX)
    throw new HypervisorError('BAD_PARAMETER', `password: value may only be ${GUEST_PASSWORD_MAX} characters long`);
}

/** Refuses cores and memory outside the bounds a VM may have. */
export function checkHardware(cores: number, memoryMb: number): void {
  const errors: string[] = [];
  if (!whole(cores, 1, MAX_CORES)) errors.push(`cores: must be a whole number from 1 to ${MAX_CORES}`);
  if (!whole(memoryMb, MIN_MEMORY_MB, MAX_MEMORY_MB))
    errors.push(`memory: must be a whole number of MiB from ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB}`);
  if (errors.length) throw new HypervisorError('BAD_PARAMETER', errors.join('; '));
}

/** Refuses a disk size that is no whole number of GB the portal allows. */
export function checkDiskGb(diskGb: number): void {
  if (!whole(diskGb, 1, LIMITS.maxDiskGb))
    throw new HypervisorError('BAD_PARAMETER', `size: must be a whole number of GB from 1 to ${LIMITS.maxDiskGb}`);
}

/** Refuses a copy's vmid or name as Proxmox's clone would (a copy onto its own source included). */
export function checkClone(vmid: number, newVmid: number, name: string): void {
  if (!whole(newVmid, 100, 999_999_999))
    throw new HypervisorError('BAD_PARAMETER', 'newid: value must have a minimum value of 100');
  if (newVmid === vmid) throw new HypervisorError('BAD_PARAMETER', `unable to create VM ${newVmid}: config file already exists`);
  if (typeof name !== 'string' || !VM_NAME_PATTERN.test(name))
    throw new HypervisorError('BAD_PARAMETER', 'name: invalid format - value does not look like a valid DNS name');
}

/** Refuses addresses that are not of their family, prefixes out of range, a missing IPv6 address. */
export function checkNetwork(network: VmNetwork): void {
  if (typeof network !== 'object' || network === null)
    throw new HypervisorError('BAD_PARAMETER', 'ipconfig0: an IPv6 address is required');
  const errors = networkErrors(network);
  if (errors.length) throw new HypervisorError('BAD_PARAMETER', errors.join('; '));
}

/** One `ip=`/`gw=` pair of ipconfig0 as an address, or null for DHCP, SLAAC or a missing gateway. */
function addressOf(cidr: string | undefined, gateway: string | undefined, family: 4 | 6): VmAddress | null {
  const m = cidr ? /^([^/]+)\/(\d{1,3})$/.exec(cidr) : null;
  if (!m || !gateway || isIP(m[1]!) !== family || isIP(gateway) !== family) return null;
  const prefix = Number(m[2]);
  if (prefix < 1 || prefix > (family === 4 ? 32 : 128)) return null;
  return { address: m[1]!, prefix, gateway };
}

/**
 * Reads cloud-init's `ipconfig0` (`ip=1.2.3.4/24,gw=1.2.3.1,ip6=2001:db8::5/64,gw6=2001:db8::1`)
 * back into static addresses. A VmNetwork always has an IPv6 address, so a setting without a
 * static IPv6 address and its gateway (DHCP, SLAAC, unset) reads null.
 */
export function parseIpconfig(value: unknown): VmNetwork | null {
  if (typeof value !== 'string' || value === '') return null;
  const kv = new Map<string, string>();
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) kv.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ipv6 = addressOf(kv.get('ip6'), kv.get('gw6'), 6);
  if (!ipv6) return null;
  return { ipv4: addressOf(kv.get('ip'), kv.get('gw'), 4), ipv6 };
}
