/**
 * Business constants and limits of the spec (document 2 §9), shared by web and server.
 */

/** The six interface languages; English is the default and the fallback. */
export const LANGUAGES = ['en', 'pl', 'de', 'pt', 'hi', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Language picker options (spec 2 §3: name, code, flag). */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: Language; name: string; flag: string }> = [
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'pl', name: 'Polski', flag: '🇵🇱' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { code: 'pt', name: 'Português', flag: '🇵🇹' },
  { code: 'hi', name: 'हिन्दी', flag: '🇮🇳' },
  { code: 'fi', name: 'Suomi', flag: '🇫🇮' },
];

/** Cookies (spec 2 §9): language 7 days, Secure, Strict; the others 1 day, path /, Lax. */
export const COOKIES = {
  token: { name: 'token', days: 1, path: '/', sameSite: 'Lax', secure: false },
  language: { name: 'language', days: 7, path: '/', sameSite: 'Strict', secure: true },
  referrer: { name: 'referrer', days: 1, path: '/', sameSite: 'Lax', secure: false },
} as const;

/** Timings in milliseconds (spec 2 §9). */
export const TIMING = {
  serverStateTimeoutMs: 120_000,
  searchDebounceMs: 300,
  terminalPollMs: 500,
  terminalMergeMs: 3_000,
  dialogCloseMs: 3_000,
  loadingClearMs: 100,
  tooltipFadeMs: 250,
  flashCycleMs: 1_000,
  flashPulseMs: 200,
  requestTimeoutMs: 30_000,
} as const;

/** Inactivity logout bounds in minutes (also a CHECK on clients.logout_after_minutes). */
export const LOGOUT_MINUTES = { min: 1, max: 1440, default: 60 } as const;

/** Layout breakpoints in pixels. */
export const LAYOUT = {
  mobileBelowPx: 576,
  sidebarProfileBelowPx: 992,
  dialogWidthPx: 750,
  overlayZIndex: 999_999,
} as const;

/** Limits of the spec. */
export const LIMITS = {
  registrationPasswordMin: 4,
  referralCodeLength: 7,
  voucherMin: 5,
  voucherMax: 15,
  iloPasswordLength: 8,
  minSearchPhrase: 2,
  maxDiskGb: 1000,
  ipsPerSet: 1000,
  ipsetsPerServer: 50,
  uploadMaxBytes: 2 * 1024 * 1024,
  ticketAttachments: 3,
  projectNameMin: 3,
  projectNameMax: 32,
  /** Confirmation and reset codes. */
  codeLength: 6,
  codeTtlMinutes: 30,
  codeMaxTries: 5,
} as const;

/** Money: the storage price is 0.03 euro per GB per month, kept as a fraction of a cent. */
export const PRICES = {
  storageCentsPerGbMonth: 3,
  backupSurchargePercent: 20,
} as const;

/** Activity status thresholds in minutes (WARNING, CRITICAL, DEAD; LOST after). */
export const ACTIVITY_THRESHOLDS_MIN = { warning: 1, critical: 5, dead: 10 } as const;

export const FOOTER_COPYRIGHT_YEAR = 2023;
export const NO_REFERRER = 'DBSSH';

/** Roles from pg_roles. */
export const ROLES = ['staff', 'finance'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Claims an account owner holds and may grant to sub-users. `billing-manage` is beyond the spec's
 * list: billing, payments, deposits, vouchers and ordering (docs/access.md).
 */
export const CUSTOMER_CLAIMS = [
  'menu-see-cloud-servers',
  'menu-see-dedicated-servers',
  'menu-see-my-services',
  'menu-see-ipsets',
  'menu-see-ip-management',
  'menu-see-users',
  'menu-see-custom-iso',
  'menu-see-custom-domains',
  'menu-see-virtual-dedicated',
  'menu-see-vpn-servers',
  'menu-see-windows-servers',
  'billing-manage',
  'vm-settings-backup',
  'vm-settings-delete',
  'vm-settings-firewall',
  'vm-settings-image',
  'vm-settings-snapshot',
  'logs-see',
] as const;

/** Claims of the provider's operators (staff); never held by customers. */
export const OPERATOR_CLAIMS = [
  'menu-see-server-stats',
  'menu-see-routers-subnets',
  'menu-see-routers-arp-entries',
  'menu-see-routers-ips',
  'menu-see-problems',
  'menu-see-ips-admin',
  'pg-see-client',
] as const;

export const CLAIMS = [...CUSTOMER_CLAIMS, ...OPERATOR_CLAIMS] as const;
export type Claim = (typeof CLAIMS)[number];

/** Client-side session state keys (spec 1 §3), kept in sessionStorage. */
export const SESSION_KEYS = [
  'token',
  'customerDetails',
  'cartItems',
  'pspHelperValue',
  'products',
  'productsVms',
  'hostingLocationGlobal',
  'errorMessage',
  'orderData',
  'serverBuilderData',
  'myIps',
  'serverDetails',
  'serverDedicatedDetails',
  'helpText',
  'loading',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** Session keys logout keeps: the payment helper value and the loading flag. */
const KEPT_ON_LOGOUT: readonly SessionKey[] = ['pspHelperValue', 'loading'];

/** What logout clears (spec 1 §4 Cart): every session key but those two. */
export const LOGOUT_CLEARED_KEYS: readonly SessionKey[] = SESSION_KEYS.filter((k) => !KEPT_ON_LOGOUT.includes(k));

/** Local storage keys. */
export const LOCAL_KEYS = {
  showIpv4: 'portside.list.showIpv4',
  showIpv6: 'portside.list.showIpv6',
  terminalMinimized: 'portside.terminal.minimized',
} as const;
