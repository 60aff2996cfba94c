/**
 * Names and addresses as both DNS drivers take them (issue 15): the address in canonical text,
 * a hostname in lower case without the trailing dot, and the reverse name of an address
 * (`7.113.0.203.in-addr.arpa`, or the nibbles of an IPv6 address under `ip6.arpa`).
 */
import { canonicalAddress, parseIpv6, validatePtrHostname } from '@portside/contract/rules/network';
import { DnsError } from './dns.js';

/** The address in canonical text; REFUSED when it is none (a reverse zone holds addresses only). */
export function ptrAddress(address: string): string {
  const a = typeof address === 'string' ? canonicalAddress(address) : null;
  if (a === null) throw new DnsError('REFUSED', `'${String(address)}' is not an IP address`);
  return a;
}

/** The hostname of a PTR record: lower case, no trailing dot; REFUSED unless it is a valid name. */
export function ptrHostname(hostname: string): string {
  if (typeof hostname !== 'string' || hostname.trim() === '' || validatePtrHostname(hostname) !== null)
    throw new DnsError('REFUSED', `'${String(hostname)}' is not a valid host name for a PTR record`);
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

/** A name to look TXT records up for: lower case, no trailing dot; REFUSED when it is no DNS name. */
export function lookupName(name: string): string {
  const n = typeof name === 'string' ? name.trim().toLowerCase().replace(/\.$/, '') : '';
  if (n === '' || n.length > 253 || !n.split('.').every((l) => /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/.test(l)))
    throw new DnsError('REFUSED', `'${String(name)}' is not a DNS name`);
  return n;
}

/** The name to look up, or null when it is no DNS name (and so has no records). */
export function isLookupName(name: string): string | null {
  try {
    return lookupName(name);
  } catch {
    return null;
  }
}

/** The reverse name of a canonical address, without the trailing dot. */
export function reverseName(address: string): string {
  if (!address.includes(':')) return `${address.split('.').reverse().join('.')}.in-addr.arpa`;
  const hex = (parseIpv6(address) ?? 0n).toString(16).padStart(32, '0');
  return `${[...hex].reverse().join('.')}.ip6.arpa`;
}
