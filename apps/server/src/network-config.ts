/**
 * Configuration of the network drivers (issue 15): the DNS (reverse zones and TXT lookups) and the
 * gateways' port forwarding. Secrets (API keys, passwords) are kept here only to build the drivers
 * and are never logged.
 */
type Env = Record<string, string | undefined>;

export interface NetworkConfig {
  dns: {
    /** DNS_DRIVER: `simulator` (default) or `powerdns`. */
    driver: 'simulator' | 'powerdns';
    /** POWERDNS_URL: the PowerDNS Authoritative API's base URL, e.g. http://10.0.0.53:8081. */
    powerdnsUrl: string | null;
    /** POWERDNS_API_KEY: its X-API-Key. */
    powerdnsApiKey: string | null;
    /** POWERDNS_SERVER_ID: the API's server id (default localhost). */
    powerdnsServerId: string;
    /** DNS_RESOLVERS: the resolvers TXT lookups ask (address or address:port, comma separated); the system's when empty. */
    resolvers: string[];
    /** DNS_TIMEOUT_MS: how long one DNS or API call may take. */
    timeoutMs: number;
  };
  gateway: {
    /** GATEWAY_DRIVER: `simulator` (default) or `routeros`. */
    driver: 'simulator' | 'routeros';
    /** ROUTEROS_URL: the RouterOS REST API's base URL, e.g. https://gw1.example.net. */
    routerosUrl: string | null;
    /** ROUTEROS_USER and ROUTEROS_PASSWORD: basic auth of the REST API. */
    routerosUser: string | null;
    routerosPassword: string | null;
  };
  /** SIM_FIREWALL_MS: how long the simulator takes to save a firewall batch (spec: about 40 s on the real one). */
  simFirewallMs: number;
  /** ROUTER_TIMEOUT_MS: how long one call to a router's API may take (issue 18; default 10 s). */
  routerTimeoutMs: number;
}

function choice<T extends string>(name: string, raw: string | undefined, values: readonly T[], fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw new Error(`${name} must be one of ${values.join(', ')}, not '${raw}'`);
}

function whole(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of ms, not '${raw}'`);
  return n;
}

export function loadNetworkConfig(env: Env): NetworkConfig {
  const test = env.NODE_ENV === 'test';
  const dnsDriver = choice('DNS_DRIVER', env.DNS_DRIVER, ['simulator', 'powerdns'] as const, 'simulator');
  const gatewayDriver = choice('GATEWAY_DRIVER', env.GATEWAY_DRIVER, ['simulator', 'routeros'] as const, 'simulator');
  if (dnsDriver === 'powerdns' && !(env.POWERDNS_URL && env.POWERDNS_API_KEY))
    throw new Error('DNS_DRIVER=powerdns needs POWERDNS_URL and POWERDNS_API_KEY');
  if (gatewayDriver === 'routeros' && !(env.ROUTEROS_URL && env.ROUTEROS_USER && env.ROUTEROS_PASSWORD))
    throw new Error('GATEWAY_DRIVER=routeros needs ROUTEROS_URL, ROUTEROS_USER and ROUTEROS_PASSWORD');
  return {
    dns: {
      driver: dnsDriver,
      powerdnsUrl: env.POWERDNS_URL || null,
      powerdnsApiKey: env.POWERDNS_API_KEY || null,
      powerdnsServerId: env.POWERDNS_SERVER_ID || 'localhost',
      resolvers: (env.DNS_RESOLVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      timeoutMs: whole('DNS_TIMEOUT_MS', env.DNS_TIMEOUT_MS, 5000),
    },
    gateway: {
      driver: gatewayDriver,
      routerosUrl: env.ROUTEROS_URL || null,
      routerosUser: env.ROUTEROS_USER || null,
      routerosPassword: env.ROUTEROS_PASSWORD || null,
    },
    simFirewallMs: whole('SIM_FIREWALL_MS', env.SIM_FIREWALL_MS, test ? 0 : 10_000),
    routerTimeoutMs: whole('ROUTER_TIMEOUT_MS', env.ROUTER_TIMEOUT_MS, 10_000),
  };
}
