/**
 * What a pasted IP list would do before it is sent (spec 1 §5: IPs are entered comma separated, at
 * most 1000 in a set): the contract's splitIpList finds the invalid entries and the repeats; the
 * entries the set holds already are counted apart, so the user is told how many are new and whether
 * the set would go over its limit. The server checks the same again.
 */
import { LIMITS } from '@portside/contract/constants';
import type { MessageKey } from '@portside/contract/messages';
import { formatIpBlock, parseIpBlock, splitIpList } from '@portside/contract/rules/network';

export interface IpListCheck {
  /** Valid entries not in the set yet, canonical, each once. */
  fresh: string[];
  /** Entries as typed that are no address or CIDR block. */
  invalid: string[];
  /** Repeats within the list. */
  duplicates: number;
  /** Valid entries the set holds already. */
  existing: number;
  /** Entries the set would hold after adding the list. */
  total: number;
  /** The message that stops the list from being sent, or null when it may be sent. */
  problem: MessageKey | null;
}

/** An entry as the set stores it, so that '10.0.0.1/32' and '10.0.0.1' are one. */
export function canonicalEntry(entry: string): string {
  const block = parseIpBlock(entry);
  return block ? formatIpBlock(block) : entry.trim();
}

/**
 * Checks `text` against the entries a set holds (`inSet`, canonical; empty for a new set).
 * `required` makes an empty list a problem (adding IPs); a new set may start empty.
 */
export function checkIpList(text: string, inSet: ReadonlySet<string> = new Set(), required = true): IpListCheck {
  const parsed = splitIpList(text);
  const fresh = parsed.ips.filter((ip) => !inSet.has(ip));
  const existing = parsed.ips.length - fresh.length;
  const total = inSet.size + fresh.length;
  let problem: MessageKey | null = null;
  if (parsed.invalid.length > 0) problem = 'ip_list_invalid';
  else if (required && parsed.ips.length === 0) problem = 'ip_list_empty';
  else if (total > LIMITS.ipsPerSet) problem = 'ipset_full';
  return { fresh, invalid: parsed.invalid, duplicates: parsed.duplicates, existing, total, problem };
}
