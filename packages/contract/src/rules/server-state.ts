/**
 * Server states and the rules applied to live-update messages (spec 1 §4, spec 2 §4, §7).
 */
import { ACTIVITY_THRESHOLDS_MIN } from '../constants';

/** Power states a server shows. */
export const SERVER_STATES = ['RUNNING', 'STOPPED', 'UNKNOWN', 'PRE-START', 'PRE-STOP', 'POST-START', 'POST-STOP'] as const;
export type ServerState = (typeof SERVER_STATES)[number];

/** The power commands. */
export const POWER_COMMANDS = ['start', 'stop'] as const;
export type PowerCommand = (typeof POWER_COMMANDS)[number];

/** The fields of a live-update message (or a server record) that carry the power state. */
export interface StateMessage {
  state?: string | null;
  power_status?: string | null;
  stage?: string | null;
}

function isServerState(x: string): x is ServerState {
  return (SERVER_STATES as readonly string[]).includes(x);
}

/** Upper-cases and unifies separators: 'post_start', 'Post Start' and 'POST-START' are alike. */
function canonical(raw: string | null | undefined): string {
  return typeof raw === 'string'
    ? raw
        .trim()
        .toUpperCase()
        .replace(/[\s_]+/g, '-')
    : '';
}

function fromRaw(raw: string | null | undefined, stage: string): ServerState {
  const value = canonical(raw);
  if (value === '') return 'UNKNOWN';
  const action = /^(?:(PRE|POST)-?)?(START|STOP)$/.exec(value);
  if (action) {
    const verb = action[2] as 'START' | 'STOP';
    // A stage containing 'post' keeps the post wording; a bare command word is still pending.
    if (/post/i.test(stage)) return `POST-${verb}`;
    if (action[1] === 'POST') return `POST-${verb}`;
    return `PRE-${verb}`;
  }
  return isServerState(value) ? value : 'UNKNOWN';
}

/**
 * The power state of a message: `state`, else `power_status`, upper-cased. Empty or unknown
 * values give UNKNOWN. For start/stop-like values the stage decides the wording: a stage
 * containing 'post' (any case) gives POST-START / POST-STOP, otherwise an explicit POST- prefix
 * is kept, and everything else (a bare 'start', 'pre-stop', ...) is PRE-. RUNNING and STOPPED
 * are never changed by the stage.
 */
export function normalizeServerState(msg: StateMessage): ServerState {
  const stage = typeof msg.stage === 'string' ? msg.stage : '';
  const fromState = fromRaw(msg.state, stage);
  if (fromState !== 'UNKNOWN') return fromState;
  return fromRaw(msg.power_status, stage);
}

/** Whether a state is a start or stop still in progress (PRE-). */
export function isTransitional(state: ServerState): boolean {
  return state === 'PRE-START' || state === 'PRE-STOP';
}

/** Activity status levels of a server's last contact. */
export const ACTIVITY_LEVELS = ['OK', 'WARNING', 'CRITICAL', 'DEAD', 'LOST'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/**
 * Minutes after which a DEAD server counts as LOST. The spec only says 'then LOST'; an hour
 * without contact is where an operator stops expecting the agent to come back by itself.
 */
export const ACTIVITY_LOST_AFTER_MIN = 60;

/**
 * The activity level from the time since the last contact: under 1 minute OK, from 1 WARNING,
 * from 5 CRITICAL, from 10 DEAD, from 60 LOST. A last contact in the future (clock skew) is OK.
 */
export function activityLevel(lastSeen: Date, now: Date): ActivityLevel {
  const minutes = (now.getTime() - lastSeen.getTime()) / 60_000;
  if (Number.isNaN(minutes)) return 'LOST';
  if (minutes >= ACTIVITY_LOST_AFTER_MIN) return 'LOST';
  if (minutes >= ACTIVITY_THRESHOLDS_MIN.dead) return 'DEAD';
  if (minutes >= ACTIVITY_THRESHOLDS_MIN.critical) return 'CRITICAL';
  if (minutes >= ACTIVITY_THRESHOLDS_MIN.warning) return 'WARNING';
  return 'OK';
}

/** The warning shown when the active status says the contact with the server is lost. */
export const LOST_CONTACT_MESSAGE =
  'Server status: We are not able to perform this operation. We lost the contact with the server. This is NOT related to power status.';

/** Whether an active_status value means the contact with the server is lost (LOST, any case). */
export function isContactLost(activeStatus: string | null | undefined): boolean {
  return canonical(activeStatus) === 'LOST';
}

/** A server (or account) is healthy when prox_sync_success is true. */
export function isHealthy(p: { prox_sync_success?: boolean | null }): boolean {
  return p.prox_sync_success === true;
}

/** The boot order before any message: CD/DVD, SSD, network. */
export const DEFAULT_BOOT_ORDER = 'dcn';

/**
 * The new boot order a message holds, or null to keep the current one. The message must hold
 * all of c, d and n as a three-letter order (any case, e.g. 'ndc' or 'boot order: CDN');
 * the result is that order in lower case.
 */
export function acceptBootOrder(msg: string): string | null {
  if (typeof msg !== 'string') return null;
  const lower = msg.toLowerCase();
  for (let i = 0; i + 3 <= lower.length; i++) {
    const word = lower.slice(i, i + 3);
    if ([...'cdn'].every((c) => word.includes(c))) return word;
  }
  return null;
}

/** The snapshot name of a message: the text without leading 'success:' / 'rollback:' prefixes. */
export function snapshotNameFromMessage(text: string): string {
  let rest = typeof text === 'string' ? text.trim() : '';
  for (;;) {
    const next = rest.replace(/^(?:success|rollback):/i, '').trim();
    if (next === rest) return rest;
    rest = next;
  }
}

/** A backup exists or is protected when the message state is 'on' (any case, true also counts). */
export function isOn(state: unknown): boolean {
  if (state === true) return true;
  return typeof state === 'string' && state.trim().toLowerCase() === 'on';
}

/** An ISO mount succeeded when the status is 'ok' (any case). */
export function isIsoMountOk(status: unknown): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() === 'ok';
}

/** The marker of a notification-connection joined message. */
export const JOINED_MARKER = '_joined_';

/** A registered notification connection. */
export interface JoinedConnection {
  connectionId: string;
  destination: string;
}

/**
 * Reads '{connection id}_joined_[{destination}]'. Returns null when the marker is missing,
 * either part is empty, or `expectedDestination` is given and differs from the destination.
 * The brackets around the destination are optional.
 */
export function parseJoined(arg: string, expectedDestination?: string): JoinedConnection | null {
  if (typeof arg !== 'string') return null;
  const at = arg.indexOf(JOINED_MARKER);
  if (at === -1) return null;
  const connectionId = arg.slice(0, at).trim();
  const rawDestination = arg.slice(at + JOINED_MARKER.length).trim();
  const bracketed = /^\[(.*)\]$/s.exec(rawDestination);
  const destination = (bracketed ? (bracketed[1] ?? '') : rawDestination).trim();
  if (connectionId === '' || destination === '') return null;
  if (expectedDestination !== undefined && destination !== expectedDestination) return null;
  return { connectionId, destination };
}
