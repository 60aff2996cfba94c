/**
 * The gateway driver (issue 15, port forwarding): destination NAT on a location's IPv4 gateway, so
 * that a server without a public IPv4 address is reached on an external port of the gateway's
 * address. The portal owns the forwards it made (marked as its own) and leaves the rest of the
 * gateway's configuration alone. Implementations: `simulator` (kept in PostgreSQL, the default)
 * and `routeros` (MikroTik RouterOS REST API, `/rest/ip/firewall/nat`, dst-nat rules).
 */

/** One forward: `protocol` traffic to the gateway's `externalPort` goes to `target`:`targetPort`. */
export interface GatewayForward {
  protocol: 'tcp' | 'udp';
  externalPort: number;
  /** The server's address (IPv4 or IPv6, canonical text). */
  target: string;
  targetPort: number;
  /** Shown on the gateway; the portal writes the forward's id and server. */
  comment: string;
}

/** Why the gateway failed: it did not answer, or it refused a forward. */
export type GatewayErrorCode = 'UNAVAILABLE' | 'REFUSED';

export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface GatewayDriver {
  /** The portal's forwards on the gateway `gateway` (its address), ordered by protocol and external port. */
  forwards(gateway: string): Promise<GatewayForward[]>;
  /**
   * Makes the portal's forwards on `gateway` exactly `forwards`: adds the missing, changes the
   * differing, removes the portal's others; never touches rules the portal did not make. Safe to
   * repeat. Throws REFUSED for a forward the gateway refuses, UNAVAILABLE when it does not answer.
   */
  setForwards(gateway: string, forwards: GatewayForward[]): Promise<void>;
}
