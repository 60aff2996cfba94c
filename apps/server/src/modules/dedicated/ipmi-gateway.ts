/**
 * What a location's IPMI gateway carries (issue 17: 'the BMC reachable only through that tunnel').
 * The gateway is a Linux host with a WireGuard interface `wg-ipmi` whose agent (a timer running
 * curl, `wg syncconf` and `nft -f`; README 'Dedicated servers') fetches, with its own token:
 * - the peers: one per server with IPMI access on and a key set, allowed only its /32;
 * - the nftables rules: each peer's traffic to its server's BMC tunnel address is sent to that
 *   BMC's real address and nowhere else; everything else arriving on the tunnel is dropped.
 * The BMCs' real addresses never leave the provider's side: customers see only tunnel addresses.
 */
import crypto from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { GatewayPeer } from './ipmi-gateway.repository.js';

export const sha256Hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** A new agent token: shown once to staff, only its hash stored. */
export function newGatewayToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}

/** The WireGuard interface on the gateway the rules are written for. */
export const IPMI_INTERFACE = 'wg-ipmi';

/** The [Peer] sections for `wg syncconf` (the agent puts its own [Interface] section in front). */
export function wgPeersConfig(location: string, peers: readonly GatewayPeer[]): string {
  const lines = [`# Portside IPMI peers of ${location}: ${peers.length}`];
  for (const p of peers)
    lines.push('', `# ${p.serial}`, '[Peer]', `PublicKey = ${p.wg_pubkey}`, `AllowedIPs = ${p.wg_address}/32`);
  return `${lines.join('\n')}\n`;
}

/** A redfish BMC's IPv4 address from its URL; null for a simulated BMC or a name that is not an address. */
export function bmcRealAddress(p: Pick<GatewayPeer, 'bmc_driver' | 'bmc_address'>): string | null {
  if (p.bmc_driver !== 'redfish' || !p.bmc_address) return null;
  try {
    const host = new URL(p.bmc_address).hostname;
    return isIPv4(host) ? host : null;
  } catch {
    return null;
  }
}

/**
 * The nftables ruleset (`nft -f`), replacing the table `portside_ipmi` in one transaction: DNAT of
 * each tunnel address to its BMC for its one peer, masquerading towards the BMCs, and a drop of
 * anything else from the tunnel.
 */
export function nftRules(location: string, peers: readonly GatewayPeer[]): string {
  const nat: string[] = [];
  const forward: string[] = [];
  const skipped: string[] = [];
  for (const p of peers) {
    const real = bmcRealAddress(p);
    if (!real) {
      skipped.push(`# ${p.serial}: its BMC has no IPv4 address to route to (simulated, or a host name)`);
      continue;
    }
    nat.push(`    iifname "${IPMI_INTERFACE}" ip saddr ${p.wg_address} ip daddr ${p.bmc_tunnel_ip} dnat ip to ${real}`);
    forward.push(`    iifname "${IPMI_INTERFACE}" ip saddr ${p.wg_address} ip daddr ${real} accept`);
  }
  return [
    `# Portside IPMI gateway rules of ${location}`,
    ...skipped,
    'table inet portside_ipmi',
    'delete table inet portside_ipmi',
    'table inet portside_ipmi {',
    '  chain prerouting {',
    '    type nat hook prerouting priority dstnat; policy accept;',
    ...nat,
    '  }',
    '  chain postrouting {',
    '    type nat hook postrouting priority srcnat; policy accept;',
    `    iifname "${IPMI_INTERFACE}" oifname != "${IPMI_INTERFACE}" masquerade`,
    '  }',
    '  chain forward {',
    '    type filter hook forward priority filter; policy accept;',
    `    oifname "${IPMI_INTERFACE}" ct state established,related accept`,
    ...forward,
    `    iifname "${IPMI_INTERFACE}" drop`,
    '  }',
    '  chain input {',
    '    type filter hook input priority filter; policy accept;',
    `    iifname "${IPMI_INTERFACE}" ct state established,related accept`,
    `    iifname "${IPMI_INTERFACE}" drop`,
    '  }',
    '}',
    '',
  ].join('\n');
}
