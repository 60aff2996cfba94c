/**
 * The `redfish` bare-metal driver (issue 17; /work/shared/reference/proxmox-redfish.md): one
 * computer system of a BMC speaking DMTF Redfish, over redfish-client.ts. It reads the system
 * (`Systems/{id}`: PowerState, Status, ProcessorSummary, MemorySummary and the
 * `#ComputerSystem.Reset` action with its `ResetType@Redfish.AllowableValues`, or its
 * `@Redfish.ActionInfo`), resets through the advertised target (any 2xx is accepted: 200, 202 with
 * a task, 204), follows the system's links to its drives (Storage → each storage → Drives), its
 * memory (only modules that are present) and its chassis' Thermal, and sets account passwords
 * through AccountService (PATCH with the account's ETag in If-Match, or POST a new Operator). A
 * reset type the system does not advertise is REFUSED before anything is sent.
 */
import type { DiskMediaType, Health } from '@portside/contract/schemas/dedicated';
import {
  BaremetalError,
  RESET_TYPES,
  type BaremetalDriver,
  type BmcDrive,
  type BmcMemoryModule,
  type BmcRecord,
  type BmcSensor,
  type BmcSystem,
  type ResetType,
} from './baremetal.js';
import { createRedfishClient, type RedfishClient, type RedfishJson, type RedfishOptions } from './redfish-client.js';

export type { RedfishOptions };

const ACCOUNTS = '/redfish/v1/AccountService/Accounts';
const POWER_STATES = ['On', 'Off', 'PoweringOn', 'PoweringOff', 'Paused'] as const;

/** A property of a Redfish object, or undefined. */
const prop = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** The `@odata.id` of a link object. */
const link = (o: unknown): string | null => str(prop(o, '@odata.id'));
/** The links of a collection's Members (or of an array of links). */
const links = (v: unknown): string[] => (Array.isArray(v) ? v.map(link).filter((l): l is string => l !== null) : []);
/** Redfish Status.Health; a part that does not say is taken as OK. */
const health = (v: unknown): Health => (v === 'Warning' || v === 'Critical' ? v : 'OK');

/** Runs `fn` over `items` with at most `limit` at a time (a BMC answers few calls at once), in order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The members of a collection, each fetched. */
async function members(c: RedfishClient, collection: string): Promise<RedfishJson[]> {
  return mapLimit(links((await c.get(collection)).Members), 4, (m) => c.get(m));
}

/** The reset action's target and allowed types, from the action itself or its ActionInfo. */
async function resetAction(c: RedfishClient, system: RedfishJson): Promise<{ target: string | null; allowed: ResetType[] }> {
  const action = prop(system, 'Actions', '#ComputerSystem.Reset');
  let values = prop(action, 'ResetType@Redfish.AllowableValues');
  const info = str(prop(action, '@Redfish.ActionInfo'));
  if (!Array.isArray(values) && info) {
    const params = prop(await c.get(info), 'Parameters');
    values = Array.isArray(params)
      ? prop(
          params.find((p) => prop(p, 'Name') === 'ResetType'),
          'AllowableValues',
        )
      : undefined;
  }
  const allowed = Array.isArray(values)
    ? values.filter((v): v is ResetType => (RESET_TYPES as readonly string[]).includes(v as string))
    : [];
  return { target: str(prop(action, 'target')), allowed };
}

function driveOf(d: RedfishJson): BmcDrive {
  const media: DiskMediaType = prop(d, 'Protocol') === 'NVMe' ? 'NVMe' : prop(d, 'MediaType') === 'SSD' ? 'SSD' : 'HDD';
  return {
    serial: str(d.SerialNumber) ?? str(d.Id) ?? '',
    model: str(d.Model) ?? '',
    mediaType: media,
    health: health(prop(d, 'Status', 'Health')),
    capacityBytes: num(d.CapacityBytes) ?? 0,
  };
}

function memoryOf(m: RedfishJson): BmcMemoryModule {
  return {
    slot: str(m.DeviceLocator) ?? str(m.Name) ?? str(m.Id) ?? '',
    capacityMiB: num(m.CapacityMiB) ?? 0,
    type: str(m.MemoryDeviceType) ?? 'Unknown',
    speedMhz: num(m.OperatingSpeedMhz),
    health: health(prop(m, 'Status', 'Health')),
  };
}

/** A Thermal resource's present temperatures and fans. */
function sensorsOf(thermal: RedfishJson): BmcSensor[] {
  const present = (s: unknown) => prop(s, 'Status', 'State') !== 'Absent';
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]).filter(present) : []);
  return [
    ...list(thermal.Temperatures).map((t, i) => ({
      name: str(prop(t, 'Name')) ?? `Temperature ${i + 1}`,
      kind: 'temperature' as const,
      reading: num(prop(t, 'ReadingCelsius')),
      unit: 'Cel',
      health: health(prop(t, 'Status', 'Health')),
    })),
    ...list(thermal.Fans).map((f, i) => ({
      name: str(prop(f, 'Name')) ?? str(prop(f, 'FanName')) ?? `Fan ${i + 1}`,
      kind: 'fan' as const,
      reading: num(prop(f, 'Reading')),
      unit: prop(f, 'ReadingUnits') === 'Percent' ? '%' : 'RPM',
      health: health(prop(f, 'Status', 'Health')),
    })),
  ];
}

