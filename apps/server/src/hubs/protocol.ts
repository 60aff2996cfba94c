/**
 * The SignalR JSON hub protocol, as far as the notification hubs need it: text records ended by
 * the record separator 0x1E, a handshake ({"protocol":"json","version":1} answered by {}), and the
 * message types invocation (1), completion (3), ping (6) and close (7). The server only pushes;
 * a client's own invocations are answered with an error completion (when it waits for one).
 */

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** A parsed hub message: the type and whatever else the record held. */
export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  error?: string;
  allowReconnect?: boolean;
}

/**
 * The JSON text a live message is sent as (the one argument of its invocation). The browser takes
 * any argument containing '_joined_' for the joined message, so the marker is written with a JSON
 * escape (\u005f) wherever a payload holds it (a server named 'a_joined_b'): the text parses to
 * the same object but never looks like a joined message.
 */
export function payloadText(payload: object): string {
  return JSON.stringify(payload).replaceAll('_joined_', '\\u005fjoined_');
}

/** One record: the JSON text followed by the separator. */
export function record(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** The answer to a good handshake, or to a bad one with its error (then the connection closes). */
export function handshakeResponse(error?: string): string {
  return record(error === undefined ? {} : { error });
}

/** A non-blocking invocation of a client method: what every live message is sent as. */
export function invocation(target: string, args: unknown[]): string {
  return record({ type: MessageType.Invocation, target, arguments: args });
}

export function ping(): string {
  return record({ type: MessageType.Ping });
}

/** Tells the client the connection ends; `allowReconnect` lets it reconnect on its own (another instance). */
export function closeMessage(error?: string, allowReconnect?: boolean): string {
  return record({
    type: MessageType.Close,
    ...(error !== undefined ? { error } : {}),
    ...(allowReconnect !== undefined ? { allowReconnect } : {}),
  });
}

/** The error completion of a client invocation that waits for a result. */
export function completionError(invocationId: string, error: string): string {
  return record({ type: MessageType.Completion, invocationId, error });
}

/**
 * Splits incoming text into records. A record may span frames (kept until its separator comes),
 * and a frame may hold several records. Refuses a pending text longer than `maxPending`
 * characters, so a client cannot make the server buffer without end.
 */
export class RecordReader {
  private pending = '';

  constructor(private readonly maxPending: number) {}

  /** The complete records of `text`, in order (without separators); throws on an overlong record. */
  push(text: string): string[] {
    const all = this.pending + text;
    const parts = all.split(RECORD_SEPARATOR);
    this.pending = parts.pop()!;
    if (this.pending.length > this.maxPending) throw new ProtocolError('The message is too large');
    return parts;
  }
}

export class ProtocolError extends Error {}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** Judges the handshake request: only the json protocol, version 1, is spoken here. */
export function parseHandshake(text: string): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The handshake request is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'The handshake request must be a JSON object.' };
  }
  const { protocol, version } = value as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'The handshake request must name a protocol and its version.' };
  }
  if (protocol !== 'json') return { ok: false, error: `Requested protocol '${protocol.slice(0, 40)}' is not available.` };
  if (version !== 1) return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  return { ok: true };
}

/** Reads one record as a hub message; null when it is not a JSON object with a numeric type. */
export function parseHubMessage(text: string): HubMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'number' && Number.isInteger(type) ? (value as HubMessage) : null;
}
