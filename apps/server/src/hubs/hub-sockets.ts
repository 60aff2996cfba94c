import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import { HUB_MESSAGE_TARGET, joinedText, type HubKind } from '@portside/contract/hubs';
import {
  MessageType,
  ProtocolError,
  RecordReader,
  closeMessage,
  completionError,
  handshakeResponse,
  invocation,
  parseHandshake,
  parseHubMessage,
  ping,
} from './protocol.js';

/** Limits of one api instance's hub connections. */
export interface HubLimits {
  /** Largest websocket message (and pending record) a client may send, in bytes. */
  maxMessageBytes: number;
  /** A connection without a good handshake by then is closed. */
  handshakeTimeoutMs: number;
  /** The server pings every connection this often (the client's timeout is 30 s). */
  pingIntervalMs: number;
  /**
   * A connection the client has sent nothing on for this long is dropped (clients ping every 15 s;
   * a hidden browser tab may be throttled to once a minute).
   */
  idleTimeoutMs: number;
  /** Open connections per instance, and per client IP address (a tab opens one per hub it shows; offices share an address). */
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** A client that does not read its messages is dropped once this much is queued for it. */
  maxBufferedBytes: number;
  /** At shutdown, how long clients get to answer the closing handshake. */
  closeGraceMs: number;
}

export const HUB_LIMITS: HubLimits = {
  maxMessageBytes: 32 * 1024,
  handshakeTimeoutMs: 5_000,
  pingIntervalMs: 15_000,
  idleTimeoutMs: 120_000,
  maxConnections: 20_000,
  maxConnectionsPerIp: 500,
  maxBufferedBytes: 1024 * 1024,
  closeGraceMs: 2_000,
};

/** Connection ids are 32 hex digits; only such a path part can name a connection. */
export const CONNECTION_ID_PATTERN = /^[0-9a-f]{32}$/;
/** Connection tokens (negotiate) are 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newConnectionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function isConnectionToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/**
 * The public connection id of a (secret) connection token. Derived, not stored, so the negotiate
 * call and the websocket may land on different instances; the id is what the joined message
 * hands out, the token never leaves the client that negotiated it.
 */
export function connectionIdOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex').slice(0, 32);
}

interface Live {
  kind: HubKind;
  socket: WebSocket;
}

/**
 * The hub connections of this api instance (connection id → socket), after their handshake.
 * Messages reach a socket only through {@link send}; the fan-out decides which ids may get what.
 */
/** The websocket close code (1012, service restart) a stopping instance sends: clients reconnect, to another instance. */
export const SERVICE_RESTART = 1012;

export class HubSockets {
  /** Names this instance in hub_connections.instance_id. */
  readonly instanceId = crypto.randomUUID();
  private readonly live = new Map<string, Live>();
  private readonly perIp = new Map<string, number>();
  private opened = 0;
  closing = false;

  constructor(readonly limits: HubLimits = HUB_LIMITS) {}

  get size(): number {
    return this.live.size;
  }

  has(connectionId: string): boolean {
    return this.live.has(connectionId);
  }

  /** This instance's joined connections per hub kind (the metrics). */
  countsByKind(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { kind } of this.live.values()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return counts;
  }

  /** The ids of this instance's joined connections. */
  ids(): string[] {
    return [...this.live.keys()];
  }

  kindOf(connectionId: string): HubKind | null {
    return this.live.get(connectionId)?.kind ?? null;
  }

  /** Whether another socket from `ip` may open now (before the upgrade). */
  admits(ip: string): boolean {
    return (
      !this.closing && this.opened < this.limits.maxConnections && (this.perIp.get(ip) ?? 0) < this.limits.maxConnectionsPerIp
    );
  }

