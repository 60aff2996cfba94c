/** The DNS driver of a process, chosen by DNS_DRIVER (network-config.ts). */
import type pg from 'pg';
import type { NetworkConfig } from '../../network-config.js';
import { DnsError, type DnsDriver } from './dns.js';
import { createSimulatorDns } from './simulator-dns.js';

/** `simulator` keeps the records in PostgreSQL through `owner`; `powerdns` talks to PowerDNS and the resolvers. */
export function createDns(config: NetworkConfig, owner: pg.Pool): DnsDriver {
  if (config.dns.driver === 'simulator') return createSimulatorDns(owner);
  const down = () => Promise.reject(new DnsError('UNAVAILABLE', 'the powerdns DNS driver is not built yet'));
  return { setPtr: down, ptr: down, txt: down };
}
