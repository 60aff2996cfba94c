/**
 * The route table of spec 1 §2 as data: route names (the spec's spelling) and path patterns.
 * Where the spec gives one name two paths, the form with a parameter gets its own name
 * (my-services-item, ipsets-item, users-item, register-voucher, reset-password-message,
 * login-with-redirect, login-with-email). '/' redirects to dashboard; any other path is not found.
 */

const ROUTE_TABLE = [
  // Customer area
  { name: 'dashboard', path: '/dashboard' },
  { name: 'dummy', path: '/dummy' },
  { name: 'projects', path: '/projects' },
  { name: 'project-details', path: '/project/:project' },
  { name: 'servers', path: '/servers/vpn' },
  /** Optional query parameter `tab` selects the active tab. */
  { name: 'server_details', path: '/servers/server-details/:provisioned_id' },
  { name: 'server_details_dedicated', path: '/servers/server-details-dedicated/:serial' },
  { name: 'server_details_installed', path: '/servers/server-details-installed/:serial' },
  { name: 'servers-dedicated', path: '/servers-dedicated' },
  { name: 'list-view', path: '/list-view' },
  { name: 'console-open', path: '/console-open/:url/:cookie/:epoch/:hash' },
  { name: 'pay-invoice', path: '/pay-invoice/:issuer/:invoice' },
  { name: 'payment-return', path: '/payment-return/:orderId' },
  { name: 'payment-return-banktransfer', path: '/payment-return-banktransfer/:orderId' },
  { name: 'verification', path: '/verification' },
  { name: 'checkout', path: '/checkout' },
  { name: 'NewOrder', path: '/new-order' },
  { name: 'billing', path: '/billing' },
  { name: 'my-services', path: '/my-services' },
  { name: 'my-services-item', path: '/my-services/:equipment_id' },
  { name: 'services-history', path: '/services-history' },
  { name: 'MyLogs', path: '/my-logs' },
  { name: 'my-ssh', path: '/my-ssh' },
  { name: 'myips', path: '/myips' },
  { name: 'custom-domains', path: '/custom-domains' },
  { name: 'ipsets', path: '/ipsets' },
  { name: 'ipsets-item', path: '/ipsets/:ipset_from_url' },
  { name: 'iso-image', path: '/iso-image' },
  { name: 'users', path: '/users' },
  { name: 'users-item', path: '/users/:username' },
  { name: 'clients', path: '/clients' },
  /** Not in the spec's table: the staff's page of one account (issue 18), opened from /clients. */
  { name: 'clients-item', path: '/clients/:clientId' },
  { name: 'tickets', path: '/tickets' },
  { name: 'contact', path: '/contact' },
  { name: 'reseller', path: '/reseller' },
  { name: 'profile', path: '/profile' },
  { name: 'profile-reload', path: '/profile-reload' },
  { name: 'settings', path: '/settings' },
  { name: 'client-area', path: '/client-area' },
  { name: 'synology', path: '/synology' },
  { name: 'privacy_policy', path: '/privacy-policy' },
  { name: 'terms_of_service', path: '/terms-of-service' },
  { name: 'report-form', path: '/report-of-abuse-and-illegal-content' },
  // Authentication
  { name: 'login', path: '/login' },
  { name: 'login-with-redirect', path: '/login-with-redirect/:redirectUrlBase64' },
  { name: 'login-with-email', path: '/login-with-email/:emailaddress' },
  { name: 'register', path: '/register' },
  { name: 'register-voucher', path: '/register/voucher/:voucher_code' },
  { name: 'register-confirmation', path: '/register-confirmation' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'reset-password-message', path: '/reset-password/:encryptedMessage' },
  { name: 'resend-confirmation', path: '/resend-confirmation/:email' },
  { name: 'confirm-email', path: '/confirm-email/:otp/:email' },
  { name: 'welcome', path: '/welcome/:originCountry' },
  { name: 'logout', path: '/logout' },
  { name: 'logout-raw', path: '/logout-raw' },
  { name: 'session-expired', path: '/session-expired' },
  // Staff and admin
  { name: 'server-stats', path: '/server-stats' },
  { name: 'routers-subnets', path: '/routers-subnets' },
  { name: 'routers-arp-entries', path: '/routers-arp-entries' },
  { name: 'routers-ips', path: '/routers-ips' },
  { name: 'problems', path: '/problems' },
  { name: 'unban-ip', path: '/unban-ip' },
  { name: 'installed-servers', path: '/installed-servers' },
  { name: 'switches', path: '/switches' },
  { name: 'servers-price-list', path: '/servers-price-list' },
  { name: 'servers-disks-price-list', path: '/servers-disks-price-list' },
  { name: 'products-models', path: '/products-models' },
  { name: 'help-texts', path: '/help-texts' },
  { name: 'statuses', path: '/statuses' },
  { name: 'all-services', path: '/all-services' },
  { name: 'all-dedicated-servers', path: '/all-dedicated-servers' },
  { name: 'addons-vm', path: '/addons-vm' },
  /** Not in the spec's table: the staff's review queue of identity verifications (spec 1 §1). */
  { name: 'verification-queue', path: '/verification-queue' },
  /** Not in the spec's table: the staff's queue of abuse reports, to decide each (issue 16, DSA art. 16). */
  { name: 'abuse-reports', path: '/abuse-reports' },
  /** Not in the spec's table: finance's invoices of every account, payments and revenue (issue 18). */
  { name: 'finance', path: '/finance' },
  /** Not in the spec's table: the staff's registered clusters, BMCs and routers with 'test connection' (issue 18). */
  { name: 'infrastructure', path: '/infrastructure' },
] as const satisfies ReadonlyArray<{ name: string; path: string }>;

