/**
 * The resources of the fake Redfish BMC (fake-redfish.ts) in the shapes real BMCs answer with
 * (DMTF schemas as OpenBMC, sushy-tools and iLO 5 fill them): the service root, the Systems
 * collection and member with its reset action, Storage → Drives (NVMe drives under a storage of
 * their own, as iLO lists them), Memory with an empty slot, Chassis → Thermal with an absent fan,
 * AccountService accounts with ETags. Also the fake's own power machine, which changes the
 * PowerState a delay after a reset, from timestamps, as sushy-tools' libvirt domains do.
 */
import type { Health } from '@portside/contract/schemas/dedicated';
import type { ResetType } from '../src/drivers/baremetal/baremetal.js';
import type { SimulatedDrive, SimulatedMemoryModule, SimulatedSensor } from '../src/drivers/baremetal/simulator-bmc-spec.js';

/** The one computer system a fake BMC manages. */
export interface FakeSystemSpec {
  id?: string;
  serial: string;
  manufacturer: string;
  model: string;
  power: 'On' | 'Off';
  resetTypes: readonly ResetType[];
  processorCount: number;
  processorModel: string;
  drives: readonly SimulatedDrive[];
  memory: readonly SimulatedMemoryModule[];
  sensors: readonly SimulatedSensor[];
}

export type FakePower = 'On' | 'Off' | 'PoweringOn' | 'PoweringOff';

/** The fake's power: the state, and the steps of a change under way (each from `at` ms on). */
export class FakePowerMachine {
  private steps: Array<{ state: FakePower; at: number }> = [];
  constructor(
    private state: FakePower,
    private readonly phaseMs: number,
    private readonly now: () => number,
  ) {}

  /** The state now. */
  current(): FakePower {
    const t = this.now();
    while (this.steps.length && this.steps[0]!.at <= t) this.state = this.steps.shift()!.state;
    return this.state;
  }

  /** Starts a reset; answers the reason a BMC would refuse it in this state, or null. */
  reset(type: ResetType): string | null {
    const state = this.current();
    if (type !== 'ForceOff' && (state === 'PoweringOn' || state === 'PoweringOff'))
      return 'The operation was not successful because a power change is in progress.';
    const on = state === 'On';
    const up: FakePower[] = ['PoweringOn', 'On'];
    const down: FakePower[] = ['PoweringOff', 'Off'];
    const plans: Record<ResetType, FakePower[] | null> = {
      ForceOff: state === 'Off' ? [] : ['Off'],
      On: on ? [] : up,
      ForceOn: on ? [] : up,
      PushPowerButton: on ? down : up,
      GracefulShutdown: on ? down : [],
      GracefulRestart: on ? ['PoweringOff', 'PoweringOn', 'On'] : null,
      ForceRestart: on ? ['PoweringOff', 'PoweringOn', 'On'] : up,
      PowerCycle: on ? ['PoweringOff', 'PoweringOn', 'On'] : up,
      Nmi: on ? [] : null,
    };
    const plan = plans[type];
    if (plan === null) return 'The operation was not successful due to the current power state.';
    const t = this.now();
    if (plan.length) this.steps = plan.map((s, i) => ({ state: s, at: t + i * this.phaseMs }));
    return null;
  }
}

/** A Redfish error body with one ExtendedInfo message, as BMCs send on refusals. */
export function redfishError(messageId: string, message: string, general = 'Base.1.8.GeneralError') {
  return {
    error: {
      code: general,
      message: 'A general error has occurred. See ExtendedInfo for more information.',
      '@Message.ExtendedInfo': [
        {
          '@odata.type': '#Message.v1_1_1.Message',
          MessageId: messageId,
          Message: message,
          Severity: 'Warning',
          Resolution: 'None.',
        },
      ],
    },
  };
}

const worst = (hs: Health[]): Health => (hs.includes('Critical') ? 'Critical' : hs.includes('Warning') ? 'Warning' : 'OK');

/** A collection resource of `members`. */
export function collection(id: string, type: string, name: string, members: string[]) {
  return {
    '@odata.id': id,
    '@odata.type': `#${type}.${type}`,
    Name: name,
    Members: members.map((m) => ({ '@odata.id': m })),
    'Members@odata.count': members.length,
  };
}

/**
 * The resources of `spec` at the moment asked, by their canonical path (no trailing slash);
 * `ref(path)` writes a link as this BMC spells it (iLO ends each with a slash).
 */
