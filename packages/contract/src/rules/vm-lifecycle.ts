/**
 * Rules of a cloud server's lifecycle calls (issue 14; spec 1 §3 boot order, §4 'The boot order
 * defaults to dcn...', spec 2 §8 'Disk and model', §9 disk limit): the boot order, which models an
 * upgrade may go to, a disk resize's checks and the prorated price of a change. The server applies
 * them before it records an operation, the web before it offers one.
 */
import type { MessageKey } from '../messages';
import { daysInclusive } from './billing-period';

/** Boot devices: CD/DVD (d), SSD (c), NET (n), in the order of the default. */
export const BOOT_DEVICES = ['d', 'c', 'n'] as const;
export type BootDevice = (typeof BOOT_DEVICES)[number];

/** The boot order of a new server (spec 1 §3). */
export const DEFAULT_BOOT_ORDER = 'dcn';

/** Whether `s` names each of c, d and n exactly once (e.g. 'cdn'). */
export function isBootOrder(s: unknown): s is string {
  return typeof s === 'string' && s.length === 3 && [...BOOT_DEVICES].every((d) => s.includes(d));
}

/**
 * The boot order a live boot-order message holds, or null when it does not hold all of c, d and n
 * (spec 2 §4: the shown order is replaced only then). Reads the message's `boot_order` field, its
 * `state` (the portal's boot-order messages carry the new order there), or its text when that is a
 * bare order.
 */
export function bootOrderOfMessage(m: { boot_order?: unknown; state?: unknown; message?: unknown }): string | null {
  if (isBootOrder(m.boot_order)) return m.boot_order;
  if (isBootOrder(m.state)) return m.state;
  const text = typeof m.message === 'string' ? m.message.trim() : '';
  return isBootOrder(text) ? text : null;
}

/** What the upgrade rule reads of a model. */
export interface UpgradeModel {
  id: number;
  core_type: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  /** The monthly list price at the server's location, cents. */
  monthly_cents: number;
}

/**
 * Whether `to` is an upgrade of `from` (spec 2 §8 'Downgrade is not possible'): the same core type,
 * a higher price, and no less of cores, memory and disk.
 */
export function isUpgrade(from: UpgradeModel, to: UpgradeModel): boolean {
  return (
    to.id !== from.id &&
    to.core_type === from.core_type &&
    to.monthly_cents > from.monthly_cents &&
    to.cores >= from.cores &&
    to.ram_gb >= from.ram_gb &&
    to.disk_gb >= from.disk_gb
  );
}

/** A model a clone may have: the source's own one or an upgrade of it. */
export function isSameOrUpgrade(from: UpgradeModel, to: UpgradeModel): boolean {
  return to.id === from.id || isUpgrade(from, to);
}

/** The largest disk of a cloud server, GB (spec 2 §9); more needs a manual migration by ticket. */
export const MAX_DISK_GB = 1000;

/**
 * A disk resize (spec 2 §8 'Disk and model'): `amount_invalid` unless a whole positive number of
 * GB, `disk_max_exceeded` above {@link MAX_DISK_GB}, `disk_not_higher` unless above the current
 * size (disks only grow).
 */
export function resizeBlock(currentGb: number, newGb: unknown): MessageKey | null {
  if (typeof newGb !== 'number' || !Number.isInteger(newGb) || newGb <= 0) return 'amount_invalid';
  if (newGb > MAX_DISK_GB) return 'disk_max_exceeded';
  if (newGb <= currentGb) return 'disk_not_higher';
  return null;
}

/** The day after `day` ('YYYY-MM-DD'). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The last day of `day`'s month. */
export function monthEndOf(day: string): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** A change's charge for the rest of the month. */
export interface ProratedChange {
  /** The first and last day charged ('YYYY-MM-DD'); `days` 0 when none is. */
  from: string;
  to: string;
  days: number;
  monthDays: number;
  /** The monthly difference and its share for the days, cents (rounded half up, like prorate_cents). */
  monthlyCents: number;
  cents: number;
}

/**
 * A change of a server's monthly price from `today` to the month's end, prorated by day (issue 14:
 * an upgrade, a disk resize or an IPv4 address is charged from the day of the change). Days of a
 * free trial (up to `trialUntil`, inclusive) are not charged.
 */
export function proratedChange(monthlyCents: number, today: string, trialUntil: string | null = null): ProratedChange {
  const to = monthEndOf(today);
  const from = trialUntil && trialUntil >= today ? nextDay(trialUntil) : today;
  const monthDays = Number(to.slice(8, 10));
  const days = from > to ? 0 : daysInclusive(from, to);
  const cents = monthlyCents <= 0 || days === 0 ? 0 : Math.round((monthlyCents * days) / monthDays);
  return { from, to, days, monthDays, monthlyCents, cents };
}
