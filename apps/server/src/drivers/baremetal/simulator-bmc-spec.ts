/**
 * What a simulated server is made of (createSimulatedSystem in simulator-bmc.repository.ts), with
 * the defaults of a whole, plausible 1U server, so that the demo seed and tests name only what
 * matters to them (a BMC name, a serial, a degraded disk) and get the rest.
 */
import crypto from 'node:crypto';
import type { DiskMediaType, Health } from '@portside/contract/schemas/dedicated';
import type { ResetType } from './baremetal.js';
import { GENERIC_RESET_TYPES, ILO5_RESET_TYPES } from './simulator-bmc-rules.js';

export { GENERIC_RESET_TYPES, ILO5_RESET_TYPES };

export interface SimulatedDrive {
  serial: string;
  model: string;
  mediaType: DiskMediaType;
  capacityBytes: number;
  health?: Health;
}

export interface SimulatedMemoryModule {
  /** DeviceLocator, e.g. 'DIMM A1'. */
  slot: string;
  capacityMiB: number;
  /** MemoryDeviceType, e.g. 'DDR4'. */
  type: string;
  speedMhz?: number | null;
  health?: Health;
}

export interface SimulatedSensor {
  name: string;
  kind: 'temperature' | 'fan';
  /** What it reads while the system runs (°C, RPM or %); null for a sensor that gives no reading. */
  reading: number | null;
  unit: 'Cel' | 'RPM' | '%';
  health?: Health;
}

export interface SimulatedAccount {
  username: string;
  password: string;
  role?: 'Administrator' | 'Operator' | 'ReadOnly';
}

/** A simulated server behind a simulated BMC; everything but `bmc` and `serial` has a default. */
export interface SimulatedSystemSpec {
  /** The BMC's name: the `address` of its `bmcs` registration (driver 'simulator'). */
  bmc: string;
  /** The Redfish system id (default '1', as iLO and most BMCs number their one system). */
  systemId?: string;
  serial: string;
  manufacturer?: string;
  model?: string;
  /** Default 'On'. */
  power?: 'On' | 'Off';
  /** The reset types it advertises, in order (default: all; ILO5_RESET_TYPES for an iLO 5). */
  resetTypes?: readonly ResetType[];
  processorCount?: number;
  processorModel?: string;
  drives?: readonly SimulatedDrive[];
  memory?: readonly SimulatedMemoryModule[];
  sensors?: readonly SimulatedSensor[];
  /** The BMC's accounts when the BMC is new (default: {@link SIMULATED_BMC_ADMIN}). */
  accounts?: readonly SimulatedAccount[];
}

/**
 * The login a simulated BMC has when none is given: what the seed registers the BMC with
 * (`registerBmc`). A simulator's well-known default, like a board's factory login.
 */
export const SIMULATED_BMC_ADMIN: Readonly<Required<SimulatedAccount>> = {
  username: 'portside',
  password: 'sim-bmc-admin',
  role: 'Administrator',
};

/** A drive serial as vendors print them, derived from the system's serial (the same every seed). */
function driveSerial(prefix: string, systemSerial: string, i: number): string {
  const h = crypto.createHash('sha256').update(`${systemSerial}/${i}`).digest('hex').toUpperCase();
  return `${prefix}${h.slice(0, 10)}`;
}

/** Two SATA SSDs and one NVMe drive, named after the system's serial. */
export function defaultDrives(systemSerial: string): SimulatedDrive[] {
  return [
    {
      serial: driveSerial('S4EN', systemSerial, 0),
      model: 'SAMSUNG MZ7LH960HAJR-00005',
      mediaType: 'SSD',
      capacityBytes: 960_197_124_096,
    },
    {
      serial: driveSerial('S4EN', systemSerial, 1),
      model: 'SAMSUNG MZ7LH960HAJR-00005',
      mediaType: 'SSD',
      capacityBytes: 960_197_124_096,
    },
    {
      serial: driveSerial('S439', systemSerial, 2),
      model: 'SAMSUNG MZQLB1T9HAJR-00007',
      mediaType: 'NVMe',
      capacityBytes: 1_920_383_410_176,
    },
  ];
}

/** Four 32 GiB DDR4-2933 RDIMMs, one per channel of the first processor. */
export const DEFAULT_MEMORY: readonly SimulatedMemoryModule[] = ['A1', 'B1', 'C1', 'D1'].map((s) => ({
  slot: `DIMM ${s}`,
  capacityMiB: 32_768,
  type: 'DDR4',
  speedMhz: 2933,
}));

/** The usual board sensors of a two-socket 1U server, at an idle load. */
export const DEFAULT_SENSORS: readonly SimulatedSensor[] = [
  { name: 'Inlet Temp', kind: 'temperature', reading: 22, unit: 'Cel' },
  { name: 'CPU1 Temp', kind: 'temperature', reading: 47, unit: 'Cel' },
  { name: 'CPU2 Temp', kind: 'temperature', reading: 50, unit: 'Cel' },
  { name: 'System Board Temp', kind: 'temperature', reading: 36, unit: 'Cel' },
  { name: 'FAN1', kind: 'fan', reading: 4200, unit: 'RPM' },
  { name: 'FAN2', kind: 'fan', reading: 4300, unit: 'RPM' },
  { name: 'FAN3', kind: 'fan', reading: 4150, unit: 'RPM' },
  { name: 'FAN4', kind: 'fan', reading: 4250, unit: 'RPM' },
];

/** A spec with every default filled in. */
export type CompleteSystemSpec = Required<SimulatedSystemSpec>;

/** Fills in the defaults of a whole server. */
export function completeSpec(spec: SimulatedSystemSpec): CompleteSystemSpec {
  return {
    bmc: spec.bmc,
    systemId: spec.systemId ?? '1',
    serial: spec.serial,
    manufacturer: spec.manufacturer ?? 'Supermicro',
    model: spec.model ?? 'SYS-1029U-TR4',
    power: spec.power ?? 'On',
    resetTypes: spec.resetTypes ?? GENERIC_RESET_TYPES,
    processorCount: spec.processorCount ?? 2,
    processorModel: spec.processorModel ?? 'Intel(R) Xeon(R) Silver 4214R CPU @ 2.40GHz',
    drives: spec.drives ?? defaultDrives(spec.serial),
    memory: spec.memory ?? DEFAULT_MEMORY,
    sensors: spec.sensors ?? DEFAULT_SENSORS,
    accounts: spec.accounts ?? [SIMULATED_BMC_ADMIN],
  };
}
