/** The DNS driver of a process, chosen by DNS_DRIVER (network-config.ts). */
import type pg from 'pg';
import type { NetworkConfig } from '../../network-config.js';
import type { DnsDriver } from './dns.js';
import { createPowerDns } from './powerdns-dns.js';
import { createSimulatorDns } from './simulator-dns.js';

/** `simulator` keeps the records in PostgreSQL through `owner`; `powerdns` talks to PowerDNS and the resolvers. */
export function createDns(config: NetworkConfig, owner: pg.Pool): DnsDriver {
  return config.dns.driver === 'powerdns' ? createPowerDns(config.dns) : createSimulatorDns(owner);
}
