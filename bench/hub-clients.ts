/**
 * The hub bench's browsers (bench/hub-latency.ts starts this as a child process, so the clients do
 * not share the portal's event loop): websocket clients speaking SignalR JSON over `ws` as the
 * official client does, each registered for its own account through /svc, driven over IPC.
 *
 * Commands (parent → child) and answers:
 * - `{ op: 'open', base, accounts: HubBenchAccount[] }` opens one connection per entry (100 at a
 *   time, from several loopback addresses) → `{ op: 'opened', ok, failed, secs, error? }`
 * - `{ op: 'keep', n }` terminates every connection but the first `n` → `{ op: 'kept', n }`
 * - `{ op: 'expect', seq, count }` → `{ op: 'arrived', seq, first, last }` once `count` connections
 *   got the message `seq`: milliseconds from its publication (`sent_at` in the payload, taken by the
 *   publisher) to the first and the last arrival, read on this machine's one clock
 * - `{ op: 'stop' }` ends every connection and the process.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import { notificationHashInput, notificationPaths, parseJoined, registerSalt } from '../packages/contract/src/hubs.js';

/** What the browser knows of the logged-in user (MyProfile). */
export interface HubBenchAccount {
  email: string;
  client: string;
  secret: string;
}

export type ClientCommand =
  | { op: 'open'; base: string; accounts: HubBenchAccount[]; perIp: number }
  | { op: 'keep'; n: number }
  | { op: 'expect'; seq: string; count: number }
  | { op: 'stop' };

export type ClientAnswer =
  | { op: 'opened'; ok: number; failed: number; secs: number; error?: string }
  | { op: 'kept'; n: number }
  | { op: 'arrived'; seq: string; first: number; last: number };

const RS = '\u001e';
const PING = `{"type":6}${RS}`;
/** The official client pings every 15 s; spread over the connections, not all at once. */
const PING_EVERY_MS = 15_000;
const PING_TICK_MS = 100;

/** The wall clock with sub-millisecond resolution (the publisher stamps `sent_at` the same way). */
const now = () => performance.timeOrigin + performance.now();
const send = (a: ClientAnswer) => process.send!(a);

interface Arrivals {
  first: number;
  last: number;
  count: number;
}

const open: WebSocket[] = [];
const arrivals = new Map<string, Arrivals>();
const waiting = new Map<string, number>();
let opened = 0;

/** Answers an `expect` once its message reached as many connections as it asked for. */
function settle(seq: string): void {
  const want = waiting.get(seq);
  const a = arrivals.get(seq);
  if (want === undefined || !a || a.count < want) return;
  waiting.delete(seq);
  arrivals.delete(seq);
  send({ op: 'arrived', seq, first: a.first, last: a.last });
}

function onLive(text: string, at: number): void {
  let m: { message?: unknown; sent_at?: unknown };
  try {
    m = JSON.parse(text) as typeof m;
  } catch {
    return;
  }
  if (typeof m.message !== 'string' || typeof m.sent_at !== 'number') return;
  const ms = at - m.sent_at;
  const a = arrivals.get(m.message);
  if (a) {
    a.first = Math.min(a.first, ms);
    a.last = Math.max(a.last, ms);
    a.count += 1;
  } else arrivals.set(m.message, { first: ms, last: ms, count: 1 });
  settle(m.message);
}

/** Opens /hubs/power, does the handshake and registers the connection for `account` through /svc. */
async function connect(base: string, account: HubBenchAccount, perIp: number): Promise<WebSocket> {
  // As from many browsers: one address may hold at most HUB_LIMITS.maxConnectionsPerIp connections.
  const n = opened++;
  const localAddress = `127.0.${1 + Math.floor(n / perIp / 250)}.${2 + (Math.floor(n / perIp) % 250)}`;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/hubs/power`, { localAddress });
  const joined = await new Promise<string>((resolve, reject) => {
    let id: string | null = null;
    ws.once('error', reject);
    ws.once('close', () => reject(new Error('closed before joining')));
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data) => {
      const at = now();
      for (const record of (data as Buffer).toString('utf8').split(RS)) {
        if (!record) continue;
        const m = JSON.parse(record) as { type?: number; arguments?: unknown[] };
        if (m.type !== 1 || typeof m.arguments?.[0] !== 'string') continue;
        const text = m.arguments[0];
        if (id !== null) onLive(text, at);
        else if (parseJoined(text)) resolve((id = parseJoined(text)!.connectionId));
      }
    });
  });
  const epoch = Math.floor(Date.now() / 1000);
  const salt = registerSalt(account.client, account.secret, joined);
  const hash = crypto
    .createHash('sha512')
    .update(notificationHashInput(account.email.toLowerCase(), epoch, salt))
    .digest('hex');
  const path = notificationPaths.register({
    issuer: 'portside',
    email: account.email,
    clientId: account.client,
    epoch,
    hash,
    connectionId: joined,
    destination: 'power',
  });
  const r = await fetch(base + path, { method: 'POST' });
  if (!r.ok) {
    ws.terminate();
    throw new Error(`register: HTTP ${r.status} ${await r.text()}`);
  }
  return ws;
}

async function openAll(base: string, accounts: HubBenchAccount[], perIp: number): Promise<ClientAnswer> {
  const started = performance.now();
  let failed = 0;
  let error: string | undefined;
  for (let i = 0; i < accounts.length && failed === 0; i += 100) {
    const batch = await Promise.allSettled(accounts.slice(i, i + 100).map((a) => connect(base, a, perIp)));
    for (const b of batch) {
      if (b.status === 'fulfilled') open.push(b.value);
      else {
        failed += 1;
        error ??= String(b.reason instanceof Error ? b.reason.message : b.reason);
      }
    }
  }
  return { op: 'opened', ok: open.length, failed, secs: (performance.now() - started) / 1000, error };
}

let pingAt = 0;
const pinger = setInterval(() => {
  // Each connection pings once per PING_EVERY_MS, a slice of them every tick.
  const slice = Math.ceil((open.length * PING_TICK_MS) / PING_EVERY_MS);
  for (let i = 0; i < slice && open.length > 0; i++) {
    const ws = open[pingAt++ % open.length]!;
    if (ws.readyState === ws.OPEN) ws.send(PING);
  }
}, PING_TICK_MS);

process.on('message', (c: ClientCommand) => {
  switch (c.op) {
    case 'open':
      void openAll(c.base, c.accounts, c.perIp).then(send);
      return;
    case 'keep':
      for (const ws of open.splice(c.n)) ws.terminate();
      send({ op: 'kept', n: open.length });
      return;
    case 'expect':
      waiting.set(c.seq, c.count);
      settle(c.seq);
      return;
    case 'stop':
      clearInterval(pinger);
      for (const ws of open) ws.terminate();
      process.disconnect();
      return;
  }
});
