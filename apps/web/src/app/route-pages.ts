/**
 * Which page module each route of the table renders. Every route name must be either here or in
 * NOT_BUILT_ROUTES; the type check below fails the build when one is missing.
 */
import { createElement } from 'react';
import type { Claim } from '@portside/contract/constants';
import type { RouteName } from '@portside/contract/routes';
import type { PageModule } from './lazy-page';

type Load = () => Promise<PageModule>;

/** A page shown only to users holding `claim` (docs/access.md); others get the no-access panel. */
const gated =
  (claim: Claim, load: Load): Load =>
  async () => {
    // The gate loads with the page: routes without a claim do not need it on the first load.
    const [{ ClaimGate }, { default: Page }] = await Promise.all([import('../shared/ui/claim-gate'), load()]);
    return { default: () => createElement(ClaimGate, { claim, children: createElement(Page) }) };
  };

const login: Load = () => import('../features/auth/pages/login-page');
const register: Load = () => import('../features/auth/pages/register-page');
const resetPassword: Load = () => import('../features/auth/pages/reset-password-page');

export const ROUTE_PAGES = {
  dashboard: () => import('../features/dashboard/pages/dashboard-page'),
  // Projects and SSH keys go with the cloud servers.
  projects: gated('menu-see-cloud-servers', () => import('../features/projects/pages/projects-page')),
  // Composed in app/ from the projects and SSH keys features.
  'project-details': gated('menu-see-cloud-servers', () => import('./pages/project-details-page')),
  'my-ssh': gated('menu-see-cloud-servers', () => import('../features/ssh-keys/pages/my-ssh-page')),
  'list-view': () => import('../features/servers/pages/list-view-page'),
  // Composed in app/: 'Order a VPN server' starts the order feature's builder.
  servers: gated('menu-see-vpn-servers', () => import('./pages/vpn-servers-page')),
  // Composed in app/: the tabs not built yet show the app's NotBuiltPanel.
  server_details: () => import('./pages/server-details-page'),
  'profile-reload': () => import('../features/session/pages/profile-reload-page'),
  logout: () => import('../features/session/pages/logout-page'),
  login,
  'login-with-redirect': login,
  'login-with-email': login,
  register,
  'register-voucher': register,
  'register-confirmation': () => import('../features/auth/pages/register-confirmation-page'),
  'confirm-email': () => import('../features/auth/pages/confirm-email-page'),
  'resend-confirmation': () => import('../features/auth/pages/resend-confirmation-page'),
  'forgot-password': () => import('../features/auth/pages/forgot-password-page'),
  'reset-password': resetPassword,
  'reset-password-message': resetPassword,
  // Composed in app/: the landing page with the offers (issue 17, the referral links lead here).
  welcome: () => import('./pages/welcome-page'),
  'session-expired': () => import('../features/auth/pages/session-expired-page'),
  profile: () => import('../features/profile/pages/profile-page'),
  settings: () => import('./pages/settings-page'),
  users: () => import('../features/users/pages/users-page'),
  'users-item': () => import('../features/users/pages/user-details-page'),
  MyLogs: () => import('../features/logs/pages/my-logs-page'),
  verification: () => import('../features/verification/pages/verification-page'),
  'console-open': () => import('../features/console/pages/console-open-page'),
  'verification-queue': () => import('../features/verification/pages/verification-queue-page'),
  'abuse-reports': () => import('../features/abuse-reports/pages/abuse-reports-page'),
  finance: () => import('../features/finance/pages/finance-page'),
  infrastructure: () => import('../features/infra/pages/infrastructure-page'),
  'pay-invoice': () => import('../features/payments/pages/pay-invoice-page'),
  // Payments and ordering are billing: the owner or billing-manage.
  'payment-return': gated('billing-manage', () => import('../features/payments/pages/payment-return-page')),
  'payment-return-banktransfer': gated(
    'billing-manage',
    () => import('../features/payments/pages/payment-return-banktransfer-page'),
  ),
  NewOrder: () => import('../features/order/pages/new-order-page'),
  checkout: gated('billing-manage', () => import('../features/order/pages/checkout-page')),
  billing: () => import('./pages/billing-page'),
  'my-services': () => import('../features/services/pages/my-services-page'),
  'my-services-item': () => import('../features/services/pages/service-details-page'),
  'services-history': () => import('../features/services/pages/services-history-page'),
  'iso-image': gated('menu-see-custom-iso', () => import('../features/iso/pages/iso-image-page')),
  // Network (issue 15): each page behind the claim of its menu entry (spec 1 §2).
  ipsets: gated('menu-see-ipsets', () => import('../features/network/pages/ipsets-page')),
  'ipsets-item': gated('menu-see-ipsets', () => import('../features/network/pages/ipset-page')),
  myips: gated('menu-see-ip-management', () => import('../features/network/pages/my-ips-page')),
  // The provider's network (issue 18): each page behind the claim of its menu entry; /switches is staff's.
  'routers-subnets': gated('menu-see-routers-subnets', () => import('../features/routers/pages/routers-subnets-page')),
  'routers-ips': gated('menu-see-routers-ips', () => import('../features/routers/pages/routers-ips-page')),
  'routers-arp-entries': gated(
    'menu-see-routers-arp-entries',
    () => import('../features/routers/pages/routers-arp-entries-page'),
  ),
  switches: () => import('../features/routers/pages/switches-page'),
  // Support (issue 16): always allowed by the guard; a visitor gets the form for a mailed ticket.
  tickets: () => import('../features/tickets/pages/tickets-page'),
  'custom-domains': gated('menu-see-custom-domains', () => import('../features/network/pages/custom-domains-page')),
  // Support pages (issue 16): content pages show a help text (label = route name) or their default.
  privacy_policy: () => import('../features/support/pages/privacy-policy-page'),
  terms_of_service: () => import('../features/support/pages/terms-of-service-page'),
  'client-area': () => import('../features/support/pages/client-area-page'),
  synology: () => import('../features/support/pages/synology-page'),
  dummy: () => import('../features/support/pages/dummy-page'),
  'report-form': () => import('../features/support/pages/report-abuse-page'),
  // Dedicated servers (issue 17): every page behind the claim of the sidebar's entry.
  'servers-dedicated': gated('menu-see-dedicated-servers', () => import('../features/dedicated/pages/dedicated-servers-page')),
  server_details_dedicated: gated(
    'menu-see-dedicated-servers',
    () => import('../features/dedicated/pages/dedicated-details-page'),
  ),
  server_details_installed: gated(
    'menu-see-dedicated-servers',
    () => import('../features/dedicated/pages/installed-server-page'),
  ),
  // The reseller programme (issue 17): no claim, the Reseller entry shows for everyone (spec 1 §2).
  reseller: () => import('../features/reseller/pages/reseller-page'),
  // The staff's customers and services (issue 18): role staff, checked by the pages and the server.
  clients: () => import('../features/clients/pages/clients-page'),
  'clients-item': () => import('../features/clients/pages/client-page'),
  'installed-servers': () => import('../features/clients/pages/installed-servers-page'),
  'all-services': () => import('../features/clients/pages/all-services-page'),
  'all-dedicated-servers': () => import('../features/clients/pages/all-dedicated-servers-page'),
  // Staff screens (issue 18): role staff, checked by each page (StaffGate); the server checks every call.
  'help-texts': () => import('../features/staff/pages/help-texts-page'),
  statuses: () => import('../features/staff/pages/statuses-page'),
  'unban-ip': () => import('../features/staff/pages/unban-ip-page'),
  // The cloud price lists (issue 18): role staff; composed in app/ with the prices feature's dialog.
  'products-models': () => import('./pages/products-models-route-page'),
  'addons-vm': () => import('./pages/addons-vm-route-page'),
  // The dedicated price lists (issue 18): composed in app/ with the prices feature's dialog; the pages check the role staff.
  'servers-price-list': () => import('./pages/servers-price-list-page'),
  'servers-disks-price-list': () => import('./pages/servers-disks-price-list-page'),
  // The operator claims of the sidebar's entries (spec 1 §2), held by staff only.
  problems: gated('menu-see-problems', () => import('../features/staff/pages/problems-page')),
  'server-stats': gated('menu-see-server-stats', () => import('../features/staff/pages/server-stats-page')),
  // Composed in app/: the telegram feature's dialog is the page's Telegram channel.
  contact: () => import('./pages/contact-page'),
} as const satisfies Partial<Record<RouteName, Load>>;

/** Routes the router handles with a loader alone (no page renders). */
export type LoaderOnlyRoute = 'logout-raw';

// Compile-time coverage: a route name without a page is an error here (every route of the spec's
// table is built; a route added to app/not-built.ts must then be excluded here too).
type Missing = Exclude<RouteName, keyof typeof ROUTE_PAGES | LoaderOnlyRoute>;
const everyRouteCovered: [Missing] extends [never] ? true : Missing = true;
void everyRouteCovered;

/** The page loader of a built route, or undefined for a not-built one. */
export function pageLoader(name: RouteName): Load | undefined {
  return (ROUTE_PAGES as Partial<Record<RouteName, Load>>)[name];
}
