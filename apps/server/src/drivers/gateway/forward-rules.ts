/**
 * What both gateway drivers check of a batch of forwards before they touch a gateway (issue 15):
 * the gateway and target addresses, protocols, ports and comments, one forward per protocol and
 * external port, and no forward from an IPv4 gateway to an IPv6 target (destination NAT keeps the
 * family). Refusals are REFUSED with the forward's 1-based position.
 */
import { canonicalAddress } from '@portside/contract/rules/network';
import { GatewayError, type GatewayForward } from './gateway.js';

/** A comment on the gateway: one line of printable text, at most this long. */
export const FORWARD_COMMENT_MAX = 200;

const isPort = (p: unknown) => Number.isInteger(p) && (p as number) >= 1 && (p as number) <= 65535;

/** The gateway's address in canonical text; REFUSED when it is none. */
export function gatewayAddress(gateway: string): string {
  const a = typeof gateway === 'string' ? canonicalAddress(gateway) : null;
  if (a === null) throw new GatewayError('REFUSED', `gateway '${String(gateway)}' is not an IP address`);
  return a;
}

/** Orders forwards as the drivers answer them: by protocol, then external port. */
export const byProtocolAndPort = (a: GatewayForward, b: GatewayForward) =>
  a.protocol === b.protocol ? a.externalPort - b.externalPort : a.protocol < b.protocol ? -1 : 1;

/** The batch checked and canonical (target addresses), sorted; throws REFUSED naming the first bad forward. */
export function checkForwards(gateway: string, forwards: GatewayForward[]): GatewayForward[] {
  if (!Array.isArray(forwards)) throw new GatewayError('REFUSED', 'forwards must be a list');
  const v4 = !gateway.includes(':');
  const seen = new Set<string>();
  const out = forwards.map((f, i) => {
    const refuse = (why: string) => new GatewayError('REFUSED', `forward ${i + 1}: ${why}`);
    if (f.protocol !== 'tcp' && f.protocol !== 'udp') throw refuse(`unknown protocol '${String(f.protocol)}'`);
    if (!isPort(f.externalPort)) throw refuse(`external port '${String(f.externalPort)}' is not a port`);
    if (!isPort(f.targetPort)) throw refuse(`target port '${String(f.targetPort)}' is not a port`);
    const target = typeof f.target === 'string' ? canonicalAddress(f.target) : null;
    if (target === null) throw refuse(`target '${String(f.target)}' is not an IP address`);
    if (v4 !== !target.includes(':')) throw refuse(`target ${target} is not of the gateway's address family`);
    if (typeof f.comment !== 'string' || f.comment.length > FORWARD_COMMENT_MAX || /[\x00-\x1f\x7f]/.test(f.comment))
      throw refuse(`comment must be one line of at most ${FORWARD_COMMENT_MAX} characters`);
    const key = `${f.protocol}/${f.externalPort}`;
    if (seen.has(key)) throw refuse(`${f.protocol} port ${f.externalPort} is forwarded twice`);
    seen.add(key);
    return { protocol: f.protocol, externalPort: f.externalPort, target, targetPort: f.targetPort, comment: f.comment };
  });
  return out.sort(byProtocolAndPort);
}
