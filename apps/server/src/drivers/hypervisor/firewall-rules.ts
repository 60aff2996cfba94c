/**
 * What both firewall drivers check before they touch a cluster, and how the simulator decides on a
 * packet (issue 15). Checking the whole batch first is what keeps a VM's previous rules when one
 * rule is refused: Proxmox VE checks each rule only as it is added, after the old ones are gone.
 * The wording follows Proxmox's parameter errors ('no such ipset', 'does not support ports'),
 * prefixed by the rule's 1-based position as the driver interface asks.
 */
import {
  formatIpBlock,
  normalisePortSpec,
  parseIpBlock,
  parseIpv4,
  parseIpv6,
  type IpBlock,
} from '@portside/contract/rules/network';
import { HypervisorError, type ClusterIpset, type FirewallRuleSpec } from './hypervisor.js';

/** Proxmox's IP set name rule: a letter, then letters, digits, - and _ (two characters at least), at most 64. */
export const IPSET_NAME = /^[A-Za-z][A-Za-z0-9_-]+$/;
const IPSET_NAME_MAX = 64;
/** A comment is one line of printable text (Proxmox keeps it on the rule's line of the .fw file). */
const ONE_LINE = /^[^\x00-\x1f\x7f]*$/;

const bad = (message: string) => new HypervisorError('BAD_PARAMETER', message);

/** A port field as the cluster stores it: '' or 'n' or 'a:b' in canonical form; null when it is not. */
function portField(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return normalisePortSpec(value) === value ? value : null;
}

/**
 * The errors of one rule, keyed by field as Proxmox reports them; `hasIpset` says whether an IP
 * set of that name exists.
 */
export function ruleErrors(rule: FirewallRuleSpec, hasIpset: (name: string) => boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (rule.action !== 'ACCEPT' && rule.action !== 'DROP') errors.action = `unknown action '${String(rule.action)}'`;
  if (rule.proto !== null && rule.proto !== 'tcp' && rule.proto !== 'udp' && rule.proto !== 'icmp')
    errors.proto = `unknown protocol '${String(rule.proto)}'`;
  for (const field of ['sport', 'dport'] as const) {
    const value = rule[field];
    if (value === '') continue;
    if (portField(value) === null) errors[field] = `invalid port '${String(value)}'`;
    else if (rule.proto === null) errors.proto = `missing property - '${field}' requires this property`;
    else if (rule.proto === 'icmp') errors[field] = `protocol '${rule.proto}' does not support ports`;
  }
  const source = rule.source;
  if (typeof source !== 'string') errors.source = 'value must be a string';
  else if (source.startsWith('+')) {
    const name = source.slice(1);
    if (!IPSET_NAME.test(name) || name.length > IPSET_NAME_MAX) errors.source = `invalid ipset name '${source}'`;
    else if (!hasIpset(name)) errors.source = `no such ipset '${name}'`;
  } else if (source !== '') {
    const block = parseIpBlock(source);
    if (!block || formatIpBlock(block) !== source || block.prefix === 0)
      errors.source = `value '${source}' does not look like a valid IP address or CIDR network`;
  }
  if (typeof rule.comment !== 'string' || !ONE_LINE.test(rule.comment)) errors.comment = 'comment must be a single line';
  return errors;
}

/**
 * Checks a batch of rules and the inbound policy; throws BAD_PARAMETER naming the first refused
 * rule's position ('rule 2: source: no such ipset ...').
 */
export function checkFirewallBatch(rules: FirewallRuleSpec[], policyIn: unknown, hasIpset: (name: string) => boolean): void {
  if (!Array.isArray(rules)) throw bad('rules must be a list');
  if (policyIn !== 'ACCEPT' && policyIn !== 'DROP')
    throw bad(`policy_in: value '${String(policyIn)}' does not have a value in the enumeration 'ACCEPT, REJECT, DROP'`);
  rules.forEach((rule, i) => {
    const errors = ruleErrors(rule, hasIpset);
    const text = Object.entries(errors).map(([k, v]) => `${k}: ${v}`);
    if (text.length) throw bad(`rule ${i + 1}: ${text.join('; ')}`);
  });
}

