/**
 * The router driver (issue 18, network operations; DESIGN §4): what the portal asks of a location's
 * router — its IPv4 subnets, its ARP table, and its DHCP server's leases, where staff reserve an
 * address for a device's MAC, release it and comment it. One driver object talks to one router.
 * Implementations, chosen per router by its registration (table `routers`): `simulator` (kept in
 * PostgreSQL, the default, with failure injection) and `routeros` (MikroTik RouterOS v7 REST API).
 * Both pass one contract suite (apps/server/test/router-contract.ts), the routeros one against a
 * fake RouterOS REST server on loopback.
 */
import type { ArpStatus } from '@portside/contract/schemas/routers';

/** An IPv4 address the router holds on an interface (RouterOS /ip/address). */
export interface RouterAddress {
  /** The router's own address, e.g. 185.66.10.1. */
  address: string;
  /** The subnet in CIDR form, e.g. 185.66.10.0/24. */
  network: string;
  interface: string;
}

/** One entry of the router's ARP table. */
export interface RouterArpEntry {
  address: string;
  /** Upper-case, colon separated; null for an entry still being resolved. */
  mac: string | null;
  interface: string;
  status: ArpStatus;
  dynamic: boolean;
}

/** A DHCP lease: `static` is a reservation; a dynamic one was handed out by the server itself. */
export interface RouterLease {
  /** The router's id of the lease (RouterOS `.id`, e.g. *1A). */
  id: string;
  address: string;
  /** Upper-case, colon separated. */
  mac: string;
  comment: string;
  static: boolean;
}

/** A reservation to make: the device with `mac` always gets `address`. */
export interface RouterReservation {
  address: string;
  mac: string;
  comment: string;
}

/**
 * Why a router call failed: it did not answer in time or answered 5xx (UNAVAILABLE), it refused
 * the credentials (AUTH), it refused the change (REFUSED), or the lease is not there (NOT_FOUND).
 */
export type RouterErrorCode = 'UNAVAILABLE' | 'AUTH' | 'REFUSED' | 'NOT_FOUND';

export class RouterError extends Error {
  constructor(
    readonly code: RouterErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RouterError';
  }
}

export interface RouterDriver {
  /** The router's IPv4 addresses with their subnets, ordered by address. */
  addresses(): Promise<RouterAddress[]>;
  /** The ARP table, ordered by address. */
  arp(): Promise<RouterArpEntry[]>;
  /** The DHCP leases, static and dynamic, ordered by address. */
  leases(): Promise<RouterLease[]>;
  /**
   * Reserves `address` for `mac`. A dynamic lease of that MAC and address is made static; other
   * dynamic leases of the MAC or the address are removed first. REFUSED when a static lease holds
   * the MAC or the address already (nothing changes). Answers the reservation.
   */
  reserve(r: RouterReservation): Promise<RouterLease>;
  /** Removes the static lease of `mac`; NOT_FOUND when there is none. */
  release(mac: string): Promise<void>;
  /** Sets the comment of the static lease of `mac`; NOT_FOUND when there is none. */
  setComment(mac: string, comment: string): Promise<void>;
}

/** A router as registered (the `routers` row with its password opened), what a driver is made from. */
export interface RouterRecord {
  id: number;
  name: string;
  driver: 'simulator' | 'routeros';
  /** simulator: the simulated router's name; routeros: the base URL, e.g. https://10.0.9.1. */
  address: string;
  username: string;
  password: string;
  /** routeros: the PEM of the router's certificate or its CA; null trusts the system CAs. */
  caPem: string | null;
}

/** The MAC in the drivers' form (upper case, colons) — RouterOS prints it so. */
export function macOf(raw: string): string {
  return raw.trim().toUpperCase().replace(/-/g, ':');
}