export function resources(
  spec: FakeSystemSpec,
  power: FakePower,
  drives: Map<string, Health>,
  ref: (p: string) => string,
  actionInfo = false,
) {
  const sys = `/redfish/v1/Systems/${spec.id ?? '1'}`;
  const chassis = `/redfish/v1/Chassis/${spec.id ?? '1'}`;
  const sata = spec.drives.map((d, i) => ({ d, i })).filter(({ d }) => d.mediaType !== 'NVMe');
  const nvme = spec.drives.map((d, i) => ({ d, i })).filter(({ d }) => d.mediaType === 'NVMe');
  const driveHealth = (d: SimulatedDrive) => drives.get(d.serial) ?? d.health ?? 'OK';
  const parts = [
    ...spec.drives.map(driveHealth),
    ...spec.memory.map((m) => m.health ?? 'OK'),
    ...spec.sensors.map((s) => s.health ?? 'OK'),
  ];
  const out = new Map<string, Record<string, unknown>>();
  const put = (path: string, type: string, body: Record<string, unknown>) =>
    out.set(path, { '@odata.id': ref(path), '@odata.type': `#${type}`, ...body });

  put('/redfish/v1', 'ServiceRoot.v1_5_0.ServiceRoot', {
    Id: 'RootService',
    Name: 'Root Service',
    RedfishVersion: '1.6.0',
    UUID: '92384634-2938-2342-8820-489239905423',
    Systems: { '@odata.id': ref('/redfish/v1/Systems') },
    Chassis: { '@odata.id': ref('/redfish/v1/Chassis') },
    AccountService: { '@odata.id': ref('/redfish/v1/AccountService') },
    SessionService: { '@odata.id': ref('/redfish/v1/SessionService') },
    Links: { Sessions: { '@odata.id': ref('/redfish/v1/SessionService/Sessions') } },
  });
  out.set(
    '/redfish/v1/Systems',
    collection(ref('/redfish/v1/Systems'), 'ComputerSystemCollection', 'Computer System Collection', [ref(sys)]),
  );
  put(sys, 'ComputerSystem.v1_10_0.ComputerSystem', {
    Id: spec.id ?? '1',
    Name: 'System',
    SystemType: 'Physical',
    Manufacturer: spec.manufacturer,
    Model: spec.model,
    SerialNumber: spec.serial,
    PowerState: power,
    Status: { State: 'Enabled', Health: 'OK', HealthRollup: worst(parts) },
    ProcessorSummary: { Count: spec.processorCount, Model: spec.processorModel, Status: { State: 'Enabled', Health: 'OK' } },
    MemorySummary: {
      TotalSystemMemoryGiB: spec.memory.reduce((n, m) => n + m.capacityMiB, 0) / 1024,
      Status: { State: 'Enabled', Health: 'OK' },
    },
    Storage: { '@odata.id': ref(`${sys}/Storage`) },
    Memory: { '@odata.id': ref(`${sys}/Memory`) },
    Links: { Chassis: [{ '@odata.id': ref(chassis) }] },
    Actions: {
      '#ComputerSystem.Reset': {
        target: ref(`${sys}/Actions/ComputerSystem.Reset`),
        // OpenBMC names the allowed values in an ActionInfo resource instead of inline.
        ...(actionInfo
          ? { '@Redfish.ActionInfo': ref(`${sys}/ResetActionInfo`) }
          : { 'ResetType@Redfish.AllowableValues': [...spec.resetTypes] }),
      },
    },
  });
  put(`${sys}/ResetActionInfo`, 'ActionInfo.v1_1_2.ActionInfo', {
    Id: 'ResetActionInfo',
    Name: 'Reset Action Info',
    Parameters: [{ Name: 'ResetType', Required: true, DataType: 'String', AllowableValues: [...spec.resetTypes] }],
  });
  const storages = [
    { id: '1', list: sata, name: 'SATA Storage Controller' },
    ...(nvme.length ? [{ id: 'DE00A000', list: nvme, name: 'NVMe Storage' }] : []),
  ];
  out.set(
    `${sys}/Storage`,
    collection(
      ref(`${sys}/Storage`),
      'StorageCollection',
      'Storage',
      storages.map((s) => ref(`${sys}/Storage/${s.id}`)),
    ),
  );
  for (const s of storages) {
    put(`${sys}/Storage/${s.id}`, 'Storage.v1_8_0.Storage', {
      Id: s.id,
      Name: s.name,
      Status: { State: 'Enabled', Health: 'OK' },
      Drives: s.list.map(({ i }) => ({ '@odata.id': ref(`${sys}/Storage/${s.id}/Drives/${i}`) })),
    });
    for (const { d, i } of s.list)
      put(`${sys}/Storage/${s.id}/Drives/${i}`, 'Drive.v1_9_0.Drive', {
        Id: String(i),
        Name: `Drive ${i}`,
        Model: d.model,
        SerialNumber: d.serial,
        MediaType: d.mediaType === 'HDD' ? 'HDD' : 'SSD',
        Protocol: d.mediaType === 'NVMe' ? 'NVMe' : d.mediaType === 'HDD' ? 'SAS' : 'SATA',
        CapacityBytes: d.capacityBytes,
        Status: { State: 'Enabled', Health: driveHealth(d) },
      });
  }
  const dimms = [...spec.memory.map((m, i) => ({ m, id: `dimm${i}` })), { m: null, id: `dimm${spec.memory.length}` }];
  out.set(
    `${sys}/Memory`,
    collection(
      ref(`${sys}/Memory`),
      'MemoryCollection',
      'Memory Module Collection',
      dimms.map((x) => ref(`${sys}/Memory/${x.id}`)),
    ),
  );
  for (const { m, id } of dimms)
    put(`${sys}/Memory/${id}`, 'Memory.v1_7_0.Memory', {
      Id: id,
      Name: `Memory ${id}`,
      // The empty slot: iLO lists every slot, reporting the empty ones Absent with no capacity.
      DeviceLocator: m?.slot ?? 'DIMM H1',
      CapacityMiB: m?.capacityMiB ?? 0,
      MemoryDeviceType: m?.type ?? null,
      OperatingSpeedMhz: m?.speedMhz ?? null,
      Status: m ? { State: 'Enabled', Health: m.health ?? 'OK' } : { State: 'Absent' },
    });
  out.set(
    '/redfish/v1/Chassis',
    collection(ref('/redfish/v1/Chassis'), 'ChassisCollection', 'Chassis Collection', [ref(chassis)]),
  );
  put(chassis, 'Chassis.v1_10_0.Chassis', {
    Id: spec.id ?? '1',
    Name: 'Computer System Chassis',
    ChassisType: 'RackMount',
    Thermal: { '@odata.id': ref(`${chassis}/Thermal`) },
  });
  const temps = spec.sensors.filter((s) => s.kind === 'temperature');
  const fans = spec.sensors.filter((s) => s.kind === 'fan');
  const off = power === 'Off';
  put(`${chassis}/Thermal`, 'Thermal.v1_5_0.Thermal', {
    Id: 'Thermal',
    Name: 'Thermal',
    Temperatures: temps.map((t, i) => ({
      '@odata.id': `${ref(`${chassis}/Thermal`)}#/Temperatures/${i}`,
      MemberId: String(i),
      Name: t.name,
      ReadingCelsius: t.reading === null ? null : off ? 20 + (t.reading - 20) * 0.25 : t.reading,
      Status: { State: 'Enabled', Health: t.health ?? 'OK' },
    })),
    Fans: [
      ...fans.map((f, i) => ({
        '@odata.id': `${ref(`${chassis}/Thermal`)}#/Fans/${i}`,
        MemberId: String(i),
        Name: f.name,
        Reading: off ? 0 : f.reading,
        ReadingUnits: f.unit === '%' ? 'Percent' : 'RPM',
        Status: { State: 'Enabled', Health: f.health ?? 'OK' },
      })),
      {
        '@odata.id': `${ref(`${chassis}/Thermal`)}#/Fans/${fans.length}`,
        MemberId: String(fans.length),
        Name: 'Fan Spare',
        Reading: null,
        ReadingUnits: 'RPM',
        Status: { State: 'Absent' },
      },
    ],
  });
  put('/redfish/v1/AccountService', 'AccountService.v1_5_0.AccountService', {
    Id: 'AccountService',
    Name: 'Account Service',
    MinPasswordLength: 8,
    MaxPasswordLength: 16,
    Accounts: { '@odata.id': ref('/redfish/v1/AccountService/Accounts') },
  });
  return out;
}
