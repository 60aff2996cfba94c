/**
 * Every query key of the web in one place: a typed factory per read. Keys are hierarchical — an
 * area's `all` is the first part of each of its reads' keys — so a mutation refreshes an area by
 * invalidating its `all`, and a read kept elsewhere under the same area (the projects a server
 * can move to) is refreshed with it. Readers and invalidations use these, never a literal key.
 */
import type { GraphRange } from '@portside/contract/schemas/vms';
import type { OrderQuoteInput } from '@portside/contract/schemas/orders';

const VMS = ['vms'] as const;
const PROJECTS = ['projects'] as const;
const SSH_KEYS = ['ssh-keys'] as const;
const USERS = ['users'] as const;
const SERVICES = ['services'] as const;
const BILLING = ['billing'] as const;
const LOGS = ['logs'] as const;
const PAYMENTS = ['payments'] as const;
const ORDER = ['order'] as const;
const SETTINGS = ['settings'] as const;
const VERIFICATION = ['verification'] as const;
const ISO = ['iso'] as const;
const IPSETS = ['ipsets'] as const;
const MY_IPS = ['my-ips'] as const;
const DOMAINS = ['domains'] as const;
const TICKETS = ['tickets'] as const;
const SUPPORT = ['support'] as const;
const ABUSE = ['abuse-reports'] as const;
const VPN = ['vpn'] as const;
const DEDICATED = ['dedicated'] as const;
const RESELLER = ['reseller'] as const;
const FINANCE = ['finance'] as const;
const STAFF = ['staff'] as const;
const PRICES = ['prices'] as const;
const DEDICATED_PRICES = ['dedicated-prices'] as const;

