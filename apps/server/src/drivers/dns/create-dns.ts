/** The DNS driver of a process, chosen by DNS_DRIVER (network-config.ts). Being built: the drivers land next. */
import type pg from 'pg';
import type { NetworkConfig } from '../../network-config.js';
import { DnsError, type DnsDriver } from './dns.js';

export function createDns(_config: NetworkConfig, _owner: pg.Pool): DnsDriver {
  const down = () => Promise.reject(new DnsError('UNAVAILABLE', 'the DNS driver is not built yet'));
  return { setPtr: down, ptr: down, txt: down };
}
