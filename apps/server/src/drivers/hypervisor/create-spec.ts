/**
 * The checks every driver makes on a {@link CreateVmSpec} before asking its cluster anything, so
 * both refuse the same specs with the same words, and the node choice they share.
 */
import { isIP } from 'node:net';
import { LIMITS } from '@portside/contract/constants';
import { findVmImage, type VmImage } from '@portside/contract/images';
import { parseSshPublicKey } from '@portside/contract/rules/ssh-key';
import {
  HypervisorError,
  VM_NAME_PATTERN,
  type CreateVmSpec,
  type HypervisorNode,
  type VmAddress,
  type VmNetwork,
} from './hypervisor.js';

/** Most SSH keys one VM gets at creation. */
export const MAX_CREATE_SSH_KEYS = 100;
/** Longest first-user password accepted, characters. */
export const MAX_ROOT_PASSWORD = 256;
/** Most cores and least and most memory a VM may have (Proxmox's and the simulator's bounds). */
export const MAX_CORES = 512;
export const MIN_MEMORY_MB = 16;
export const MAX_MEMORY_MB = 4 * 1024 * 1024;

const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * Checks a spec and answers its image; throws BAD_PARAMETER naming every bad field. The password
 * is never quoted, and neither is anything derived from it.
 */
export function checkCreateSpec(spec: CreateVmSpec): VmImage {
  const errors: string[] = [];
  const s = (spec ?? {}) as Partial<CreateVmSpec>;
  if (typeof s.name !== 'string' || !VM_NAME_PATTERN.test(s.name))
    errors.push('name: invalid format - value does not look like a valid DNS name');
  const image = typeof s.image === 'string' ? findVmImage(s.image) : undefined;
  if (!image) errors.push(`image: unknown system image '${String(s.image)}'`);
  if (s.vmid !== undefined && !whole(s.vmid, 100, 999_999_999)) errors.push('vmid: must be a whole number from 100 to 999999999');
  if (s.node !== undefined && (typeof s.node !== 'string' || !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(s.node)))
    errors.push('node: invalid node name');
  if (!whole(s.cores, 1, MAX_CORES)) errors.push(`cores: must be a whole number from 1 to ${MAX_CORES}`);
  if (!whole(s.memoryMb, MIN_MEMORY_MB, MAX_MEMORY_MB))
    errors.push(`memory: must be a whole number of MiB from ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB}`);
  if (!whole(s.diskGb, 1, LIMITS.maxDiskGb)) errors.push(`disk: must be a whole number of GB from 1 to ${LIMITS.maxDiskGb}`);
  else if (image && s.diskGb < image.minDiskGb)
    errors.push(`disk: ${s.diskGb} GB is less than the ${image.minDiskGb} GB image ${image.id} needs`);
  if (!Array.isArray(s.sshKeys)) errors.push('sshkeys: must be a list of OpenSSH public key lines');
  else {
    if (s.sshKeys.length > MAX_CREATE_SSH_KEYS) errors.push(`sshkeys: at most ${MAX_CREATE_SSH_KEYS} keys`);
    s.sshKeys.forEach((line, i) => {
      const parsed = typeof line === 'string' && !/[\r\n]/.test(line) ? parseSshPublicKey(line) : null;
      if (!parsed?.ok)
        errors.push(
          `sshkeys: key ${i + 1} is not an OpenSSH public key (${parsed && !parsed.ok ? parsed.error : 'ssh_key_format'})`,
        );
    });
  }
  if (s.rootPassword !== undefined) {
    const p = s.rootPassword;
    if (typeof p !== 'string' || p.length === 0 || p.length > MAX_ROOT_PASSWORD || /[\u0000-\u001f\u007f]/.test(p)) {
      errors.push(`password: must be 1 to ${MAX_ROOT_PASSWORD} characters without control characters`);
    }
  } else if (image?.osFamily === 'windows') errors.push(`password: image ${image.id} needs a password for its Administrator`);
  if (s.bios !== undefined && s.bios !== 'seabios' && s.bios !== 'ovmf') errors.push("bios: value must be 'seabios' or 'ovmf'");
  if (s.network !== undefined) errors.push(...networkErrors(s.network));
  if (errors.length || !image) throw new HypervisorError('BAD_PARAMETER', errors.join('; '));
  return image;
}

/** The first user cloud-init sets up: root on Linux, Administrator on Windows (cloudbase-init). */
export const firstUserOf = (image: VmImage): string => (image.osFamily === 'windows' ? 'Administrator' : 'root');

/**
 * The node a new VM goes to: the one asked (it must be one of `nodes` and online), or else the
 * online node with the fewest VMs, ties broken by name. `vmCount` counts a node's VMs (not templates).
 */
export function pickNode(nodes: readonly HypervisorNode[], vmCount: (node: string) => number, asked?: string): string {
  if (asked !== undefined) {
    const n = nodes.find((x) => x.name === asked);
    if (!n) throw new HypervisorError('NOT_FOUND', `no such cluster node '${asked}'`);
    if (!n.online) throw new HypervisorError('INVALID_STATE', `node '${asked}' is offline`);
    return asked;
  }
  const online = nodes
    .filter((n) => n.online)
    .sort((a, b) => vmCount(a.name) - vmCount(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (!online[0]) throw new HypervisorError('INVALID_STATE', 'no online node to create the VM on');
  return online[0].name;
}

/** What is wrong with a spec's static addresses (each address of its family, prefixes in range). */
export function networkErrors(n: VmNetwork): string[] {
  const bad = (a: VmAddress | null | undefined, family: 4 | 6, required: boolean): string | null => {
    if (!a) return required ? `ip${family === 6 ? '6' : ''}: an IPv${family} address is required` : null;
    const max = family === 4 ? 32 : 128;
    if (isIP(a.address) !== family || isIP(a.gateway) !== family || !whole(a.prefix, 1, max))
      return `ip${family === 6 ? '6' : ''}: invalid IPv${family} address, prefix or gateway`;
    return null;
  };
  return [bad(n.ipv4, 4, false), bad(n.ipv6, 6, true)].filter((e): e is string => e !== null);
}

/** Cloud-init's network setting of the first NIC as Proxmox's ipconfig0 takes it: static addresses, or DHCP. */
export function ipconfigOf(spec: Pick<CreateVmSpec, 'network'>): string {
  const n = spec.network;
  if (!n) return 'ip=dhcp';
  const v4 = n.ipv4 ? [`ip=${n.ipv4.address}/${n.ipv4.prefix}`, `gw=${n.ipv4.gateway}`] : [];
  return [...v4, `ip6=${n.ipv6.address}/${n.ipv6.prefix}`, `gw6=${n.ipv6.gateway}`].join(',');
}
