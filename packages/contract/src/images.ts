/**
 * The system images a cloud VM can be created from (issue 5). The ids are stable: orders, the
 * `vm_images` table and the clusters' templates refer to them (a Proxmox cluster offers an image
 * through a VM template named `tpl-<id>`). Adding an image means adding it here and a template
 * on every cluster that should offer it.
 */
import { z } from './zod';

/** How the guest is set up at first boot: cloud-init (Linux) or cloudbase-init (Windows). */
export type OsFamily = 'linux' | 'windows';

/** One system image. */
export interface VmImage {
  /** The stable id (`debian-12`): lower case, digits, dots and hyphens. */
  id: string;
  /** The name shown to customers. */
  name: string;
  /** The operating system family, which decides the first user (root or Administrator). */
  osFamily: OsFamily;
  /** The smallest boot disk the image fits on, GB (its template's disk is this size). */
  minDiskGb: number;
}

/** Every image, in the order a picker shows them. */
export const VM_IMAGES = [
  { id: 'debian-12', name: 'Debian 12 (bookworm)', osFamily: 'linux', minDiskGb: 4 },
  { id: 'ubuntu-24.04', name: 'Ubuntu 24.04 LTS', osFamily: 'linux', minDiskGb: 5 },
  { id: 'rocky-9', name: 'Rocky Linux 9', osFamily: 'linux', minDiskGb: 10 },
  { id: 'windows-2022', name: 'Windows Server 2022', osFamily: 'windows', minDiskGb: 40 },
  // A VPN server (issue 17): Debian 12 with WireGuard, whose wg0.conf the portal writes (rules/vpn.ts).
  { id: 'wireguard', name: 'WireGuard VPN', osFamily: 'linux', minDiskGb: 4 },
] as const satisfies readonly VmImage[];

/** An image id. */
export type VmImageId = (typeof VM_IMAGES)[number]['id'];

/** The image ids, for enums and checks. */
export const VM_IMAGE_IDS = VM_IMAGES.map((i) => i.id) as [VmImageId, ...VmImageId[]];

/** A request field naming an image. */
export const vmImageIdSchema = z.enum(VM_IMAGE_IDS, { error: 'invalid_data' });

/** The image with this id, or undefined for an unknown one. */
export function findVmImage(id: string): (typeof VM_IMAGES)[number] | undefined {
  return VM_IMAGES.find((i) => i.id === id);
}

/** The name of the VM template that offers the image on a Proxmox cluster. */
export const templateNameOf = (id: VmImageId): string => `tpl-${id}`;
