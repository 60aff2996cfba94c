/**
 * Every route of the route table (contract ROUTES) as the accessibility walk visits it: who sees
 * the page (logged out for public pages, the demo owner for customer pages, staff for staff pages)
 * and the address, with real demo ids from the seed. The Record type makes a new route a type
 * error here until someone says how to visit it, so the walk can never skip one silently.
 */
import type { RouteName } from '@portside/contract/routes';
import { buildPath } from '@portside/contract/routes';
import type { TestServer } from '../../server/test/harness.js';
import { invoiceLink } from '../../server/test/payment-factories.js';
import { DEMO_USERS } from './harness';

/** Who opens a page: nobody logged in, the demo owner, or a staff member. */
export type Who = 'anonymous' | 'owner' | 'staff';

/** One page visit of the walk. */
export interface Visit {
  who: Who;
  path: string;
}

/** Real ids of the seeded demo data, looked up through the API and the database. */
export interface DemoIds {
  project: string;
  provisionedId: string;
  /** The demo's Windows server (stopped, without an IPv4 address). */
  windowsProvisionedId: string;
  equipmentId: string;
  subUsername: string;
  invoicePath: string;
  cardPaymentId: string;
  depositPaymentId: string;
  consolePath: string;
  /** An IP set of the demo owner (made for the walk when the demo has none). */
  ipset: string;
  /** The demo owner's first dedicated server and the server being installed for them (the seed's). */
  dedicatedSerial: string;
  installSerial: string;
  /** The demo owner's account id (the staff's client page). */
  clientId: string;
}

/**
 * Looks up the demo owner's project, server, service, sub-user, invoice, payments and a console
 * link, with the owner's token (the browser's own, since a console link belongs to its session).
 */
export async function demoIds(server: TestServer, token: string): Promise<DemoIds> {
  const first = async (view: string): Promise<Record<string, unknown>> => {
    const r = await server.get(view, token);
    if (r.status !== 200 || !Array.isArray(r.body) || r.body.length === 0) {
      throw new Error(`${view} gave no demo row: ${r.status} ${JSON.stringify(r.body)}`);
    }
    return r.body[0] as Record<string, unknown>;
  };
  const vm = await first('MyVMs2?power_status=eq.RUNNING&order=provisioned_id.asc&limit=1');
  const console = await server.rpc('VmConsole', { p_provisioned_id: vm.provisioned_id }, token);
  if (console.status !== 200) throw new Error(`VmConsole: ${JSON.stringify(console.body)}`);
  const invoice = await first('MyInvoices?status=eq.open&limit=1');
  const payments = await server.db.owner.query<{ id: number; method: string }>(
    `SELECT p.id, p.method FROM payments p JOIN users u ON u.client_id = p.client_id
      WHERE lower(u.email) = lower($1) ORDER BY p.id`,
    [DEMO_USERS.demo.email],
  );
  const payment = (method: string) => {
    const row = payments.rows.find((p) => p.method === method);
    if (!row) throw new Error(`no seeded ${method} payment of the demo owner`);
    return String(row.id);
  };
  return {
    ipset: await networkDemo(server, token, Number(vm.provisioned_id)),
    project: String((await first('MyProjects?order=project.asc&limit=1')).project),
    provisionedId: String(vm.provisioned_id),
    windowsProvisionedId: String((await first('MyVMs2?name=eq.win-desktop')).provisioned_id),
    equipmentId: String((await first('MyServices?order=equipment_id.asc&limit=1')).equipment_id),
    subUsername: DEMO_USERS.sub.email.toLowerCase(),
    invoicePath: invoiceLink(server, String(invoice.number)).path,
    cardPaymentId: payment('card'),
    depositPaymentId: payment('bank_transfer'),
    consolePath: new URL(String(console.body.url), server.url).pathname,
    dedicatedSerial: String((await first('MyDedicatedServers?order=serial.asc&limit=1')).serial),
    installSerial: String((await first('MyServerInstalls?limit=1')).serial),
    clientId: String((await first('MyProfile')).client),
  };
}

/**
 * What the network pages show with data rather than empty: an IP set attached to the demo server,
 * an address of the owner's own and a custom domain (awaiting its TXT record), each made once.
 * Answers the IP set's id.
 */
async function networkDemo(server: TestServer, token: string, provisionedId: number): Promise<string> {
  const made = async (name: string, body: unknown): Promise<Record<string, unknown>> => {
    const r = await server.rpc(name, body, token);
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown>;
  };
  const sets = await server.get('MyIpsets?name=eq.office&limit=1', token);
  if (Array.isArray(sets.body) && sets.body.length) return String(sets.body[0].ipset);
  const set = await made('CreateIpset', { p_name: 'office', p_comment: 'Office and VPN', p_ips: '203.0.113.7, 198.51.100.0/24' });
  await made('AddIpsetToVMs', { p_ipset: set.ipset, p_provisioned_ids: [provisionedId] });
  await made('MyIPAdd', { p_address: '192.0.2.10', p_comment: 'Home' });
  await made('MyDomainAdd', { p_domain: 'shop.example.com', p_provisioned_id: provisionedId });
  return String(set.ipset);
}

/** The server details tabs the walk checks (besides the page itself, which opens on Graphs). */
export const SERVER_TABS = [
  'cost-breakdown',
  'project',
  'console',
  'firewall',
  'image',
  'backups',
  'snapshots',
  'boot-order',
  'reset-root-password',
  'bios',
  'upgrade',
  'resize-disk',
  'rebuild',
  'clone',
] as const;