/** The driver for the system `record.systemId` of the BMC at `record.address`. */
export function createRedfishBmc(
  record: Pick<BmcRecord, 'address' | 'systemId' | 'username' | 'password' | 'useSession' | 'caPem'>,
  options: RedfishOptions = {},
): BaremetalDriver {
  const c = createRedfishClient(record, options);
  const systemPath = `/redfish/v1/Systems/${encodeURIComponent(record.systemId)}`;

  /** A link the system must have, or NOT_FOUND naming what is missing. */
  const need = (system: RedfishJson, key: string): string => {
    const l = link(system[key]);
    if (!l) throw new BaremetalError('NOT_FOUND', `the BMC's system ${record.systemId} has no ${key}`);
    return l;
  };

  return {
    async system(): Promise<BmcSystem> {
      const s = await c.get(systemPath);
      const power = POWER_STATES.find((p) => p === s.PowerState);
      if (!power) throw new BaremetalError('UNAVAILABLE', `the BMC reported no power state for system ${record.systemId}`);
      return {
        id: str(s.Id) ?? record.systemId,
        powerState: power,
        resetTypes: (await resetAction(c, s)).allowed,
        manufacturer: str(s.Manufacturer) ?? '',
        model: str(s.Model) ?? '',
        serial: str(s.SerialNumber) ?? '',
        health: health(prop(s, 'Status', 'HealthRollup') ?? prop(s, 'Status', 'Health')),
        processorCount: num(prop(s, 'ProcessorSummary', 'Count')) ?? 0,
        processorModel: str(prop(s, 'ProcessorSummary', 'Model')) ?? '',
        memoryGiB: num(prop(s, 'MemorySummary', 'TotalSystemMemoryGiB')) ?? 0,
      };
    },

    async reset(type) {
      if (!(RESET_TYPES as readonly string[]).includes(type))
        throw new BaremetalError('REFUSED', `'${String(type)}' is not a reset type`);
      const { target, allowed } = await resetAction(c, await c.get(systemPath));
      if (!target) throw new BaremetalError('REFUSED', `the BMC's system ${record.systemId} offers no reset action`);
      if (!allowed.includes(type))
        throw new BaremetalError(
          'REFUSED',
          `the system does not allow the reset type ${type} (it allows ${allowed.join(', ') || 'none'})`,
        );
      await c.call('POST', target, { ResetType: type });
    },

    async drives() {
      const storages = await members(c, need(await c.get(systemPath), 'Storage'));
      const seen = new Set<string>();
      const drives = storages.flatMap((s) => links(s.Drives)).filter((d) => !seen.has(d) && Boolean(seen.add(d)));
      return (await mapLimit(drives, 4, (d) => c.get(d))).map(driveOf);
    },

    async memory() {
      const modules = await members(c, need(await c.get(systemPath), 'Memory'));
      return modules
        .filter((m) => {
          const state = prop(m, 'Status', 'State');
          return state === 'Enabled' || (state === undefined && (num(m.CapacityMiB) ?? 0) > 0);
        })
        .map(memoryOf);
    },

    async sensors() {
      const system = await c.get(systemPath);
      const chassis = links(prop(system, 'Links', 'Chassis'))[0] ?? `/redfish/v1/Chassis/${encodeURIComponent(record.systemId)}`;
      const thermal = link((await c.get(chassis)).Thermal);
      if (!thermal) throw new BaremetalError('NOT_FOUND', `the BMC's chassis ${chassis} has no Thermal`);
      return sensorsOf(await c.get(thermal));
    },

    async setAccountPassword(username, password) {
      if (typeof username !== 'string' || !username || typeof password !== 'string')
        throw new BaremetalError('REFUSED', 'an account needs a user name and a password');
      const secrets = [password];
      const found = (await members(c, ACCOUNTS)).find((a) => a.UserName === username);
      if (!found) {
        await c.call(
          'POST',
          ACCOUNTS,
          { UserName: username, Password: password, RoleId: 'Operator', Enabled: true },
          { secrets },
        );
        return;
      }
      const at = link(found);
      if (!at) throw new BaremetalError('UNAVAILABLE', `the BMC listed the account '${username}' without its address`);
      // The account's current ETag (header, else @odata.etag): a BMC that gives one wants it in If-Match.
      const current = await c.call('GET', at);
      const etag = current.etag ?? str(current.body?.['@odata.etag']);
      await c.call('PATCH', at, { Password: password }, { secrets, headers: etag ? { 'If-Match': etag } : {} });
    },

    close: () => c.close(),
  };
}
