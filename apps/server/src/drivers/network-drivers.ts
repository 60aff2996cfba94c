/** The network drivers of a process (issue 15): the DNS and the gateways' port forwarding. */
import type { Database } from '../db/database.js';
import type { Config } from '../config.js';
import type { DnsDriver } from './dns/dns.js';
import type { GatewayDriver } from './gateway/gateway.js';
import { createDns } from './dns/create-dns.js';
import { createGateway } from './gateway/create-gateway.js';

export interface NetworkDrivers {
  dns: DnsDriver;
  gateway: GatewayDriver;
}

/** The drivers the configuration chooses (simulators by default). */
export function defaultNetwork(config: Pick<Config, 'network'>, db: Database): NetworkDrivers {
  return { dns: createDns(config.network, db.owner), gateway: createGateway(config.network, db.owner) };
}
