/**
 * The simulated BMC's pure rules (simulator-bmc.ts): how a reset moves a system's power through
 * time, how its sensors read, and which account names and passwords the BMC accepts. Kept apart
 * from the SQL so they can be read and tested on their own.
 */
import type { BmcPowerState, Health } from '@portside/contract/schemas/dedicated';
import { RESET_TYPES, type ResetType } from './baremetal.js';

/** A power state a system can be in (never 'Unknown': that is the portal's word for no answer). */
export type SimPowerState = Exclude<BmcPowerState, 'Unknown'>;

/** One step of a power change: from `at` (ISO time) on, the system is in `state`. */
export interface PowerStep {
  state: SimPowerState;
  at: string;
}

/** What a generic Redfish BMC (OpenBMC, sushy-tools, Supermicro) allows: every reset type. */
export const GENERIC_RESET_TYPES: readonly ResetType[] = RESET_TYPES;

/** What HPE iLO 5 allows: no GracefulRestart and no PowerCycle. */
export const ILO5_RESET_TYPES: readonly ResetType[] = [
  'On',
  'ForceOff',
  'GracefulShutdown',
  'ForceRestart',
  'Nmi',
  'PushPowerButton',
];

/** The power state at `now`: that of the last step due by then, else the state the steps start from. */
export function powerAt(base: SimPowerState, steps: readonly PowerStep[], now: Date): SimPowerState {
  let state = base;
  for (const s of steps) if (Date.parse(s.at) <= now.getTime()) state = s.state;
  return state;
}

/** The steps of a reset, or the reason the BMC refuses it in this state (a REFUSED error's text). */
export type ResetPlan = { steps: PowerStep[] } | { refused: string };

/**
 * What `type` does to a system in `state` at `now`, each phase taking `delayMs`: powering on or a
 * graceful shutdown passes through PoweringOn/PoweringOff; restarts and a power cycle go through
 * off and back on (from off they only power on); ForceOff is at once, as pulling the power is.
 * Asking for the state the system is in already changes nothing. While a change is under way
 * only ForceOff is accepted, and a graceful restart or an NMI needs a running system.
 */
export function planReset(state: SimPowerState, type: ResetType, delayMs: number, now: Date): ResetPlan {
  const t = now.getTime();
  const step = (s: SimPowerState, phases: number): PowerStep => ({ state: s, at: new Date(t + phases * delayMs).toISOString() });
  const up = state === 'On' || state === 'Paused';
  if (type === 'ForceOff') return { steps: state === 'Off' ? [] : [step('Off', 0)] };
  if (state === 'PoweringOn' || state === 'PoweringOff')
    return { refused: `a power change is in progress (${state}); only ForceOff is accepted now` };
  const powerOn = () => ({ steps: [step('PoweringOn', 0), step('On', 1)] });
  const shutdown = () => ({ steps: [step('PoweringOff', 0), step('Off', 1)] });
  const restart = () => ({ steps: [step('PoweringOff', 0), step('PoweringOn', 1), step('On', 2)] });
  switch (type) {
    case 'On':
    case 'ForceOn':
      return up ? { steps: [] } : powerOn();
    case 'PushPowerButton':
      return up ? shutdown() : powerOn();
    case 'GracefulShutdown':
      return up ? shutdown() : { steps: [] };
    case 'GracefulRestart':
      return up ? restart() : { refused: 'the system is off: a graceful restart needs a running operating system' };
    case 'ForceRestart':
    case 'PowerCycle':
      return up ? restart() : powerOn();
    case 'Nmi':
      return up ? { steps: [] } : { refused: 'the system is off: no NMI can be sent' };
  }
}

/** The worst of some health values ('OK' for none). */
export function worstHealth(values: Iterable<Health>): Health {
  let worst: Health = 'OK';
  for (const v of values) if (v === 'Critical' || (v === 'Warning' && worst === 'OK')) worst = v;
  return worst;
}

/** Deterministic noise in [-1, 1) from a text and a number (the same sensor in the same minute reads the same). */
function jitter(name: string, bucket: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${name}|${bucket}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return ((h >>> 0) / 0x100000000) * 2 - 1;
}

/**
 * What a sensor shows at `now`. While the system has power (anything but Off) it reads its set
 * value with a small drift that changes each minute (±1.5 °C, ±3 % of a fan's speed); while off,
 * temperatures fall most of the way to the room's (20 °C) and the fans stand still.
 */
export function sensorReading(
  s: { name: string; kind: 'temperature' | 'fan'; reading: number | null; unit: string },
  power: SimPowerState,
  now: Date,
): number | null {
  if (s.reading === null) return null;
  const noise = jitter(s.name, Math.floor(now.getTime() / 60_000));
  if (s.kind === 'fan') return power === 'Off' ? 0 : Math.max(0, Math.round(s.reading * (1 + 0.03 * noise)));
  const value = power === 'Off' ? 20 + (s.reading - 20) * 0.25 : s.reading + 1.5 * noise;
  return Math.round(value * 10) / 10;
}

/** A BMC account name: letters, digits, dot, dash and underscore, 1–39 characters (iLO's limit). */
export const BMC_USERNAME = /^[A-Za-z0-9._-]{1,39}$/;

/**
 * The simulated BMC's password policy: 8 to 16 printable ASCII characters, spaces excluded (a
 * BMC's typical minimum length and a short maximum many boards have). Answers the refusal's text
 * (which never quotes the password), or null when the password is acceptable.
 */
export function passwordPolicyProblem(password: string): string | null {
  if (typeof password !== 'string' || !/^[\x21-\x7e]{8,16}$/.test(password))
    return 'the password does not meet the BMC password policy (8 to 16 printable characters, no spaces)';
  return null;
}
