import net from 'node:net';
import { loadNetworkConfig, type NetworkConfig } from './network-config.js';
import { loadOpsConfig, type OpsConfig } from './ops-config.js';
import path from 'node:path';

/** What a server process does: serve the API (and the SPA), run jobs, or both (DESIGN §1). */
export type ProcessRole = 'api' | 'worker';

/** PORTSIDE_ROLES, e.g. 'api', 'worker' or 'api,worker' (the default: both in one process). */
export function parseRoles(raw: string | undefined): ProcessRole[] {
  const parts = (raw || 'api,worker')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = parts.filter((r) => r !== 'api' && r !== 'worker');
  if (unknown.length || parts.length === 0) throw new Error(`PORTSIDE_ROLES must list api and/or worker, not '${raw}'`);
  return [...new Set(parts)] as ProcessRole[];
}

/** Runtime configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Optional separate login for the app role when DATABASE_URL is an owner account. */
  appDatabaseUrl: string | null;
  production: boolean;
  smtpUrl: string | null;
  /**
   * The developer mailbox (GET /api/dev/mailbox): on unless DEV_MAILBOX=off, NODE_ENV=production or
   * SMTP_URL is set; even then it answers only requests from the machine itself (loopback socket).
   */
  devMailbox: boolean;
  mailFrom: string;
  publicUrl: string | null;
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  /** Requests one personal API token may make per minute (API_TOKEN_RATE_PER_MINUTE); 429 beyond. */
  apiTokenRatePerMinute: number;
  webDist: string;
  /**
   * Whether the built app's source maps (*.map) are served (SOURCE_MAPS=on|off). Off by default
   * in production: they would hand out the whole front-end source; on otherwise, for debugging.
   */
  serveSourceMaps: boolean;
  seedOnFirstStart: boolean;
  rateLimit: RateLimitConfig;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDR ranges,
   * or loopback / linklocal / uniquelocal); false means the socket's address is the client's.
   */
  trustProxy: string[] | false;
  logLevel: string;
  /** What this process runs (PORTSIDE_ROLES). */
  roles: ProcessRole[];
  /** The issuer (brand) path part the notification calls of the service host must carry. */
  notificationIssuer: string;
  /**
   * PROVIDER_CLIENT_MARKER: the provider's own client marker (e.g. '@provider.example'). An account
   * whose owner's e-mail address contains it is internal and sees the private system images
   * (spec 1 §6); empty (the default) makes no account internal.
   */
  providerClientMarker: string;
  /** Payments (drivers/payments): the card provider and where bank transfers go. */
  payments: PaymentsConfig;
  /** Cloud VMs: how long a simulated cluster's tasks take, and how the workers follow operations. */
  vms: {
    /** Every simulator task's duration in ms (SIM_TASK_MS; 0 in tests, a few seconds in the demo). */
    simTaskMs: number;
    /** How often a worker polls a cluster task it waits on (VM_POLL_MS). */
    pollMs: number;
    /** A state change that has not arrived after this many ms fails the operation (spec 2 §9: 120000). */
    stateTimeoutMs: number;
    /** How often the heartbeat reads every cluster's inventory (HEARTBEAT_MS). */
    heartbeatMs: number;
    /** How long one Proxmox VE API request may take in a connection test, ms (PROXMOX_TIMEOUT_MS, default 30000, the client's own). */
    proxmoxTimeoutMs?: number;
  };
  /** Dedicated servers' BMCs (issue 17). */
  baremetal: {
    /** How long each phase of a simulated BMC's power change takes, ms (BMC_SIM_DELAY_MS; 150 in tests, 4000 in the demo). */
    simPowerDelayMs: number;
    /** How long a Redfish call may take before the BMC counts as away, ms (REDFISH_TIMEOUT_MS, default 10000). */
    redfishTimeoutMs: number;
  };
  /** Customers' ISO images (issue 13). */
  iso: {
    /** The largest ISO image accepted, uploaded or downloaded (ISO_MAX_MB, default 10240 = 10 GiB). */
    maxBytes: number;
    /**
     * Lets ISO downloads reach loopback and private addresses (ISO_ALLOW_PRIVATE_URLS=on): for tests
     * with a local file server only. A production process refuses to start with it.
     */
    allowPrivateUrls: boolean;
  };
  /** The DNS and gateway drivers (issue 15). */
  network: NetworkConfig;
  /** Metrics, shutdown and readiness (issue 19, ops-config.ts). */
  ops: OpsConfig;
}

/**
 * Attempts at the public authentication calls. Failures are counted per (account, address) and
 * per address, each refused (429) once it reaches its limit in the window; an account's failures
 * from all addresses together only slow its logins down (a growing delay up to `maxDelayMs`),
 * so nobody can lock an owner out by failing on purpose.
 */
export interface RateLimitConfig {
  windowSeconds: number;
  /** Failures from one address, whatever the account (RATE_LIMIT_PER_IP). */
  perIp: number;
  /** Failures for one account from one address (RATE_LIMIT_PER_ACCOUNT). */
  perAccount: number;
  /** The first delay once an account has `perAccount` failures from all addresses; doubles with each further one. */
  baseDelayMs: number;
  /** The longest delay an account's login is slowed down by (RATE_LIMIT_MAX_DELAY_MS). */
  maxDelayMs: number;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: the proxies' addresses, comma separated. 'true' (believe any sender's forwarded
 * header) is refused: anyone could then claim any address and dodge the per-address limits.
 */
