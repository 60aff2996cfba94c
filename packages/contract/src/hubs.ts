/**
 * Live updates (spec 2 §3, §4, §5, §7 'Websocket' and 'Payment and service host'): the hub kinds,
 * the message shapes, the joined handshake text and the inputs of the notification hashes.
 *
 * Hashing itself is left to each side (the browser uses crypto.subtle, the server node:crypto):
 * the hash is the lower-case hex SHA-512 of {@link notificationHashInput}.
 */

/** One websocket endpoint per event kind (`/hubs/<kind>`), in the order of spec 2 §7. */
export const HUB_KINDS = [
  'lock',
  'iso-mount',
  'iso-detach',
  'iso-download',
  'iso-delete',
  'backup-toggle',
  'backup-protect',
  'backup-now',
  'backup-restore',
  'snapshot-create',
  'snapshot-delete',
  'snapshot-rollback',
  'boot-order',
  'rename',
  'power',
  'create',
  'model-upgrade',
  'resize',
  'assign-ipv4',
  'tpm-update',
  'port-forwarding',
  'terminal',
  /** A ticket's new comments and changes (issue 16), to the ticket's account and to staff. */
  'tickets',
  /** A dedicated server's power state and power function progress (issue 17), to its account. */
  'dedicated',
] as const;
export type HubKind = (typeof HUB_KINDS)[number];

export function isHubKind(value: unknown): value is HubKind {
  return typeof value === 'string' && (HUB_KINDS as readonly string[]).includes(value);
}

/** The hub method every message is sent to (the client listens with `connection.on(...)`). */
export const HUB_MESSAGE_TARGET = 'ReceiveMessage';

/** A live-update message of every kind but the terminal (spec 2 §3). */
export interface LiveUpdateMessage {
  provisioned_id: number;
  status: string;
  power_status?: string;
  state?: string;
  /** English text. */
  message: string;
  stage?: string;
  /** The text as a message key and its parameters (contract server-texts.ts), for the reader's language. */
  text_key?: string;
  text_params?: Record<string, string | number>;
}

/**
 * A message of the 'dedicated' hub (issue 17): a dedicated server's power state changed, or the power
 * function in flight moved on (queued → running → done or failed). The page refetches ServerStats.
 */
export interface DedicatedLiveMessage {
  serial: string;
  event: 'power' | 'job';
  power_state: string;
  /** The power function, for 'job' events. */
  action?: string;
  status?: 'queued' | 'running' | 'done' | 'failed';
  error?: string | null;
  message: string;
}

/** A message of the terminal hub (spec 2 §7): `message` is base64 text, shown raw if it cannot be decoded. */
export interface TerminalMessage {
  provisioned_id: number;
  label: string;
  'backup-id'?: string;
  state?: string;
  stage: string;
  /** Base64 of the English text. */
  message: string;
  /** The text as a message key and its parameters (contract server-texts.ts), for the reader's language. */
  text_key?: string;
  text_params?: Record<string, string | number>;
}

/** One item of the recent-messages answer: `message` is the JSON text of a {@link TerminalMessage}. */
export interface RecentHubMessage {
  message: string;
  /** ISO 8601 timestamp. */
  created_at: string;
}

/** How many recent terminal messages the service host answers, and from how far back. */
export const RECENT_MESSAGES = { limit: 50, withinHours: 24 } as const;

/** How far (seconds) the epoch of a notification call may be from the server's clock, either way. */
export const NOTIFICATION_EPOCH_SKEW_SECONDS = 300;

export const JOINED_MARKER = '_joined_';

/** The text the hub sends after the handshake: `{connection id}_joined_[{destination}]`. */
export function joinedText(connectionId: string, destination: string): string {
  return `${connectionId}${JOINED_MARKER}[${destination}]`;
}

/**
 * Reads a joined text (spec 2 §5): acted on only if it contains the joined marker and splits into
 * at least two parts. The destination is the text after the marker without its brackets. Gives
 * null for anything else, and for an empty connection id.
 */
export function parseJoined(text: unknown): { connectionId: string; destination: string } | null {
  if (typeof text !== 'string' || !text.includes(JOINED_MARKER)) return null;
  const parts = text.split(JOINED_MARKER);
  if (parts.length < 2) return null;
  const connectionId = parts[0]!;
  if (connectionId === '') return null;
  const rest = parts.slice(1).join(JOINED_MARKER);
  const bracketed = /^\[(.*)\]$/s.exec(rest);
  return { connectionId, destination: bracketed ? bracketed[1]! : rest };
}

/**
 * The connection id of a joined text whose destination is `expected` (spec 2 §4: only then is the
 * connection registered; otherwise nothing happens).
 */
export function joinedConnectionFor(text: unknown, expected: string): string | null {
  const joined = parseJoined(text);
  return joined && joined.destination === expected ? joined.connectionId : null;
}

/** An e-mail as a path part (spec 2 §7): lower-cased, a plus sign replaced by a dollar sign. */
export function emailPathPart(email: string): string {
  return email.trim().toLowerCase().replaceAll('+', '$');
}

/** The inverse of {@link emailPathPart}: the (lower-case) e-mail a path part names. */
export function emailFromPathPart(part: string): string {
  return part.replaceAll('$', '+').toLowerCase();
}

/** What the notification hash is taken over: the lower-cased e-mail, the epoch in seconds and the salt. */
export function notificationHashInput(emailLower: string, epochSeconds: number, salt: string): string {
  return `${emailLower}${epochSeconds}${salt}`;
}

/**
 * Salt of the register call: the customer (client) id, the user's notification secret (MyProfile
 * `notification_secret`, DESIGN §3) and the connection id.
 */
export function registerSalt(clientId: string, secret: string, connectionId: string): string {
  return `${clientId}${secret}${connectionId}`;
}

/** Salt of the deactivate and recent-messages calls: the customer id and the notification secret. */
export function accountSalt(clientId: string, secret: string): string {
  return `${clientId}${secret}`;
}

/** What identifies the caller in every notification call (path parts). */
export interface NotificationAuth {
  issuer: string;
  email: string;
  clientId: string;
  epoch: number;
  /** Lower-case hex SHA-512 of the hash input. */
  hash: string;
}

const seg = (s: string | number) => encodeURIComponent(String(s)).replaceAll('%24', '$').replaceAll('%40', '@');

/** Paths of the notification calls on the service host (append to its base URL). */
export const notificationPaths = {
  register: (a: NotificationAuth & { connectionId: string; destination: string }) =>
    `/svc/notifications/register/${seg(a.issuer)}/${seg(a.connectionId)}/${seg(a.destination)}/${seg(emailPathPart(a.email))}/${seg(a.clientId)}/${a.epoch}/${seg(a.hash)}`,
  deactivate: (a: NotificationAuth) =>
    `/svc/notifications/deactivate/${seg(a.issuer)}/${seg(emailPathPart(a.email))}/${seg(a.clientId)}/${a.epoch}/${seg(a.hash)}`,
  recent: (a: NotificationAuth) =>
    `/svc/notifications/recent/${seg(a.issuer)}/${seg(emailPathPart(a.email))}/${seg(a.clientId)}/${a.epoch}/${seg(a.hash)}`,
} as const;

/** Fixed messages (spec 2 §8); the answer's own error message is added to them. */
export const NOTIFICATION_MESSAGES = {
  registerFailed: 'Failed to register notification connection',
  deactivateFailed: 'Failed to deactivate connection mappings',
} as const;