/** A route name of the spec. */
export type RouteName = (typeof ROUTE_TABLE)[number]['name'];

/** Every route of the portal, in the spec's order. */
export const ROUTES: ReadonlyArray<{ readonly name: RouteName; readonly path: string }> = ROUTE_TABLE;

/** The name the web uses for its catch-all not-found page (not part of ROUTES). */
export const NOT_FOUND_ROUTE = 'not-found';

/** '/' redirects to this route. */
export const HOME_ROUTE: RouteName = 'dashboard';

const PATH_BY_NAME: ReadonlyMap<string, string> = new Map(ROUTES.map((r) => [r.name, r.path]));

/** Whether `name` is a route name of the table. */
export function isRouteName(name: unknown): name is RouteName {
  return typeof name === 'string' && PATH_BY_NAME.has(name);
}

/** The path pattern of a route, e.g. '/servers/server-details/:provisioned_id'. */
export function routePath(name: RouteName): string {
  const path = PATH_BY_NAME.get(name);
  if (path === undefined) throw new Error(`Unknown route: ${String(name)}`);
  return path;
}

/** The `:parameter` names of a route, in order. */
export function routeParams(name: RouteName): string[] {
  return routePath(name)
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

/**
 * The path of a route with its `:parameters` filled in, each encoded with encodeURIComponent,
 * and an optional query string (e.g. `{ tab: 'backups' }` for server_details). Throws when a
 * parameter is missing or empty, since such a link could never match its route.
 */
export function buildPath(
  name: RouteName,
  params: Readonly<Record<string, string | number>> = {},
  query?: Readonly<Record<string, string | number | undefined>>,
): string {
  const path = routePath(name).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, key: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined;
    if (value === undefined || value === '') {
      throw new Error(`Route ${name} needs the parameter ${key}`);
    }
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const pairs = Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined);
  if (pairs.length === 0) return path;
  const search = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return `${path}?${search}`;
}

/**
 * Finds the route of a path (without query string or hash) and decodes its parameters.
 * A trailing slash is ignored. Returns null for paths outside the table (the not-found page).
 */
export function matchPath(pathname: string): { name: RouteName; params: Record<string, string> } | null {
  const parts = splitPath(pathname);
  for (const route of ROUTES) {
    const pattern = splitPath(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((seg, i) => {
      const part = parts[i] ?? '';
      if (seg.startsWith(':')) {
        const value = safeDecode(part);
        if (value === null || value === '') return false;
        params[seg.slice(1)] = value;
        return true;
      }
      return seg === part;
    });
    if (ok) return { name: route.name, params };
  }
  return null;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}