  /**
   * Sends a live message (the payload's JSON text as the one argument) to the connections `ids`;
   * gives those of them that are no longer here. The frame's text is built and encoded once for
   * all of them (an account may have many sockets on one instance), and still goes out as a text
   * frame. A client that does not read its messages is dropped rather than buffered without end.
   */
  sendTo(ids: Iterable<string>, payloadJson: string): string[] {
    const gone: string[] = [];
    let frame: Buffer | undefined;
    for (const id of ids) {
      const l = this.live.get(id);
      if (!l) {
        gone.push(id);
        continue;
      }
      if (l.socket.readyState !== l.socket.OPEN) continue;
      if (l.socket.bufferedAmount > this.limits.maxBufferedBytes) {
        l.socket.terminate();
        continue;
      }
      frame ??= Buffer.from(invocation(HUB_MESSAGE_TARGET, [payloadJson]), 'utf8');
      l.socket.send(frame, { binary: false });
    }
    return gone;
  }

  /** Ends every connection, telling clients they may reconnect (to another instance); gives their ids. */
  closeAll(): string[] {
    this.closing = true;
    const ids = [...this.live.keys()];
    for (const { socket } of this.live.values()) {
      if (socket.readyState === socket.OPEN) socket.send(closeMessage(undefined, true));
      socket.close(SERVICE_RESTART, 'Service restart');
    }
    return ids;
  }

  /**
   * Runs one websocket through the protocol: handshake within the time limit, then the joined
   * message, pings, and the client's records. `onGone` is called with the id once it closes.
   */
  attach(socket: WebSocket, o: { kind: HubKind; connectionId: string; ip: string; onGone: (id: string) => void }): void {
    const { limits } = this;
    const id = o.connectionId;
    this.opened += 1;
    this.perIp.set(o.ip, (this.perIp.get(o.ip) ?? 0) + 1);
    const reader = new RecordReader(limits.maxMessageBytes);
    let joined = false;
    let lastSeen = Date.now();
    let pinger: NodeJS.Timeout | undefined;

    const fail = (error: string) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(joined ? closeMessage(error) : handshakeResponse(error));
      socket.close(1008, 'Protocol error');
    };
    const handshakeTimer = setTimeout(() => fail('No handshake was received in time.'), limits.handshakeTimeoutMs);
    handshakeTimer.unref();

    const onRecord = (text: string) => {
      if (!joined) {
        const hs = parseHandshake(text);
        if (!hs.ok) return fail(hs.error);
        if (this.live.has(id) || this.closing) return fail('The connection id is in use.');
        clearTimeout(handshakeTimer);
        joined = true;
        this.live.set(id, { kind: o.kind, socket });
        socket.send(handshakeResponse());
        socket.send(invocation(HUB_MESSAGE_TARGET, [joinedText(id, o.kind)]));
        pinger = setInterval(() => {
          if (Date.now() - lastSeen > limits.idleTimeoutMs) return void socket.terminate();
          if (socket.readyState === socket.OPEN) socket.send(ping());
        }, limits.pingIntervalMs);
        pinger.unref();
        return;
      }
      const m = parseHubMessage(text);
      if (!m) return fail('The message could not be read.');
      if (m.type === MessageType.Close) return void socket.close(1000);
      // The hubs have no methods to call: a caller waiting for a result is told so.
      if ((m.type === MessageType.Invocation || m.type === MessageType.StreamInvocation) && typeof m.invocationId === 'string') {
        socket.send(completionError(m.invocationId.slice(0, 64), 'The hub has no callable methods.'));
      }
    };

    socket.on('message', (data, isBinary) => {
      lastSeen = Date.now();
      if (isBinary) return fail('Only the text transfer format is supported.');
      let records: string[];
      try {
        records = reader.push(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
      } catch (e) {
        return fail(e instanceof ProtocolError ? e.message : 'The message could not be read.');
      }
      for (const r of records) {
        if (socket.readyState !== socket.OPEN) break;
        onRecord(r);
      }
    });

    socket.on('close', () => {
      clearTimeout(handshakeTimer);
      clearInterval(pinger);
      this.opened -= 1;
      const n = (this.perIp.get(o.ip) ?? 1) - 1;
      if (n > 0) this.perIp.set(o.ip, n);
      else this.perIp.delete(o.ip);
      if (joined && this.live.get(id)?.socket === socket) {
        this.live.delete(id);
        o.onGone(id);
      }
    });
  }
}
