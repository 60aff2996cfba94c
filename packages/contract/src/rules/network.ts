/**
 * Addresses, ports and names of the network screens (issue 15; spec 1 §4 'IP set', 'Firewall
 * rule'): IPv4/IPv6 addresses and CIDR blocks in their canonical text, the comma-separated IP
 * lists of IP sets, firewall ports, reverse DNS hostnames and custom domain names. Pure functions,
 * shared by the web (to show the same messages at once) and the server (which decides).
 */
import type { MessageKey } from '../messages';
import { LIMITS } from '../constants';

/** An address or a network: the family, its canonical text without prefix, and the prefix length. */
export interface IpBlock {
  family: 4 | 6;
  /** Canonical text: dotted quad, or RFC 5952 IPv6 (lower case, longest zero run as ::). */
  address: string;
  /** 32 or 128 for a single address. */
  prefix: number;
}

const V4_OCTET = /^(0|[1-9]\d{0,2})$/;

/** An IPv4 address as a number, or null (leading zeros are refused: they read as octal elsewhere). */
export function parseIpv4(s: string): number | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!V4_OCTET.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

function formatIpv4(n: number): string {
  return [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
}

const V6_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** An IPv6 address as a bigint, or null; an embedded IPv4 tail (::ffff:1.2.3.4) is allowed. */
export function parseIpv6(s: string): bigint | null {
  if (s.length > 45 || s.includes('%')) return null;
  let text = s;
  const lastColon = text.lastIndexOf(':');
  if (lastColon < 0) return null;
  if (text.slice(lastColon + 1).includes('.')) {
    // An embedded IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] === '' ? [] : halves[0]!.split(':');
  const rest = halves.length === 2 && halves[1] !== '' ? halves[1]!.split(':') : [];
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const fill = halves.length === 2 ? Array<string>(8 - given).fill('0') : [];
  const groups: number[] = [];
  for (const g of [...head, ...fill, ...rest]) {
    if (!V6_GROUP.test(g)) return null;
    groups.push(parseInt(g, 16));
  }
  if (groups.length !== 8) return null;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** RFC 5952 text of an IPv6 address. */
export function formatIpv6(n: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((n >> BigInt(i * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

/**
 * An address or CIDR block in canonical form, or null when it is neither. A block must name its
 * network: host bits set after the prefix (10.0.0.1/24) are refused, as Proxmox and Hetzner do.
 */
export function parseIpBlock(input: string): IpBlock | null {
  const s = input.trim();
  const slash = s.indexOf('/');
  const addr = slash < 0 ? s : s.slice(0, slash);
  const prefixText = slash < 0 ? null : s.slice(slash + 1);
  if (prefixText !== null && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const v4 = parseIpv4(addr);
  if (v4 !== null) {
    const prefix = prefixText === null ? 32 : Number(prefixText);
    if (prefix > 32) return null;
    const hostBits = 32 - prefix;
    if (hostBits > 0 && v4 % 2 ** hostBits !== 0) return null;
    return { family: 4, address: formatIpv4(v4), prefix };
  }
  const v6 = parseIpv6(addr);
  if (v6 === null) return null;
  const prefix = prefixText === null ? 128 : Number(prefixText);
  if (prefix > 128) return null;
  const hostMask = (1n << BigInt(128 - prefix)) - 1n;
  if ((v6 & hostMask) !== 0n) return null;
  return { family: 6, address: formatIpv6(v6), prefix };
}

/** The block's text: the bare address for a single address, else address/prefix. */
export function formatIpBlock(b: IpBlock): string {
  return b.prefix === (b.family === 4 ? 32 : 128) ? b.address : `${b.address}/${b.prefix}`;
}

/** A single address (no prefix) in canonical text, or null. */
export function canonicalAddress(s: string): string | null {
  const b = parseIpBlock(s);
  return b && b.prefix === (b.family === 4 ? 32 : 128) && !s.includes('/') ? b.address : null;
}

/** What {@link splitIpList} found in a pasted list. */
export interface IpListParse {
  /** Valid entries in canonical text, in the order given, each once. */
  ips: string[];
  /** Entries that are no address or CIDR block, as typed. */
  invalid: string[];
  /** How many entries were repeats of an earlier one (removed). */
  duplicates: number;
}

/**
 * An IP set's addresses as entered (spec 1 §5: 'IPs are entered comma separated'): split on commas
 * (and line breaks or spaces, as pasted lists have them), each checked as an IPv4/IPv6 address or
 * CIDR block; repeats are removed.
 */
export function splitIpList(text: string): IpListParse {
  const seen = new Set<string>();
  const out: IpListParse = { ips: [], invalid: [], duplicates: 0 };
  for (const raw of text.split(/[,\s;]+/)) {
    if (raw === '') continue;
    const b = parseIpBlock(raw);
    if (!b) {
      out.invalid.push(raw);
      continue;
    }
    const key = formatIpBlock(b);
    if (seen.has(key)) out.duplicates++;
    else {
      seen.add(key);
      out.ips.push(key);
    }
  }
  return out;
}

/** The message of a pasted IP list, or null when it holds at least one entry and all are valid. */
export function validateIpList(text: string): MessageKey | null {
  const p = splitIpList(text);
  if (p.invalid.length) return 'ip_list_invalid';
  if (!p.ips.length) return 'ip_list_empty';
  return p.ips.length > LIMITS.ipsPerSet ? 'ipset_full' : null;
}

/**
 * A firewall rule's source (spec 1 §4, §5): empty or `{ip}/0` means all (answered as ''), else an
 * address or CIDR block in canonical text; null when invalid.
 */
export function normaliseFirewallSource(s: string): string | null {
  const t = s.trim();
  if (t === '') return '';
  const b = parseIpBlock(t);
  if (!b) return null;
  return b.prefix === 0 ? '' : formatIpBlock(b);
}

/** The lowest and highest port number. */
export const PORT_MIN = 1;
export const PORT_MAX = 65535;

/**
 * A firewall port: empty (any), a single port, or a range `a:b` (also written `a-b`) with a < b,
 * answered in Proxmox's form (`a:b`); null when invalid.
 */
export function normalisePortSpec(s: string): string | null {
  const t = s.trim();
  if (t === '') return '';
  const m = /^(\d{1,5})(?:\s*[:-]\s*(\d{1,5}))?$/.exec(t);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? null : Number(m[2]);
  const ok = (p: number) => p >= PORT_MIN && p <= PORT_MAX;
  if (!ok(a) || (b !== null && (!ok(b) || b <= a))) return null;
  return b === null ? String(a) : `${a}:${b}`;
}

/** Protocols of a firewall rule; ports need tcp or udp. */
export const FIREWALL_PROTOCOLS = ['any', 'tcp', 'udp', 'icmp'] as const;
export type FirewallProtocol = (typeof FIREWALL_PROTOCOLS)[number];

/** What a rule does with matching traffic (spec 1 §4). */
export const FIREWALL_ACTIONS = ['ACCEPT', 'DROP'] as const;
export type FirewallAction = (typeof FIREWALL_ACTIONS)[number];

/** Rules per server: Proxmox keeps them in one file; more than this is no longer readable. */
export const MAX_FIREWALL_RULES = 100;

/** A rule's comment: at most this many characters. */
export const FIREWALL_COMMENT_MAX = 120;

/** Port forwarding: the external ports the portal hands out on a location's gateway. */
export const FORWARD_PORT_MIN = 20000;
export const FORWARD_PORT_MAX = 29999;
/** Port forwards per server. */
export const MAX_FORWARDS_PER_SERVER = 20;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A reverse DNS hostname (PTR): a fully qualified name of at least two labels, letters, digits and
 * inner hyphens, at most 253 characters; a trailing dot is allowed. Empty means 'reset to the
 * provider's default'.
 */
export function validatePtrHostname(s: string): MessageKey | null {
  const t = s.trim().toLowerCase().replace(/\.$/, '');
  if (t === '') return null;
  if (t.length > 253) return 'field_too_long';
  const labels = t.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return 'ptr_invalid';
  return /^\d+$/.test(labels[labels.length - 1]!) ? 'ptr_invalid' : null;
}

/**
 * A custom domain (MyDomainAdd): a registrable name or subdomain in ASCII (xn-- for IDN), at least
 * two labels, a top-level label of letters; answered in lower case without a trailing dot.
 */
export function normaliseDomain(s: string): string | null {
  const t = s.trim().toLowerCase().replace(/\.$/, '');
  if (t === '' || t.length > 253) return null;
  const labels = t.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  return /^(xn--[a-z0-9-]+|[a-z]{2,63})$/.test(labels[labels.length - 1]!) ? t : null;
}

/** The message of a custom domain as typed, or null when it is valid. */
export function validateDomain(s: string): MessageKey | null {
  if (s.trim() === '') return 'domain_empty';
  return normaliseDomain(s) === null ? 'domain_invalid' : null;
}

/** The TXT record that proves a domain's ownership: its name and value. */
export function domainChallenge(domain: string, token: string): { name: string; value: string } {
  return { name: `_portside-challenge.${domain}`, value: `portside-verification=${token}` };
}