export const queryKeys = {
  /** Dated price changes (PriceChanges, staff): by item prefix ('vm_model:', 'disk_type:NVMe'). */
  prices: {
    all: PRICES,
    changes: (prefix: string) => [...PRICES, 'changes', prefix] as const,
  },
  /** The cloud price lists (staff): ProductsModels by search and page, VmAddons. */
  cloudPrices: {
    all: ['cloud-prices'] as const,
    models: (search: string, page: number) => ['cloud-prices', 'models', search, page] as const,
    addons: () => ['cloud-prices', 'addons'] as const,
    catalogue: () => ['cloud-prices', 'catalogue'] as const,
  },
  /** MyVpnServers and MyVpnPeers (/servers/vpn): one area, as a peer's change counts on its server. */
  vpn: {
    all: VPN,
    servers: () => [...VPN, 'servers'] as const,
    peers: (id: number) => [...VPN, 'peers', id] as const,
  },
  /** MyVMs2 and the reads about servers. */
  vms: {
    all: VMS,
    list: () => [...VMS, 'list'] as const,
    one: (id: number) => [...VMS, 'one', id] as const,
    dashboard: () => [...VMS, 'dashboard'] as const,
    /** Every server's id, name and addresses: the choices of the network forms (IP sets, domains). */
    choices: () => [...VMS, 'choices'] as const,
    /** VmUpgradeGetModels: under 'vms', so that a change of the server prices them again. */
    upgradeModels: (id: number) => [...VMS, 'upgrade-models', id] as const,
    /** MyFirewallRules of one server: under 'vms', so that every live message of the server reads them again. */
    firewallRules: (id: number) => [...VMS, 'firewall-rules', id] as const,
    /** GetPortForwardings of one server: under 'vms' for the same reason (their state changes live). */
    portForwards: (id: number) => [...VMS, 'port-forwards', id] as const,
  },
  /** VmBackupFiles and VmSnapshots of one server: apart from 'vms', refreshed by their own live messages. */
  vmBackups: (id: number) => ['vm-backups', id] as const,
  vmSnapshots: (id: number) => ['vm-snapshots', id] as const,
  /** MyIso: the account's ISO images. */
  iso: {
    all: ISO,
    list: () => [...ISO, 'list'] as const,
  },
  /** MyIpsets, ClientIpsetsVms and GetIPsFromIpset: one area, as a change to a set's IPs changes its size. */
  ipsets: {
    all: IPSETS,
    list: () => [...IPSETS, 'list'] as const,
    one: (ipset: number) => [...IPSETS, 'one', ipset] as const,
    /** ClientIpsetsVms of the account (null) or of one IP set. */
    servers: (ipset: number | null) => [...IPSETS, 'servers', ipset] as const,
    ips: (ipset: number) => [...IPSETS, 'ips', ipset] as const,
    /** ClientIpsetsVms of one server: the IP sets a firewall rule of it may name (refreshed with every IP set change). */
    ofServer: (id: number) => [...IPSETS, 'of-server', id] as const,
  },
  /** MyIPs, MySystemIPs and GetPortForwardings (/myips). */
  myIps: {
    all: MY_IPS,
    mine: () => [...MY_IPS, 'mine'] as const,
    system: () => [...MY_IPS, 'system'] as const,
    portForwards: () => [...MY_IPS, 'port-forwards'] as const,
    /** The address this browser's session signed in from (MySessions, current). */
    sessionAddress: () => [...MY_IPS, 'session-address'] as const,
  },
  /** MyDomains. */
  domains: {
    all: DOMAINS,
    list: () => [...DOMAINS, 'list'] as const,
  },
  /**
   * Tickets (issue 16): the lists (MyTickets, or staff's AllTickets), one ticket and its comments,
   * the agents, a visitor's ticket and the dashboard card. One area, so a reply or a live message
   * refreshes every read of it. The attachment images are apart: a stored image never changes.
   */
  tickets: {
    all: TICKETS,
    list: (scope: 'mine' | 'staff', filters: object, page: number) => [...TICKETS, 'list', scope, filters, page] as const,
    one: (scope: 'mine' | 'staff', ticket: number) => [...TICKETS, 'one', scope, ticket] as const,
    comments: (scope: 'mine' | 'staff', ticket: number) => [...TICKETS, 'comments', scope, ticket] as const,
    guest: (ticket: number, key: string) => [...TICKETS, 'guest', ticket, key] as const,
    staff: () => [...TICKETS, 'support-staff'] as const,
    dashboard: () => [...TICKETS, 'dashboard'] as const,
  },
  ticketAttachment: (file: number) => ['ticket-attachment', file] as const,
  /** VmGraphData: apart from 'vms', so that server actions do not reload the graphs. */
  vmGraph: (id: number, range: GraphRange) => ['vm-graph', id, range] as const,
  /** MyProjects. */
  projects: {
    all: PROJECTS,
    page: (page: number) => [...PROJECTS, 'page', page] as const,
    one: (id: number) => [...PROJECTS, 'one', id] as const,
    /** Every project's id, name and default flag: the choices of the forms. */
    choices: () => [...PROJECTS, 'choices'] as const,
    dashboard: () => [...PROJECTS, 'dashboard'] as const,
  },
  /** MySSHKeys. */
  sshKeys: {
    all: SSH_KEYS,
    page: (project: number | 'all', page: number) => [...SSH_KEYS, project, page] as const,
    orderChoices: () => [...SSH_KEYS, 'order-choices'] as const,
  },
  /** MyUsers and MyClaims. */
  users: {
    all: USERS,
    list: (page: number) => [...USERS, 'list', page] as const,
    one: (username: string) => [...USERS, 'item', username.toLowerCase()] as const,
    grantable: () => [...USERS, 'grantable'] as const,
  },
  /** MyServices and MyServicesHistory. */
  services: {
    all: SERVICES,
    list: (page: number) => [...SERVICES, 'list', page] as const,
    one: (equipmentId: number) => [...SERVICES, 'item', equipmentId] as const,
    history: (equipmentId: number | null, page: number) => [...SERVICES, 'history', equipmentId, page] as const,
    servers: () => [...SERVICES, 'servers'] as const,
  },
  /** ServiceCatalogue. */
  serviceCatalogue: () => ['service-catalogue'] as const,
  /** MyInvoices, MyBalance and MyDeposits. */
  billing: {
    all: BILLING,
    invoices: (page: number) => [...BILLING, 'invoices', page] as const,
    balance: () => [...BILLING, 'balance'] as const,
    deposits: (page: number) => [...BILLING, 'deposits', page] as const,
    creditNotes: (page: number) => [...BILLING, 'credit-notes', page] as const,
    /** The client area's summary: the balance and the open invoices. */
    overview: () => [...BILLING, 'overview'] as const,
  },
  /** MyLogs, by its filters (an object of the logs feature). */
  logs: {
    all: LOGS,
    page: (filters: object, page: number, timeZone: string | undefined) => [...LOGS, filters, page, timeZone] as const,
  },
  /** Payments: the finance list, a payment's state, the public invoice. */
  payments: {
    all: PAYMENTS,
    pendingTransfers: () => [...PAYMENTS, 'pending-transfers'] as const,
    pendingTransfersPage: (search: string, page: number) => [...PAYMENTS, 'pending-transfers', search, page] as const,
    status: (id: number) => [...PAYMENTS, 'status', id] as const,
    publicInvoice: (issuer: string, invoice: string) => [...PAYMENTS, 'public-invoice', issuer, invoice] as const,
    publicInvoicePayment: (issuer: string, invoice: string, paymentId: number) =>
      [...PAYMENTS, 'public-invoice', issuer, invoice, 'payment', paymentId] as const,
  },
  /** The server builder's reads. */
  order: {
    models: (location: string, coreType: string) => [...ORDER, 'models', location, coreType] as const,
    serverOffers: (location: string) => [...ORDER, 'server-offers', location] as const,
    quote: (input: OrderQuoteInput) => [...ORDER, 'quote', input] as const,
    systems: () => [...ORDER, 'systems'] as const,
    trialEligibility: () => [...ORDER, 'trial-eligibility'] as const,
    sessionList: (key: string) => [...ORDER, 'session-list', key] as const,
  },
  /** VmsOffers' lowest price per location (the dashboard). */
  vmFromPrices: () => ['offers', 'vm-from-prices'] as const,
  /** GetVMPrices of one model at one location (a server's extras: its IPv4 address). */
  vmPrices: (modelId: number, location: string) => ['offers', 'vm-prices', modelId, location] as const,
  /** MyApiTokens (settings, issue 19). */
  apiTokens: () => ['api-tokens', 'MyApiTokens'] as const,
  /** MySessions, Timezones, MyLogoutTime. */
  settings: {
    sessions: () => [...SETTINGS, 'MySessions'] as const,
    timezones: () => [...SETTINGS, 'Timezones'] as const,
    logoutTime: () => [...SETTINGS, 'MyLogoutTime'] as const,
  },
  /** MyVerification, VerificationQueue and the document images. */
  verification: {
    mine: () => [...VERIFICATION, 'mine'] as const,
    queue: () => [...VERIFICATION, 'queue'] as const,
    queuePage: (page: number) => [...VERIFICATION, 'queue', page] as const,
    image: (scope: string, id: number) => [...VERIFICATION, 'image', scope, id] as const,
  },
  /** The global search's users. */
  searchUsers: () => ['search', 'users'] as const,
  searchServers: () => ['search', 'servers'] as const,
  searchIpsets: () => ['search', 'ipsets'] as const,
  /** Helptexts by label and InternalStatus (issue 16); the status differs for logged-in callers. */
  support: {
    all: SUPPORT,
    helptext: (label: string) => [...SUPPORT, 'helptext', label] as const,
    status: (loggedIn: boolean) => [...SUPPORT, 'status', loggedIn] as const,
  },
  /**
   * Dedicated servers (issue 17): MyDedicatedServers pages, ServerStats of one server, MyServerInstalls
   * and the dashboard card. One area, so a power message or a change of one server refreshes them all.
   */
  dedicated: {
    all: DEDICATED,
    page: (page: number) => [...DEDICATED, 'page', page] as const,
    stats: (serial: string) => [...DEDICATED, 'stats', serial] as const,
    installs: () => [...DEDICATED, 'installs'] as const,
    install: (serial: string) => [...DEDICATED, 'install', serial] as const,
    dashboard: () => [...DEDICATED, 'dashboard'] as const,
  },
  /** AbuseReports (staff): every page of both filters, and one page of one filter. */
  /** Finance's reads across accounts (issue 18): invoices, payments, revenue. */
  finance: {
    all: FINANCE,
    invoices: (filter: string, search: string, page: number) => [...FINANCE, 'invoices', filter, search, page] as const,
    payments: (search: string, page: number) => [...FINANCE, 'payments', search, page] as const,
    revenue: (from: string) => [...FINANCE, 'revenue', from] as const,
    creditNotes: (search: string, page: number) => [...FINANCE, 'credit-notes', search, page] as const,
  },
  abuseReports: {
    all: ABUSE,
    page: (filter: string, page: number) => [...ABUSE, filter, page] as const,
  },
  /** The reseller programme (issue 17): the account's standing, contracts, requests, and per client its invoices and files. */
  reseller: {
    all: RESELLER,
    me: () => [...RESELLER, 'me'] as const,
    contracts: () => [...RESELLER, 'contracts'] as const,
    requests: () => [...RESELLER, 'requests'] as const,
    invoices: (client: string) => [...RESELLER, 'invoices', client] as const,
    /** Every client's invoices at once: the commission per month over all clients. */
    allInvoices: () => [...RESELLER, 'all-invoices'] as const,
    files: (client: string) => [...RESELLER, 'files', client] as const,
  },
  /** The staff's screens of issue 18: help texts, status messages, banned addresses, problems, server stats. */
  staff: {
    all: STAFF,
    helptexts: (search: string, page: number) => [...STAFF, 'helptexts', search, page] as const,
    statuses: (filter: string, page: number) => [...STAFF, 'statuses', filter, page] as const,
    banned: (search: string, page: number) => [...STAFF, 'banned', search, page] as const,
    problems: (kind: string, page: number) => [...STAFF, 'problems', kind, page] as const,
    serverStats: (search: string, page: number) => [...STAFF, 'server-stats', search, page] as const,
  },
  /** The dedicated-server price lists (staff, issue 18): the offers' page, the part prices, the reference lists. */
  dedicatedPrices: {
    all: DEDICATED_PRICES,
    offers: (search: string, location: string, page: number) => [...DEDICATED_PRICES, 'offers', search, location, page] as const,
    parts: () => [...DEDICATED_PRICES, 'parts'] as const,
    reference: (view: string) => [...DEDICATED_PRICES, 'reference', view] as const,
    locations: () => [...DEDICATED_PRICES, 'locations'] as const,
  },
  /** The developer mailbox. */
  devMailbox: () => ['dev', 'mailbox'] as const,
} as const;
