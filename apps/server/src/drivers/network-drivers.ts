/** The network drivers of a process: the DNS and the gateways' port forwarding (issue 15), the routers (issue 18). */
import type { Database } from '../db/database.js';
import type { Config } from '../config.js';
import type { DnsDriver } from './dns/dns.js';
import type { GatewayDriver } from './gateway/gateway.js';
import { createDns } from './dns/create-dns.js';
import { createGateway } from './gateway/create-gateway.js';
import { createRouterRegistry, type RouterRegistry } from './router/registry.js';

export interface NetworkDrivers {
  dns: DnsDriver;
  gateway: GatewayDriver;
  /** The driver of each registered router (subnets, ARP, DHCP leases). */
  routers: RouterRegistry;
}

/**
 * The drivers the configuration chooses (simulators by default). `dataKey` opens the routers'
 * sealed passwords (without it only simulated routers registered without one are reached).
 */
export function defaultNetwork(config: Pick<Config, 'network'>, db: Database, dataKey?: Buffer): NetworkDrivers {
  return {
    dns: createDns(config.network, db.owner),
    gateway: createGateway(config.network, db.owner),
    routers: createRouterRegistry({
      owner: db.owner,
      dataKey: dataKey ?? Buffer.alloc(32),
      routeros: { timeoutMs: config.network.routerTimeoutMs },
    }),
  };
}
