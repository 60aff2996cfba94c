/**
 * One console socket as the console-open page uses it (protocol: contract `console.ts`): the
 * state (connecting, connected, closed, error), the server's hello, and the terminal output,
 * kept until a terminal listens (xterm loads lazily, the banner may arrive first); for a VNC
 * console, the RFB frames through a {@link VncChannel} for the noVNC viewer.
 */
import { CONSOLE_CLOSE, type ConsoleErrorCode, type ConsoleHello, type ConsoleKind } from '@portside/contract/console';
import { VncChannel } from './vnc-channel';

export type ConsoleState =
  | { status: 'connecting' }
  | { status: 'connected'; kind: ConsoleKind; provisionedId: number; name: string }
  | {
      status: 'closed';
      reason: 'ended' | 'idle' | 'lost';
      kind: ConsoleKind | null;
      provisionedId: number | null;
      name: string | null;
    }
  /** `unreachable`: the socket failed before the server said anything. */
  | { status: 'error'; code: ConsoleErrorCode | 'unreachable' };

/** The websocket address of a socket path and query on the page's own origin. */
export function socketAddress(path: string, query: string, location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}?${query}`;
}

export class ConsoleConnection {
  private socket: WebSocket;
  private hello: Extract<ConsoleHello, { type: 'ready' }> | null = null;
  private backlog: string[] = [];
  private listener: ((text: string) => void) | null = null;
  private vnc: VncChannel | null = null;
  state: ConsoleState = { status: 'connecting' };

  /** Connects to `address`; `onState` hears every change of {@link state}. */
  constructor(
    address: string,
    private readonly onState: (s: ConsoleState) => void,
  ) {
    this.socket = new WebSocket(address);
    this.socket.binaryType = 'arraybuffer';
    this.socket.onmessage = (e) => this.receive(e.data);
    this.socket.onclose = (e) => {
      this.closed(e.code);
      this.vnc?.ended(e.code, e.reason);
    };
  }

  /** Sends keyboard input to a text console. */
  send(data: string): void {
    if (this.state.status === 'connected' && this.socket.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  /** Hands terminal output to `fn`, first what came before; answers the unsubscribe. */
  onOutput(fn: (text: string) => void): () => void {
    this.listener = fn;
    for (const chunk of this.backlog.splice(0)) fn(chunk);
    return () => {
      if (this.listener === fn) this.listener = null;
    };
  }

  /** The RFB channel of a VNC console (null for a text console, or before the hello). */
  vncChannel(): VncChannel | null {
    return this.vnc;
  }

  /** Ends the console from this side. */
  close(): void {
    this.socket.onclose = null;
    this.socket.onmessage = null;
    this.socket.close(CONSOLE_CLOSE.normal);
  }

  private set(s: ConsoleState): void {
    this.state = s;
    this.onState(s);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') {
      if (data instanceof ArrayBuffer) this.vnc?.receive(data);
      return;
    }
    if (!this.hello && this.state.status === 'connecting') {
      let h: ConsoleHello | null;
      try {
        h = JSON.parse(data) as ConsoleHello;
      } catch {
        h = null;
      }
      if (h?.type === 'ready') {
        this.hello = h;
        if (h.kind === 'vnc') this.vnc = new VncChannel(this.socket);
        this.set({ status: 'connected', kind: h.kind, provisionedId: h.provisioned_id, name: h.name });
      } else {
        this.set({ status: 'error', code: h?.type === 'error' ? h.code : 'unreachable' });
      }
      return;
    }
    if (this.listener) this.listener(data);
    else this.backlog.push(data);
  }

  private closed(code: number): void {
    if (this.state.status === 'error') return;
    if (this.state.status === 'connecting') return this.set({ status: 'error', code: 'unreachable' });
    const reason = code === CONSOLE_CLOSE.normal ? 'ended' : code === CONSOLE_CLOSE.idle ? 'idle' : 'lost';
    const h = this.hello;
    this.set({
      status: 'closed',
      reason,
      kind: h?.kind ?? null,
      provisionedId: h?.provisioned_id ?? null,
      name: h?.name ?? null,
    });
  }
}
