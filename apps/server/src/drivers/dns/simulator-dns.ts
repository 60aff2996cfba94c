/**
 * The `simulator` DNS driver (issue 15): the provider's reverse zones and the public DNS played by
 * PostgreSQL (migration 0031), so every server instance sees the same records and they survive
 * restarts. Its reverse zones hold every address (setPtr refuses only what is no address or no
 * valid host name); its TXT answers are what {@link SimulatorDns.setTxt} wrote, as the demo and
 * the tests play a domain's owner. A database that does not answer is an UNAVAILABLE DNS.
 */
import type pg from 'pg';
import { DnsError, type SimulatorDns } from './dns.js';
import { isLookupName, lookupName, ptrAddress, ptrHostname } from './dns-names.js';
import * as db from './simulator-dns.repository.js';

/** A TXT record's strings joined: at most this many bytes (as the table allows). */
const TXT_MAX_BYTES = 4000;

/** Runs a database call, turning its failure into an UNAVAILABLE DNS (no SQL in the message). */
async function reach<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof DnsError) throw e;
    throw new DnsError('UNAVAILABLE', 'the simulated DNS did not answer');
  }
}

/** The simulator over the owner pool (`Database.owner`): the sim_dns_* tables are closed to portside_app. */
export function createSimulatorDns(pool: pg.Pool): SimulatorDns {
  return {
    async setPtr(address, hostname) {
      const a = ptrAddress(address);
      const h = ptrHostname(hostname);
      await reach(() => db.upsertPtr(pool, a, h));
    },

    async ptr(address) {
      const a = ptrAddress(address);
      return reach(() => db.findPtr(pool, a));
    },

    async txt(name) {
      const n = isLookupName(name);
      return n === null ? [] : reach(() => db.listTxt(pool, n));
    },

    async setTxt(name, values) {
      const n = lookupName(name);
      if (!Array.isArray(values) || values.some((v) => typeof v !== 'string' || Buffer.byteLength(v) > TXT_MAX_BYTES))
        throw new DnsError('REFUSED', `TXT records must be texts of at most ${TXT_MAX_BYTES} bytes`);
      await reach(() => db.replaceTxt(pool, n, values));
    },
  };
}
