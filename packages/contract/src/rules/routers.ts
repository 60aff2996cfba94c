/**
 * Pure rules of the provider's routers (issue 18, network operations): MAC addresses as the portal
 * writes them, and which addresses of an IPv4 subnet a DHCP reservation may take. Shared by the
 * staff forms (/routers-ips) and the server, so both refuse the same input.
 */
import { parseIpv4 } from './network';

/** A MAC address: six pairs of hex digits separated by ':' or '-' (either case), or twelve hex digits. */
const MAC_PATTERN = /^(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{12})$/;

/**
 * The MAC address in the portal's form (upper case, colon separated, as RouterOS prints it), or
 * null when it is no MAC address. Multicast and all-zero addresses are refused: no DHCP client has one.
 */
export function normalizeMac(raw: string): string | null {
  const s = raw.trim();
  if (!MAC_PATTERN.test(s)) return null;
  const hex = s.replace(/[:-]/g, '').toUpperCase();
  if (hex === '000000000000' || (parseInt(hex.slice(0, 2), 16) & 1) === 1) return null;
  return hex.match(/../g)!.join(':');
}

/** An IPv4 subnet in CIDR form as numbers: its network address, prefix length and size. */
export interface Ipv4Subnet {
  network: number;
  prefix: number;
  size: number;
}

/** '185.66.10.0/24' as an {@link Ipv4Subnet}, or null (host bits set, or not IPv4 CIDR). */
export function parseIpv4Subnet(cidr: string): Ipv4Subnet | null {
  const m = /^([0-9.]+)\/(\d{1,2})$/.exec(cidr.trim());
  if (!m) return null;
  const base = parseIpv4(m[1]!);
  const prefix = Number(m[2]);
  if (base === null || prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  if (base % size !== 0) return null;
  return { network: base, prefix, size };
}

/** Why an address cannot carry a DHCP reservation in a subnet, or null when it can. */
export type HostProblem = 'not_ipv4' | 'outside' | 'network' | 'broadcast' | 'gateway';

/**
 * Whether `address` may be handed out by DHCP in `subnet` whose router holds `gateway`: inside the
 * subnet, not its network or broadcast address (subnets of /31 and /32 have neither), not the gateway.
 */
export function hostProblem(address: string, subnet: string, gateway: string): HostProblem | null {
  const a = parseIpv4(address.trim());
  const s = parseIpv4Subnet(subnet);
  if (a === null || s === null) return 'not_ipv4';
  if (a < s.network || a >= s.network + s.size) return 'outside';
  if (s.prefix < 31 && a === s.network) return 'network';
  if (s.prefix < 31 && a === s.network + s.size - 1) return 'broadcast';
  if (a === parseIpv4(gateway.replace(/\/\d+$/, ''))) return 'gateway';
  return null;
}

/** Longest DHCP reservation comment (RouterOS keeps longer, the portal's list shows one line). */
export const DHCP_COMMENT_MAX = 120;