const ADDRESS = 'ana@example.test';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** How the walk opens each route of the table. */
export function routeVisits(ids: DemoIds): Record<RouteName, Visit> {
  const owner = (path: string): Visit => ({ who: 'owner', path });
  const staff = (path: string): Visit => ({ who: 'staff', path });
  const anonymous = (path: string): Visit => ({ who: 'anonymous', path });
  const plain = (name: RouteName) => buildPath(name);
  return {
    // Customer area
    dashboard: owner(plain('dashboard')),
    dummy: owner(plain('dummy')),
    projects: owner(plain('projects')),
    'project-details': owner(buildPath('project-details', { project: ids.project })),
    servers: owner(plain('servers')),
    server_details: owner(buildPath('server_details', { provisioned_id: ids.provisionedId })),
    server_details_dedicated: owner(buildPath('server_details_dedicated', { serial: ids.dedicatedSerial })),
    server_details_installed: owner(buildPath('server_details_installed', { serial: ids.installSerial })),
    'servers-dedicated': owner(plain('servers-dedicated')),
    'list-view': owner(plain('list-view')),
    'console-open': owner(ids.consolePath),
    'pay-invoice': anonymous(ids.invoicePath),
    'payment-return': owner(buildPath('payment-return', { orderId: 'invoices' }, { payment: ids.cardPaymentId })),
    'payment-return-banktransfer': owner(
      buildPath('payment-return-banktransfer', { orderId: 'deposit' }, { payment: ids.depositPaymentId }),
    ),
    verification: owner(plain('verification')),
    checkout: owner(plain('checkout')),
    NewOrder: owner(plain('NewOrder')),
    billing: owner(plain('billing')),
    'my-services': owner(plain('my-services')),
    'my-services-item': owner(buildPath('my-services-item', { equipment_id: ids.equipmentId })),
    'services-history': owner(plain('services-history')),
    MyLogs: owner(plain('MyLogs')),
    'my-ssh': owner(plain('my-ssh')),
    myips: owner(plain('myips')),
    'custom-domains': owner(plain('custom-domains')),
    ipsets: owner(plain('ipsets')),
    'ipsets-item': owner(buildPath('ipsets-item', { ipset_from_url: ids.ipset })),
    'iso-image': owner(plain('iso-image')),
    users: owner(plain('users')),
    'users-item': owner(buildPath('users-item', { username: ids.subUsername })),
    clients: staff(plain('clients')),
    'clients-item': staff(buildPath('clients-item', { clientId: ids.clientId })),
    tickets: owner(plain('tickets')),
    contact: owner(plain('contact')),
    reseller: owner(plain('reseller')),
    profile: owner(plain('profile')),
    'profile-reload': owner(plain('profile-reload')),
    settings: owner(plain('settings')),
    'client-area': owner(plain('client-area')),
    synology: owner(plain('synology')),
    privacy_policy: owner(plain('privacy_policy')),
    terms_of_service: owner(plain('terms_of_service')),
    'report-form': anonymous(plain('report-form')),
    // Authentication
    login: anonymous(plain('login')),
    'login-with-redirect': anonymous(buildPath('login-with-redirect', { redirectUrlBase64: b64('/projects') })),
    'login-with-email': anonymous(buildPath('login-with-email', { emailaddress: ADDRESS })),
    register: anonymous(plain('register')),
    'register-voucher': anonymous(buildPath('register-voucher', { voucher_code: 'WELCOME10' })),
    'register-confirmation': anonymous(plain('register-confirmation')),
    'forgot-password': anonymous(plain('forgot-password')),
    'reset-password': anonymous(plain('reset-password')),
    'reset-password-message': anonymous(buildPath('reset-password-message', { encryptedMessage: 'not-a-real-message' })),
    'resend-confirmation': anonymous(buildPath('resend-confirmation', { email: ADDRESS })),
    'confirm-email': anonymous(buildPath('confirm-email', { otp: '123456', email: ADDRESS })),
    welcome: anonymous(buildPath('welcome', { originCountry: 'PT' })),
    logout: anonymous(plain('logout')),
    // Only a loader (it ends the session): the walk checks the login page it lands on.
    'logout-raw': anonymous(plain('logout-raw')),
    'session-expired': anonymous(plain('session-expired')),
    // Staff and admin
    'server-stats': staff(plain('server-stats')),
    'routers-subnets': staff(plain('routers-subnets')),
    'routers-arp-entries': staff(plain('routers-arp-entries')),
    'routers-ips': staff(plain('routers-ips')),
    problems: staff(plain('problems')),
    'unban-ip': staff(plain('unban-ip')),
    'installed-servers': staff(plain('installed-servers')),
    switches: staff(plain('switches')),
    'servers-price-list': staff(plain('servers-price-list')),
    'servers-disks-price-list': staff(plain('servers-disks-price-list')),
    'products-models': staff(plain('products-models')),
    'help-texts': staff(plain('help-texts')),
    statuses: staff(plain('statuses')),
    'all-services': staff(plain('all-services')),
    'all-dedicated-servers': staff(plain('all-dedicated-servers')),
    'addons-vm': staff(plain('addons-vm')),
    'verification-queue': staff(plain('verification-queue')),
    'abuse-reports': staff(plain('abuse-reports')),
    finance: staff(plain('finance')),
    infrastructure: staff(plain('infrastructure')),
  };
}
