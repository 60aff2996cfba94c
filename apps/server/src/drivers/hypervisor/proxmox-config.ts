/**
 * Reading Proxmox VE answers into the driver's shapes (proxmox.ts): numbers and booleans as the API
 * writes them, a VM's config (drives, boot order, disk size, cores, memory, firmware, TPM, the
 * first NIC's static addresses) and its `rrddata` resampled onto METRICS_RANGES' grid.
 */
import { METRICS_RANGES, type MetricPoint, type MetricsRange, type VmConfig } from './hypervisor.js';
import { parseIpconfig } from './lifecycle-rules.js';

/** A VM's `GET config` answer: flat keys. */
/** One `/cluster/resources?type=vm` item (the fields used). */
export interface PveResource {
  type: string;
  node: string;
  vmid: number;
  name?: string;
  status?: string;
  template?: number;
  lock?: string;
  maxmem?: number;
}

export type PveConfig = Record<string, string | number | undefined>;

/** A number from the API (numbers often come as strings), or `fallback`. */
export function num(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** Proxmox's boolean: 1, '1' or true. */
export function truthy(v: unknown): boolean {
  return v === 1 || v === true || v === '1';
}

const DRIVE_KEY = /^(ide|sata|scsi|virtio)(\d+)$/;
const BUS_ORDER = ['ide', 'sata', 'scsi', 'virtio'];

/** `ide2`, `scsi0`, ... in Proxmox's boot-resolution order (bus, then index). */
function driveKeys(cfg: PveConfig): string[] {
  return Object.keys(cfg)
    .filter((k) => DRIVE_KEY.test(k) && typeof cfg[k] === 'string')
    .sort((a, b) => {
      const [, ba = '', ia = '0'] = DRIVE_KEY.exec(a)!;
      const [, bb = '', ib = '0'] = DRIVE_KEY.exec(b)!;
      return BUS_ORDER.indexOf(ba) - BUS_ORDER.indexOf(bb) || Number(ia) - Number(ib);
    });
}

const isCdrom = (value: unknown) =>
  typeof value === 'string' && (/(^|,)media=cdrom(,|$)/.test(value) || /^cdrom(,|$)/.test(value));

/** Whether a drive value is a cloud-init drive (`local-lvm:vm-100-cloudinit,media=cdrom`). */
export const isCloudInitDrive = (value: unknown): boolean => typeof value === 'string' && /^[^,]*cloudinit/.test(value);

/** A drive value's storage (`local-lvm` of `local-lvm:vm-100-disk-0,size=8G`). */
export const storageOf = (drive: string): string => drive.slice(0, Math.max(0, drive.indexOf(':')));

/** The VM's CD drive for booting from a CD (ide2 first; never the cloud-init drive), or undefined. */
export function cdDriveKey(cfg: PveConfig): string | undefined {
  const cds = driveKeys(cfg).filter((k) => isCdrom(cfg[k]) && !isCloudInitDrive(cfg[k]));
  return cds.includes('ide2') ? 'ide2' : cds[0];
}

/**
 * Boot order from `boot`: modern `order=scsi0;ide2;net0`, or the legacy letters (`cdn`, the
 * default when unset; `legacy=cdn` too): c = `bootdisk` or the first disk, d = the CD drives,
 * n = the network devices (a = floppy is ignored).
 */
export function parseBootOrder(cfg: PveConfig): string[] {
  const boot = typeof cfg.boot === 'string' ? cfg.boot : '';
  let legacy = 'cdn';
  for (const part of boot
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [k, v] = part.includes('=') ? [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] : ['legacy', part];
    if (k === 'order')
      return v
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean);
    if (k === 'legacy') legacy = v;
  }
  const drives = driveKeys(cfg);
  const nets = Object.keys(cfg)
    .filter((k) => /^net\d+$/.test(k))
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  const out: string[] = [];
  for (const c of legacy) {
    if (c === 'c') {
      const disk = typeof cfg.bootdisk === 'string' && cfg[cfg.bootdisk] ? cfg.bootdisk : drives.find((k) => !isCdrom(cfg[k]));
      if (disk) out.push(disk);
    } else if (c === 'd') out.push(...drives.filter((k) => isCdrom(cfg[k])));
    else if (c === 'n') out.push(...nets);
  }
  return [...new Set(out)];
}

/** A drive's `size=` in GiB (K, M, G, T suffixes; bare numbers are bytes), 0 when absent. */
export function driveSizeGb(value: string): number {
  const m = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT]?)(?:,|$)/.exec(value);
  if (!m) return 0;
  const factor: Record<string, number> = { '': 1 / 1024 ** 3, K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 };
  return Math.round(Number(m[1]) * factor[m[2] ?? '']! * 100) / 100;
}

