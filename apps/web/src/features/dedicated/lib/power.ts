/**
 * Rules of the dedicated-server screens that do not depend on React: the colours of power states
 * and health, which power functions are offered in the current state, which of them ask first,
 * and when a list is read again without waiting for a live message.
 */
import type {
  BmcPowerState,
  DedicatedPowerAction,
  DedicatedServer,
  Health,
  ServerStats,
} from '@portside/contract/schemas/dedicated';

/** Servers on one page of the list. */
export const DEDICATED_PAGE_SIZE = 25;

/** How often a read with a power state changing (or a power function in flight) is asked again. */
export const BUSY_REFETCH_MS = 2_000;

export const POWER_STATE_COLOR: Readonly<Record<BmcPowerState, string>> = {
  On: 'green',
  Off: 'gray',
  PoweringOn: 'yellow',
  PoweringOff: 'yellow',
  Paused: 'orange',
  Unknown: 'dark',
};

export const HEALTH_COLOR: Readonly<Record<Health, string>> = { OK: 'green', Warning: 'yellow', Critical: 'red' };

/** Every power function but switching on can stop what runs on the server: each asks first. */
export function isDestructive(action: DedicatedPowerAction): boolean {
  return action !== 'on';
}

/** Power functions that only make sense on a running server. */
const NEEDS_ON: readonly DedicatedPowerAction[] = ['graceful-shutdown', 'force-off', 'graceful-restart', 'force-restart'];

/**
 * The power functions offered now: those the BMC advertises, less the ones the state rules out
 * (switching on a server that is on, shutting down or restarting one that is off). While the state
 * is changing only forcing it off is possible (BMCs refuse the rest until the change is over); an
 * unknown or paused state keeps every advertised function: the BMC decides.
 */
export function offeredActions(stats: Pick<ServerStats, 'power_actions' | 'power_state'>): DedicatedPowerAction[] {
  return stats.power_actions.filter((a) => {
    if (stats.power_state === 'On') return a !== 'on';
    if (stats.power_state === 'Off') return !NEEDS_ON.includes(a);
    if (stats.power_state === 'PoweringOn' || stats.power_state === 'PoweringOff') return a === 'force-off';
    return true;
  });
}

/** Whether a power function of this server is waiting or running (a failed one is over). */
export function jobInFlight(stats: Partial<Pick<ServerStats, 'power_job'>> | null | undefined): boolean {
  return stats?.power_job != null && stats.power_job.status !== 'failed';
}

type Busy = Pick<DedicatedServer, 'power_state'> & Partial<Pick<ServerStats, 'power_job'>>;

/** The refetch interval of a read holding `rows`: 2 s while one is changing state or has a function in flight. */
export function busyRefetchInterval(rows: readonly Busy[] | null | undefined): number | false {
  const busy = rows?.some((r) => r.power_state === 'PoweringOn' || r.power_state === 'PoweringOff' || jobInFlight(r));
  return busy ? BUSY_REFETCH_MS : false;
}
