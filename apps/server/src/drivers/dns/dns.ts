/**
 * The DNS driver (issue 15): the provider's reverse zones (PTR records of the addresses it assigns)
 * and lookups of TXT records on the public DNS (custom domains prove their owner with one).
 * Implementations: `simulator` (records kept in PostgreSQL, the default; its TXT answers are the
 * records written with {@link SimulatorDns}) and `powerdns` (PTR records through the PowerDNS
 * Authoritative HTTP API, TXT lookups through the configured resolvers over the DNS protocol).
 */

/** Why a DNS call failed: nobody answered in time, or the DNS refused the change. */
export type DnsErrorCode = 'UNAVAILABLE' | 'REFUSED';

/** A failure of the DNS; `message` is the DNS's own text where it gave one. */
export class DnsError extends Error {
  constructor(
    readonly code: DnsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DnsError';
  }
}

export interface DnsDriver {
  /**
   * Makes `hostname` the PTR record of `address` (an IPv4 or IPv6 address in canonical text) in the
   * provider's reverse zone, replacing what was there; safe to repeat. The caller passes the
   * provider's default name to reset it. Throws REFUSED when the zone does not hold the address
   * or the DNS refuses the name, UNAVAILABLE when it does not answer.
   */
  setPtr(address: string, hostname: string): Promise<void>;
  /** The PTR record of `address` as the reverse zone holds it, or null when it has none. */
  ptr(address: string): Promise<string | null>;
  /**
   * The TXT records of `name` on the public DNS, each record's strings joined; [] when the name
   * does not exist or has none (NXDOMAIN, NODATA). Throws UNAVAILABLE when no resolver answers.
   */
  txt(name: string): Promise<string[]>;
}

/** The simulator's extra: what the public DNS answers (the demo and tests play the domain's owner). */
export interface SimulatorDns extends DnsDriver {
  /** Sets (or with [] removes) the TXT records of `name`. */
  setTxt(name: string, values: string[]): Promise<void>;
}
