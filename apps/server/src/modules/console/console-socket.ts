/**
 * The console websocket, `GET /console/ws?cookie=..&epoch=..&hash=..` (contract `console.ts` has
 * the protocol). The link is checked after the upgrade so the page can be told why it was refused
 * (a refused upgrade reaches a browser as a bare failure): the first frame is the JSON hello,
 * ready or error. Then:
 * - text (simulator): the portal plays the VM's serial console (serial-console.ts), logins checked
 *   by the driver's checkConsoleLogin;
 * - vnc (Proxmox VE): the node's `vncwebsocket`, opened by the driver with the cluster's token
 *   and CA; the portal logs in to the VM's VNC server itself and pipes the RFB session to the
 *   browser's viewer (vnc-proxy.ts), so the node's address, the ticket and the password stay here.
 * Both ends close together. Limits: one socket per session (the session is taken once), text
 * input frames of CONSOLE_MAX_INPUT_BYTES (the server's websocket limit bounds binary ones),
 * CONSOLE_IDLE_SECONDS without input. Request lines (the query holds the link) are not logged,
 * nor is any ticket.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import { statusOf } from '@portside/contract/errors';
import {
  CONSOLE_CLOSE,
  CONSOLE_IDLE_SECONDS,
  CONSOLE_MAX_INPUT_BYTES,
  CONSOLE_WS_PATH,
  type ConsoleHello,
} from '@portside/contract/console';
import { AppError } from '../../http/errors.js';
import { quietLevel } from '../../hubs/log-level.js';
import { ConsoleRefusal, takeConsole, type ConsoleDeps, type OpenedConsole } from './console.service.js';
import { createSerialConsole } from './serial-console.js';
import { RfbError } from './rfb.js';
import { proxyVnc } from './vnc-proxy.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes websocket upgrades besides the hubs' (see hubs/hub-server.ts). */
    websocket?: boolean;
  }
}

/** Test hooks: a shorter idle time. */
export interface ConsoleSocketOptions {
  idleMs?: number;
}

/** Registers the console socket; the websocket plugin is the one the hubs registered. */
export async function registerConsoleSocket(
  app: FastifyInstance,
  deps: ConsoleDeps,
  options: ConsoleSocketOptions = {},
): Promise<void> {
  const idleMs = options.idleMs ?? CONSOLE_IDLE_SECONDS * 1000;
  app.route({
    method: 'GET',
    url: CONSOLE_WS_PATH,
    logLevel: quietLevel(app.log),
    config: { websocket: true },
    handler: async () => {
      throw new AppError('BAD_REQUEST', {
        message: 'A websocket connection is required',
        hint: 'Open the console from the server\u2019s page',
      });
    },
    wsHandler: (socket, req) => {
      void serve(socket, deps, req.query as Record<string, unknown>, idleMs).catch((err: unknown) => {
        // A VNC handshake that failed has told the browser already; anything else ends the socket.
        if (err instanceof RfbError) return void req.log.info({ message: err.message }, 'vnc console handshake failed');
        req.log.warn({ message: err instanceof Error ? err.message : String(err) }, 'console socket failed');
        socket.terminate();
      });
    },
  });
}

const hello = (socket: WebSocket, h: ConsoleHello) => socket.send(JSON.stringify(h));

async function serve(socket: WebSocket, deps: ConsoleDeps, query: Record<string, unknown>, idleMs: number): Promise<void> {
  // Input that arrives while the console is being opened waits for it (a few frames at most).
  const early: Array<{ data: RawData; binary: boolean }> = [];
  let onInput: ((data: RawData, binary: boolean) => void) | null = null;
  let idle: NodeJS.Timeout | undefined;
  const cleanups: Array<() => void> = [];
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => socket.close(CONSOLE_CLOSE.idle, 'Console idle'), idleMs);
  };
  socket.on('message', (data, binary) => {
    touch();
    if (onInput) onInput(data, binary);
    else if (early.length < 16) early.push({ data, binary });
    else socket.close(CONSOLE_CLOSE.tooBig, 'Too much input before the console opened');
  });
  socket.on('close', () => {
    clearTimeout(idle);
    for (const c of cleanups) c();
  });
  touch();

  let opened: OpenedConsole;
  try {
    opened = await takeConsole(deps, query);
  } catch (e) {
    const code = e instanceof ConsoleRefusal ? e.consoleCode : 'CLUSTER_UNAVAILABLE';
    const body = new AppError(code).body();
    if (socket.readyState === socket.OPEN) {
      hello(socket, { type: 'error', code, message: body.message });
      socket.close(4000 + statusOf(code), code);
    }
    return;
  }
  if (socket.readyState !== socket.OPEN) return;
  const { vm, driver, target } = opened;

  if (target.kind === 'text') {
    const running = await driver.status(vm.vmid).then(
      (s) => s.power === 'RUNNING',
      () => vm.power_status === 'RUNNING',
    );
    // The driver checks a login against the guest's passwords; without such a check every one is refused.
    const check = driver.checkConsoleLogin?.bind(driver);
    const con = createSerialConsole(
      { name: vm.name, running },
      check ? (user, password) => check(vm.vmid, user, password) : null,
    );
    const step = (s: { output: string; end: boolean }) => {
      if (socket.readyState !== socket.OPEN) return;
      if (s.output) socket.send(s.output);
      if (s.end) socket.close(CONSOLE_CLOSE.normal, 'Console ended');
    };
    hello(socket, { type: 'ready', kind: 'text', provisioned_id: vm.provisioned_id, name: vm.name });
    step(con.start());
    // Input is played in order: what is typed while a password is checked waits for the check.
    let played: Promise<void> = Promise.resolve();
    onInput = (data, binary) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      if (bytes.length > CONSOLE_MAX_INPUT_BYTES) return void socket.close(CONSOLE_CLOSE.tooBig, 'Input too large');
      if (binary) return;
      const text = bytes.toString('utf8');
      played = played.then(() => con.input(text)).then(step, () => void socket.terminate());
    };
  } else {
    if (!driver.openVnc) throw new Error('the cluster driver cannot open VNC consoles');
    const upstream = await driver.openVnc(vm.vmid, target).catch(() => null);
    if (!upstream) {
      hello(socket, { type: 'error', code: 'CLUSTER_UNAVAILABLE', message: new AppError('CLUSTER_UNAVAILABLE').body().message });
      return void socket.close(4000 + statusOf('CLUSTER_UNAVAILABLE'), 'CLUSTER_UNAVAILABLE');
    }
    if (socket.readyState !== socket.OPEN) return void upstream.close();
    return proxyVnc({
      socket,
      upstream,
      password: target.password ?? target.ticket,
      hello: { type: 'ready', kind: 'vnc', provisioned_id: vm.provisioned_id, name: vm.name },
      setInput: (fn) => {
        onInput = fn;
        for (const m of early.splice(0)) fn(m.data, m.binary);
      },
      onClose: (fn) => cleanups.push(fn),
    });
  }
  for (const m of early.splice(0)) onInput(m.data, m.binary);
}