export function parseTrustProxy(raw: string | undefined): string[] | false {
  if (!raw || raw.trim() === '' || raw.trim() === 'false') return false;
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of parts) {
    const [addr, bits, extra] = p.split('/');
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv6(addr ?? '') ? 128 : 32));
    if (!(PROXY_NAMES.has(p) || (addr && net.isIP(addr) && okBits && extra === undefined))) {
      throw new Error(`TRUST_PROXY must name the proxies' addresses (e.g. 10.0.0.5,10.0.1.0/24 or loopback), not '${raw}'`);
    }
  }
  return parts;
}

/** The one place the seller's bank account and the card provider are configured. */
export interface PaymentsConfig {
  /** PAYMENTS_CARD_PROVIDER: the card provider's driver; 'test-card' (the embedded default) so far. */
  cardProvider: 'test-card';
  /** The account bank transfers are paid to (PAYMENTS_BANK_IBAN, _BIC, _BENEFICIARY). */
  bank: { iban: string; bic: string; beneficiary: string };
}

/**
 * The card provider. The test card provider takes made-up card numbers, so a production process
 * (NODE_ENV=production) only uses it when PAYMENTS_CARD_PROVIDER names it explicitly.
 */
function cardProvider(raw: string | undefined, production: boolean): PaymentsConfig['cardProvider'] {
  if (!raw && production) {
    throw new Error(
      'PAYMENTS_CARD_PROVIDER must be set in production: test-card accepts made-up card numbers (set it to test-card only for a demo)',
    );
  }
  if (!raw || raw === 'test-card') return 'test-card';
  throw new Error(`PAYMENTS_CARD_PROVIDER must be test-card, not '${raw}'`);
}

/** The seller's account bank transfers are paid to (PAYMENTS_BANK_*): on invoices and in the transfer instructions. */
export function sellerBank(env: NodeJS.ProcessEnv = process.env): PaymentsConfig['bank'] {
  return {
    iban: env.PAYMENTS_BANK_IBAN || 'PT50 0002 0123 1234 5678 9015 4',
    bic: env.PAYMENTS_BANK_BIC || 'PSIDPTPL',
    beneficiary: env.PAYMENTS_BANK_BENEFICIARY || 'Portside Cloud, Lda.',
  };
}

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: num(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, '.data')),
    databaseUrl: env.DATABASE_URL || null,
    appDatabaseUrl: env.APP_DATABASE_URL || null,
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL || null,
    devMailbox: env.DEV_MAILBOX !== 'off' && env.NODE_ENV !== 'production' && !env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Portside <no-reply@portside.test>',
    publicUrl: env.PUBLIC_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    tokenTtlSeconds: num(env.TOKEN_TTL_SECONDS, 24 * 3600),
    apiTokenRatePerMinute: num(env.API_TOKEN_RATE_PER_MINUTE, 600),
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    serveSourceMaps: env.SOURCE_MAPS ? env.SOURCE_MAPS === 'on' : env.NODE_ENV !== 'production',
    seedOnFirstStart: env.SEED !== 'off',
    rateLimit: {
      windowSeconds: num(env.RATE_LIMIT_WINDOW_SECONDS, 15 * 60),
      perIp: num(env.RATE_LIMIT_PER_IP, 30),
      perAccount: num(env.RATE_LIMIT_PER_ACCOUNT, 8),
      baseDelayMs: num(env.RATE_LIMIT_BASE_DELAY_MS, 500),
      maxDelayMs: num(env.RATE_LIMIT_MAX_DELAY_MS, 10_000),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    roles: parseRoles(env.PORTSIDE_ROLES),
    notificationIssuer: env.NOTIFICATION_ISSUER || 'portside',
    providerClientMarker: (env.PROVIDER_CLIENT_MARKER ?? '').trim().slice(0, 200),
    payments: {
      cardProvider: cardProvider(env.PAYMENTS_CARD_PROVIDER, env.NODE_ENV === 'production'),
      bank: sellerBank(env),
    },
    vms: {
      simTaskMs: num(env.SIM_TASK_MS, env.NODE_ENV === 'test' ? 0 : 2500),
      pollMs: num(env.VM_POLL_MS, env.NODE_ENV === 'test' ? 20 : 500),
      stateTimeoutMs: num(env.VM_STATE_TIMEOUT_MS, 120_000),
      heartbeatMs: num(env.HEARTBEAT_MS, 15_000),
      proxmoxTimeoutMs: num(env.PROXMOX_TIMEOUT_MS, 30_000),
    },
    baremetal: {
      simPowerDelayMs: num(env.BMC_SIM_DELAY_MS, env.NODE_ENV === 'test' ? 150 : 4000),
      redfishTimeoutMs: num(env.REDFISH_TIMEOUT_MS, 10_000),
    },
    iso: {
      maxBytes: num(env.ISO_MAX_MB, 10_240) * 1024 * 1024,
      allowPrivateUrls: isoPrivateUrls(env.ISO_ALLOW_PRIVATE_URLS, env.NODE_ENV === 'production'),
    },
    network: loadNetworkConfig(env),
    ops: loadOpsConfig(env),
  };
}

/** ISO_ALLOW_PRIVATE_URLS: 'on' only outside production (an SSRF door in front of customers). */
function isoPrivateUrls(raw: string | undefined, production: boolean): boolean {
  const on = raw === 'on';
  if (on && production) throw new Error('ISO_ALLOW_PRIVATE_URLS=on is for tests and cannot be used with NODE_ENV=production');
  return on;
}
