/**
 * The sidebar's entries and the claim or role that shows each (spec 1 §2 'Sidebar').
 */
import type { Profile } from '@portside/contract/schemas/profile';
import { COMMUNITY_CHAT_URL } from '../../shared/config/support-links';
import type { IconName } from '../../shared/ui/icons';

interface Base {
  /** Translation key under shell:sidebar. */
  key: string;
  icon?: IconName;
  /** Shown only with this claim. */
  claim?: string;
  /** Shown only to staff (pg_roles contains 'staff'). */
  staff?: boolean;
  /** Shown only to finance and staff (pg_roles contains either). */
  finance?: boolean;
}
export interface NavLinkEntry extends Base {
  kind: 'link';
  to: string;
}
export interface NavExternalEntry extends Base {
  kind: 'external';
  href: string;
}
/** An entry whose dialog arrives in a later release (rendered disabled, 'available soon'). */
export interface NavSoonEntry extends Base {
  kind: 'soon';
}
/** An entry that opens a dialog of the shell (e.g. the Telegram modal). */
export interface NavDialogEntry extends Base {
  kind: 'dialog';
  dialog: 'telegram';
}
export type NavLeaf = NavLinkEntry | NavExternalEntry | NavSoonEntry | NavDialogEntry;
export interface NavGroupEntry extends Base {
  kind: 'group';
  children: NavLeaf[];
}
export type NavEntry = NavLeaf | NavGroupEntry;

const link = (key: string, to: string, icon?: IconName, claim?: string): NavLinkEntry => ({ kind: 'link', key, to, icon, claim });
const staffLink = (key: string, to: string): NavLinkEntry => ({ kind: 'link', key, to, staff: true });

export const SIDEBAR: readonly NavEntry[] = [
  link('dashboard', '/dashboard', 'dashboard'),
  { kind: 'group', key: 'new_order', icon: 'plus', children: [link('cloud_servers_order', '/new-order')] },
  link('cloud_servers', '/list-view', 'cloud', 'menu-see-cloud-servers'),
  link('vpn_servers', '/servers/vpn', 'lock', 'menu-see-vpn-servers'),
  link('dedicated_servers', '/servers-dedicated', 'server', 'menu-see-dedicated-servers'),
  link('my_services', '/my-services', 'list', 'menu-see-my-services'),
  {
    kind: 'group',
    key: 'firewall',
    icon: 'shield',
    children: [
      link('ipsets', '/ipsets', undefined, 'menu-see-ipsets'),
      link('ip_management', '/myips', undefined, 'menu-see-ip-management'),
    ],
  },
  link('users', '/users', 'users', 'menu-see-users'),
  {
    kind: 'group',
    key: 'logs',
    icon: 'logs',
    claim: 'menu-see-users',
    children: [link('logs', '/my-logs'), link('services_history', '/services-history')],
  },
  link('custom_iso', '/iso-image', 'disc', 'menu-see-custom-iso'),
  {
    kind: 'group',
    key: 'support',
    icon: 'lifebuoy',
    children: [
      link('tickets', '/tickets', 'ticket'),
      { kind: 'external', key: 'community_chat', href: COMMUNITY_CHAT_URL, icon: 'chat' },
      { kind: 'dialog', key: 'telegram', icon: 'send', dialog: 'telegram' },
    ],
  },
  link('reseller', '/reseller', 'briefcase'),
  link('server_stats', '/server-stats', 'chart', 'menu-see-server-stats'),
  {
    kind: 'group',
    key: 'routers',
    icon: 'router',
    children: [
      link('routers_subnets', '/routers-subnets', undefined, 'menu-see-routers-subnets'),
      link('routers_arp_entries', '/routers-arp-entries', undefined, 'menu-see-routers-arp-entries'),
      link('routers_ips', '/routers-ips', undefined, 'menu-see-routers-ips'),
    ],
  },
  link('problems', '/problems', 'alert', 'menu-see-problems'),
  { kind: 'link', key: 'finance', to: '/finance', icon: 'billing', finance: true },
  {
    kind: 'group',
    key: 'admin',
    icon: 'key',
    staff: true,
    children: [
      staffLink('unban_ip', '/unban-ip'),
      staffLink('installed_servers', '/installed-servers'),
      staffLink('clients', '/clients'),
      staffLink('switches', '/switches'),
      staffLink('infrastructure', '/infrastructure'),
      staffLink('servers_price_list', '/servers-price-list'),
      staffLink('servers_disks_price_list', '/servers-disks-price-list'),
      staffLink('products_models', '/products-models'),
      staffLink('help_texts', '/help-texts'),
      staffLink('statuses', '/statuses'),
      staffLink('all_services', '/all-services'),
      staffLink('all_dedicated_servers', '/all-dedicated-servers'),
      staffLink('addons_vm', '/addons-vm'),
      staffLink('verification_queue', '/verification-queue'),
      staffLink('abuse_reports', '/abuse-reports'),
    ],
  },
];

/** Whether the profile may see an entry (its claim and staff rule; not its children). */
function allowed(entry: Base, profile: Pick<Profile, 'claims' | 'pg_roles'>): boolean {
  if (entry.claim && !profile.claims.includes(entry.claim)) return false;
  if (entry.staff && !profile.pg_roles.includes('staff')) return false;
  if (entry.finance && !profile.pg_roles.some((r) => r === 'finance' || r === 'staff')) return false;
  return true;
}

/**
 * The entries a profile sees, groups reduced to their visible children. A group header needs no
 * claim of its own (spec: Firewall, Support) but a group with no visible child is left out: it
 * would open onto nothing.
 */
export function visibleEntries(profile: Pick<Profile, 'claims' | 'pg_roles'>, entries = SIDEBAR): NavEntry[] {
  const out: NavEntry[] = [];
  for (const entry of entries) {
    if (!allowed(entry, profile)) continue;
    if (entry.kind !== 'group') {
      out.push(entry);
      continue;
    }
    const children = entry.children.filter((c) => allowed(c, profile));
    if (children.length > 0) out.push({ ...entry, children });
  }
  return out;
}

/** Whether `pathname` is the entry's page or below it. */
export function isActive(to: string, pathname: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Whether `pathname` lies in a group's area (one of its link children). */
export function inGroupArea(group: NavGroupEntry, pathname: string): boolean {
  return group.children.some((c) => c.kind === 'link' && isActive(c.to, pathname));
}
