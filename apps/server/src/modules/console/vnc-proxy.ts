/**
 * A graphical console between the browser's console socket and the node's `vncwebsocket`: the
 * portal logs in to the VM's VNC server with the cluster's password (rfb.ts), says 'ready' to the
 * browser, greets its viewer without a password, then pipes the RFB bytes both ways, pausing the
 * cluster's side while a slow browser has more than {@link PIPE_HIGH_WATER} waiting.
 */
import type { WebSocket, RawData } from 'ws';
import { statusOf } from '@portside/contract/errors';
import { CONSOLE_CLOSE, type ConsoleHello } from '@portside/contract/console';
import { AppError } from '../../http/errors.js';
import { authenticateToServer, ByteQueue, greetClient, RfbError } from './rfb.js';

/** Bytes a VNC pipe may hold for a slow browser before it stops reading from the cluster. */
const PIPE_HIGH_WATER = 4 * 1024 * 1024;

/** How long each handshake may take. */
const HANDSHAKE_MS = 10_000;

/** What the console socket lends the proxy. */
export interface VncProxyIo {
  /** The browser's socket. */
  socket: WebSocket;
  /** The node's socket, answered paused by the driver. */
  upstream: WebSocket;
  /** The VNC password: the generated one, else the ticket. */
  password: string;
  hello: Extract<ConsoleHello, { type: 'ready' }>;
  /** Sets the receiver of the browser's frames (frames that came earlier are replayed to it). */
  setInput(fn: (data: RawData, binary: boolean) => void): void;
  /** Runs `fn` when the browser's socket closes. */
  onClose(fn: () => void): void;
}

const bytesOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RfbError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Runs the console until either side ends; throws RfbError for the log when a handshake fails. */
export async function proxyVnc(io: VncProxyIo): Promise<void> {
  const { socket, upstream } = io;
  const fromNode = new ByteQueue();
  const fromBrowser = new ByteQueue();
  const ended = new RfbError('the console closed during the handshake');
  let piping = false;
  let loggedIn = false;
  io.onClose(() => {
    upstream.close();
    fromNode.fail(ended);
    fromBrowser.fail(ended);
  });
  upstream.on('close', () => {
    fromNode.fail(ended);
    if (loggedIn) socket.close(CONSOLE_CLOSE.normal, 'Console ended');
  });
  upstream.on('error', () => upstream.terminate());
  upstream.on('message', (data) => {
    if (!piping) return fromNode.push(bytesOf(data));
    if (socket.readyState !== socket.OPEN) return;
    socket.send(data, { binary: true });
    // A browser that reads slower than the VM draws: the cluster's side waits instead of this server buffering.
    if (socket.bufferedAmount > PIPE_HIGH_WATER && !upstream.isPaused) {
      upstream.pause();
      const wait = setInterval(() => {
        if (socket.readyState === socket.OPEN && socket.bufferedAmount > PIPE_HIGH_WATER / 4) return;
        clearInterval(wait);
        upstream.resume();
      }, 50);
      io.onClose(() => clearInterval(wait));
    }
  });
  upstream.resume();

  try {
    await within(
      authenticateToServer(fromNode, (b) => upstream.send(b), io.password),
      HANDSHAKE_MS,
      'the VNC login',
    );
  } catch (e) {
    if (socket.readyState === socket.OPEN) {
      const body = new AppError('CLUSTER_UNAVAILABLE').body();
      socket.send(JSON.stringify({ type: 'error', code: 'CLUSTER_UNAVAILABLE', message: body.message } satisfies ConsoleHello));
      socket.close(4000 + statusOf('CLUSTER_UNAVAILABLE'), 'CLUSTER_UNAVAILABLE');
    }
    throw e;
  }
  if (socket.readyState !== socket.OPEN) return;
  loggedIn = true;
  if (upstream.readyState !== upstream.OPEN) return void socket.close(CONSOLE_CLOSE.normal, 'Console ended');
  socket.send(JSON.stringify(io.hello));
  io.setInput((data, binary) => {
    if (binary) fromBrowser.push(bytesOf(data));
  });
  try {
    await within(
      greetClient(fromBrowser, (b) => socket.send(b, { binary: true })),
      HANDSHAKE_MS,
      'the viewer’s handshake',
    );
  } catch (e) {
    socket.close(1002, 'Not a VNC viewer');
    throw e;
  }
  piping = true;
  const early = fromNode.rest();
  if (early.length) socket.send(early, { binary: true });
  const waiting = fromBrowser.rest();
  if (waiting.length) upstream.send(waiting, { binary: true });
  io.setInput((data, binary) => {
    if (binary && upstream.readyState === upstream.OPEN) upstream.send(data, { binary: true });
  });
}
