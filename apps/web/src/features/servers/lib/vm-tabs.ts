/** The tabs of a cloud server's page (spec 1 §2 'Server details tabs (cloud VM)'), as ?tab= values. */

export const VM_TABS = [
  'console',
  'firewall',
  'image',
  'graphs',
  'backups',
  'snapshots',
  'boot-order',
  'reset-root-password',
  'cost-breakdown',
  'bios',
  'project',
  'upgrade',
  'resize-disk',
  'rebuild',
  'clone',
] as const;
export type VmTab = (typeof VM_TABS)[number];

/** Tabs whose content is built; the others show the 'not built yet' panel. */
export const BUILT_TABS: readonly VmTab[] = [
  'firewall',
  'image',
  'graphs',
  'backups',
  'snapshots',
  'boot-order',
  'reset-root-password',
  'cost-breakdown',
  'bios',
  'project',
  'upgrade',
  'resize-disk',
  'rebuild',
  'clone',
];

/** The tab a page opens on without ?tab=. */
export const DEFAULT_TAB: VmTab = 'graphs';

/** The tab named by a ?tab= value, or the default for a missing or unknown one. */
export function tabOf(value: string | null): VmTab {
  return (VM_TABS as readonly string[]).includes(value ?? '') ? (value as VmTab) : DEFAULT_TAB;
}