/** The boot disk's key (`scsi0`): the first disk in the boot order, else the first disk; undefined when there is none. */
export function bootDiskKey(cfg: PveConfig): string | undefined {
  const drives = driveKeys(cfg).filter((k) => !isCdrom(cfg[k]));
  return parseBootOrder(cfg).find((d) => drives.includes(d)) ?? drives[0];
}

/**
 * Reads the portal's view of `GET config`: vCPUs (sockets × cores), memory (plain or `current=`),
 * boot disk size, boot order, firmware, TPM, and the static addresses of cloud-init's ipconfig0.
 */
export function interpretConfig(cfg: PveConfig): VmConfig {
  const bootOrder = parseBootOrder(cfg);
  const disk = bootDiskKey(cfg);
  const memory = /^(?:.*,)?(?:current=)?(\d+)(?:,.*)?$/.exec(String(cfg.memory ?? ''));
  return {
    cores: Math.max(1, num(cfg.cores, 1)) * Math.max(1, num(cfg.sockets, 1)),
    memoryMb: memory ? Number(memory[1]) : 512,
    diskGb: disk ? driveSizeGb(String(cfg[disk])) : 0,
    bootOrder,
    bios: cfg.bios === 'ovmf' ? 'ovmf' : 'seabios',
    tpm: typeof cfg.tpmstate0 === 'string' && cfg.tpmstate0 !== '',
    network: parseIpconfig(cfg.ipconfig0),
  };
}

/** One `rrddata` row; values the RRD does not know (VM not yet created, host down) are left out. */
export interface RrdRow {
  time: number;
  cpu?: number;
  mem?: number;
  maxmem?: number;
  netin?: number;
  netout?: number;
  diskread?: number;
  diskwrite?: number;
}

const RRD_FIELDS = ['cpu', 'mem', 'maxmem', 'netin', 'netout', 'diskread', 'diskwrite'] as const;

/**
 * Resamples `rrddata` rows onto the range's grid: `points` buckets of `stepSeconds` ending at the
 * newest whole step before `now`. A row stands for the average over the source step ending at its
 * time (the step is inferred from the rows: 60 s / 30 min / 3 h / 12 h on classic PVE, finer on
 * newer); each bucket is the overlap-weighted average of the rows it covers, so coarse data is
 * spread and fine data averaged. A bucket no row covers reads 0; `maxMemFallback` stands in for an
 * unknown memory size.
 */
export function shapeMetrics(rows: readonly RrdRow[], range: MetricsRange, now: Date, maxMemFallback: number): MetricPoint[] {
  const { points, stepSeconds } = METRICS_RANGES[range];
  const src = rows.filter((r) => Number.isFinite(r.time)).sort((a, b) => a.time - b.time);
  let srcStep = Infinity;
  for (let i = 1; i < src.length; i++) {
    const d = src[i]!.time - src[i - 1]!.time;
    if (d > 0 && d < srcStep) srcStep = d;
  }
  if (!Number.isFinite(srcStep)) srcStep = stepSeconds;
  const last = Math.floor(now.getTime() / 1000 / stepSeconds) * stepSeconds;
  const out: MetricPoint[] = [];
  let first = 0;
  for (let i = points - 1; i >= 0; i--) {
    const end = last - i * stepSeconds;
    const start = end - stepSeconds;
    while (first < src.length && src[first]!.time <= start) first++;
    const sum: Record<(typeof RRD_FIELDS)[number], [number, number]> = {
      cpu: [0, 0],
      mem: [0, 0],
      maxmem: [0, 0],
      netin: [0, 0],
      netout: [0, 0],
      diskread: [0, 0],
      diskwrite: [0, 0],
    };
    for (let j = first; j < src.length && src[j]!.time - srcStep < end; j++) {
      const row = src[j]!;
      const overlap = Math.min(end, row.time) - Math.max(start, row.time - srcStep);
      if (overlap <= 0) continue;
      for (const f of RRD_FIELDS) {
        const v = row[f];
        if (typeof v === 'number' && Number.isFinite(v)) {
          sum[f][0] += v * overlap;
          sum[f][1] += overlap;
        }
      }
    }
    const avg = (f: (typeof RRD_FIELDS)[number]) => (sum[f][1] > 0 ? Math.max(0, sum[f][0] / sum[f][1]) : 0);
    const mem = Math.round(avg('mem'));
    const maxMemBytes = Math.round(avg('maxmem')) || Math.round(maxMemFallback) || mem;
    out.push({
      time: end,
      cpu: Math.round(Math.min(1, avg('cpu')) * 10_000) / 10_000,
      memBytes: Math.min(mem, maxMemBytes),
      maxMemBytes,
      netInBps: Math.round(avg('netin')),
      netOutBps: Math.round(avg('netout')),
      diskReadBps: Math.round(avg('diskread')),
      diskWriteBps: Math.round(avg('diskwrite')),
    });
  }
  return out;
}