/** A rule reduced to the interface's fields, in their order (callers may pass richer objects). */
export const plainRule = (r: FirewallRuleSpec): FirewallRuleSpec => ({
  action: r.action,
  source: r.source,
  proto: r.proto,
  sport: r.sport,
  dport: r.dport,
  comment: r.comment,
});

/** The IP sets a batch of rules names (without the '+'). */
export function ipsetsNamed(rules: FirewallRuleSpec[]): string[] {
  return [...new Set(rules.filter((r) => r.source.startsWith('+')).map((r) => r.source.slice(1)))];
}

/** Orders address texts as the drivers answer them (plain text order, the same on every driver). */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * An IP set as the cluster gets it: the name and comment checked, the entries canonical, each
 * once, sorted. Throws BAD_PARAMETER for a bad name, comment or entry.
 */
export function normaliseIpset(set: ClusterIpset): ClusterIpset {
  if (typeof set?.name !== 'string' || !IPSET_NAME.test(set.name) || set.name.length > IPSET_NAME_MAX)
    throw bad(`name: invalid format - value '${String(set?.name)}' does not match the regex pattern`);
  if (typeof set.comment !== 'string' || !ONE_LINE.test(set.comment)) throw bad('comment: comment must be a single line');
  if (!Array.isArray(set.cidrs)) throw bad('cidr: entries must be a list');
  const cidrs = new Set<string>();
  for (const entry of set.cidrs) {
    const block = typeof entry === 'string' ? parseIpBlock(entry) : null;
    if (!block) throw bad(`cidr: value '${String(entry)}' does not look like a valid IP address or CIDR network`);
    cidrs.add(formatIpBlock(block));
  }
  return { name: set.name, comment: set.comment, cidrs: [...cidrs].sort(byText) };
}

/** The address as a number of its family. */
const toBig = (b: IpBlock): bigint => (b.family === 4 ? BigInt(parseIpv4(b.address) ?? 0) : (parseIpv6(b.address) ?? 0n));

/** Whether the address `ip` lies in the network `net` (same family only). */
export function inBlock(ip: IpBlock, net: IpBlock): boolean {
  if (ip.family !== net.family) return false;
  const bits = BigInt(net.family === 4 ? 32 : 128);
  const shift = bits - BigInt(net.prefix);
  return toBig(ip) >> shift === toBig(net) >> shift;
}

/** Whether port `p` is in the spec ('' any, 'n', 'a:b'). */
export function portMatches(spec: string, p: number | null): boolean {
  if (spec === '') return true;
  if (p === null) return false;
  const [a, b] = spec.split(':').map(Number) as [number, number | undefined];
  return b === undefined ? p === a : p >= a && p <= b;
}

/** A packet offered to a VM, for the simulator's verdict. */
export interface FirewallPacket {
  /** The sender's address (IPv4 or IPv6). */
  source: string;
  proto: 'tcp' | 'udp' | 'icmp';
  /** Destination port (tcp and udp); null for icmp. */
  dport: number | null;
  /** Source port, when the test cares. */
  sport?: number | null;
}

/**
 * What a VM's inbound firewall does with `packet`: the first matching rule's action, else the
 * policy; everything is accepted while the firewall is off. `ipset(name)` answers an IP set's
 * entries (an unknown set matches nothing).
 */
export function verdict(
  options: { enabled: boolean; policyIn: 'ACCEPT' | 'DROP' },
  rules: FirewallRuleSpec[],
  packet: FirewallPacket,
  ipset: (name: string) => string[],
): 'ACCEPT' | 'DROP' {
  if (!options.enabled) return 'ACCEPT';
  const from = parseIpBlock(packet.source);
  if (!from || from.prefix !== (from.family === 4 ? 32 : 128)) throw bad(`source '${packet.source}' is no address`);
  const sourceMatches = (source: string) => {
    if (source === '') return true;
    const nets = source.startsWith('+') ? ipset(source.slice(1)) : [source];
    return nets.some((n) => {
      const net = parseIpBlock(n);
      return net !== null && inBlock(from, net);
    });
  };
  for (const r of rules) {
    if (r.proto !== null && r.proto !== packet.proto) continue;
    if (!portMatches(r.dport, packet.dport) || !portMatches(r.sport, packet.sport ?? null)) continue;
    if (sourceMatches(r.source)) return r.action;
  }
  return options.policyIn;
}
