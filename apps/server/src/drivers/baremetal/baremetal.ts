/**
 * The bare-metal driver (issue 17; DESIGN §4 'baremetal'): what the portal asks of a dedicated
 * server's BMC. One driver object talks to one BMC and its one computer system. Implementations,
 * chosen per server by its BMC registration (table `bmcs`): `simulator` (kept in PostgreSQL, the
 * default: power states that change after a delay, sensors, disks, RAM modules, failure injection)
 * and `redfish` (DMTF Redfish over HTTPS with session or basic auth). Both pass one contract suite
 * (apps/server/test/baremetal-contract.ts), the redfish one against a fake BMC on loopback.
 */
import type { BmcPowerState, DiskMediaType, Health } from '@portside/contract/schemas/dedicated';

/** Redfish ResetType values (ComputerSystem.Reset). */
export const RESET_TYPES = [
  'On',
  'ForceOff',
  'GracefulShutdown',
  'GracefulRestart',
  'ForceRestart',
  'Nmi',
  'ForceOn',
  'PushPowerButton',
  'PowerCycle',
] as const;
export type ResetType = (typeof RESET_TYPES)[number];

/** The computer system as the BMC describes it. */
export interface BmcSystem {
  /** The Redfish system id (Systems/{id}). */
  id: string;
  /** Never 'Unknown': a BMC that does not answer throws instead. */
  powerState: Exclude<BmcPowerState, 'Unknown'>;
  /** The reset types the system advertises (ResetType@Redfish.AllowableValues), in its order. */
  resetTypes: ResetType[];
  manufacturer: string;
  model: string;
  serial: string;
  health: Health;
  /** ProcessorSummary: how many processors and their model. */
  processorCount: number;
  processorModel: string;
  /** MemorySummary.TotalSystemMemoryGiB. */
  memoryGiB: number;
}

export interface BmcDrive {
  serial: string;
  model: string;
  mediaType: DiskMediaType;
  health: Health;
  capacityBytes: number;
}

export interface BmcMemoryModule {
  /** DeviceLocator, e.g. 'DIMM A1'. */
  slot: string;
  capacityMiB: number;
  /** MemoryDeviceType, e.g. 'DDR4'. */
  type: string;
  speedMhz: number | null;
  health: Health;
}

export interface BmcSensor {
  name: string;
  kind: 'temperature' | 'fan';
  reading: number | null;
  /** 'Cel', 'RPM' or '%'. */
  unit: string;
  health: Health;
}

/**
 * Why a BMC call failed: it did not answer or answered 5xx (UNAVAILABLE), its credentials were
 * refused (AUTH), it refused the request (REFUSED: a reset type it does not allow, a password it
 * does not accept), or the system or account is not there (NOT_FOUND).
 */
export type BaremetalErrorCode = 'UNAVAILABLE' | 'AUTH' | 'REFUSED' | 'NOT_FOUND';

export class BaremetalError extends Error {
  constructor(
    readonly code: BaremetalErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BaremetalError';
  }
}

export interface BaremetalDriver {
  /** The system's state and what it allows. */
  system(): Promise<BmcSystem>;
  /**
   * Sends ComputerSystem.Reset with `type`. Resolves once the BMC accepted it (the power state
   * changes later: poll system()). REFUSED when the system does not advertise `type`.
   */
  reset(type: ResetType): Promise<void>;
  /** The system's drives (Storage → Drives). */
  drives(): Promise<BmcDrive[]>;
  /** The system's memory modules (Memory), only those present. */
  memory(): Promise<BmcMemoryModule[]>;
  /** Temperatures and fans (Chassis → Thermal). */
  sensors(): Promise<BmcSensor[]>;
  /**
   * Sets the password of the BMC account `username` (AccountService/Accounts), creating the
   * account with the Operator role when it does not exist. REFUSED when the BMC refuses the password.
   */
  setAccountPassword(username: string, password: string): Promise<void>;
  /**
   * Frees what the driver holds (the redfish driver logs its session out and closes its
   * connections); the registry calls it when it drops a driver. Optional: the simulator holds nothing.
   */
  close?(): Promise<void>;
}

/** A BMC as registered (the `bmcs` row with its password opened), what a driver is made from. */
export interface BmcRecord {
  id: number;
  driver: 'simulator' | 'redfish';
  /**
   * simulator: the simulated BMC's name (its sim_bmc_systems rows); redfish: the base URL,
   * e.g. https://10.0.8.21 (the service root is {address}/redfish/v1/).
   */
  address: string;
  /** The Redfish system id (Systems/{id}); for the simulator the simulated system's id. */
  systemId: string;
  username: string;
  password: string;
  /** redfish: use a session (X-Auth-Token) instead of basic auth. */
  useSession: boolean;
  /** redfish: the PEM of the BMC's certificate or its CA (BMCs mostly have self-signed ones); null trusts the system CAs. */
  caPem: string | null;
}
