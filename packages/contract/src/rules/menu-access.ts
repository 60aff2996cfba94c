/**
 * Who sees which sidebar entry (spec 1 §2 Sidebar, §6): menu claims from `claims`, staff-only
 * links from the staff role in `pg_roles`. Routes not listed here need no claim.
 */
import type { Claim, Role } from '../constants';
import type { RouteName } from '../routes';

/** The claim that shows each claim-gated sidebar entry. */
export const MENU_CLAIMS: Readonly<Partial<Record<RouteName, Claim>>> = {
  'list-view': 'menu-see-cloud-servers',
  'servers-dedicated': 'menu-see-dedicated-servers',
  servers: 'menu-see-vpn-servers',
  'my-services': 'menu-see-my-services',
  ipsets: 'menu-see-ipsets',
  myips: 'menu-see-ip-management',
  users: 'menu-see-users',
  // The whole Logs group follows the Users claim.
  MyLogs: 'menu-see-users',
  'services-history': 'menu-see-users',
  'iso-image': 'menu-see-custom-iso',
  'server-stats': 'menu-see-server-stats',
  'routers-subnets': 'menu-see-routers-subnets',
  'routers-arp-entries': 'menu-see-routers-arp-entries',
  'routers-ips': 'menu-see-routers-ips',
  problems: 'menu-see-problems',
};

/** Sidebar links shown only to the staff role. */
export const STAFF_ROUTES: readonly RouteName[] = [
  'unban-ip',
  'installed-servers',
  'clients',
  'switches',
  'servers-price-list',
  'servers-disks-price-list',
  'products-models',
  'help-texts',
  'all-services',
  'all-dedicated-servers',
  'addons-vm',
];

/** What the menu looks at in the customer details. */
export interface MenuPrincipal {
  claims?: readonly string[] | null;
  pg_roles?: readonly string[] | null;
}

/** Whether the principal holds a role (staff or finance). */
export function hasRole(p: MenuPrincipal, role: Role): boolean {
  return (p.pg_roles ?? []).includes(role);
}

/** Whether the principal holds a claim. */
export function hasClaim(p: MenuPrincipal, claim: Claim): boolean {
  return (p.claims ?? []).includes(claim);
}

/** The claim pg-see-client lets a user see clients (e.g. the Client column of the users table). */
export function canSeeClients(p: MenuPrincipal): boolean {
  return hasClaim(p, 'pg-see-client');
}

/**
 * Whether the Billing entries (user menu, small-screen sidebar) show: the account's billing needs
 * billing-manage (owners hold it); finance and staff confirm bank transfers there (docs/access.md).
 */
export function canSeeBilling(p: MenuPrincipal): boolean {
  return hasClaim(p, 'billing-manage') || hasRole(p, 'finance') || hasRole(p, 'staff');
}

/** Whether the sidebar shows the entry of `route` to the principal. */
export function canSeeMenuEntry(route: RouteName, p: MenuPrincipal): boolean {
  if (STAFF_ROUTES.includes(route)) return hasRole(p, 'staff');
  const claim = MENU_CLAIMS[route];
  return claim === undefined || hasClaim(p, claim);
}
