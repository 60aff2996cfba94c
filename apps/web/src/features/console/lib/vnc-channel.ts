/**
 * The console socket as noVNC's RFB client takes a "raw channel" (the part of the WebSocket
 * interface it uses): after the JSON hello, the socket's binary frames are RFB. Frames that
 * arrive before the viewer has loaded wait here until {@link VncChannel.start}.
 */
import { CONSOLE_CLOSE } from '@portside/contract/console';

type Closed = { code: number; reason: string; wasClean: boolean };

export class VncChannel {
  // noVNC checks these are properties of the channel, then sets its own handlers.
  binaryType = 'arraybuffer';
  protocol = '';
  onmessage: ((e: { data: ArrayBuffer }) => void) | null = null;
  onopen: (() => void) | null = null;
  onclose: ((e: Closed) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private backlog: ArrayBuffer[] = [];
  private live = false;
  private detached = false;

  constructor(private readonly socket: Pick<WebSocket, 'readyState' | 'send' | 'close'>) {}

  get readyState(): number {
    return this.detached ? WebSocket.CLOSED : this.socket.readyState;
  }

  send(data: ArrayBuffer | ArrayBufferView): void {
    if (!this.detached && this.socket.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  /** The viewer ends the console (it gave up on the session). */
  close(): void {
    if (!this.detached && this.socket.readyState === WebSocket.OPEN) this.socket.close(CONSOLE_CLOSE.normal);
  }

  /** A binary frame from the socket. */
  receive(data: ArrayBuffer): void {
    if (this.live && !this.detached) this.onmessage?.({ data });
    else if (!this.detached) this.backlog.push(data);
  }

  /** The viewer has attached: hands it what came before, then every frame as it comes. */
  start(): void {
    this.live = true;
    for (const data of this.backlog.splice(0)) this.onmessage?.({ data });
  }

  /** The socket closed. */
  ended(code: number, reason: string): void {
    if (!this.detached) this.onclose?.({ code, reason, wasClean: true });
  }

  /** The viewer is gone: nothing more reaches it, and its close does not end the console. */
  detach(): void {
    this.detached = true;
    this.onmessage = null;
    this.onclose = null;
    this.onerror = null;
    this.onopen = null;
  }
}
