/**
 * Live updates, measured (issue 4): how long an event a worker publishes takes to reach a browser's
 * hub connection (p50/p95/p99, alone and with many other connections open), and how many hub
 * connections one instance holds (opened, handshaken and registered), with the memory they cost.
 *
 * The event path is the real one: publishHubMessage on the owner connection as a worker does
 * (INSERT + NOTIFY), the instance's LISTEN, its registered-connection lookup, the websocket frame.
 * Clients speak the SignalR JSON protocol over `ws` as the official client does.
 *
 * Run: `npx tsx bench/hub-latency.ts [events=300] [connections=2000]`.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import WebSocket from 'ws';
import {
  accountSalt,
  notificationHashInput,
  notificationPaths,
  parseJoined,
  registerSalt,
} from '../packages/contract/src/hubs.js';
import { publishHubMessage } from '../apps/server/src/hubs/publish.js';
import { HUB_LIMITS } from '../apps/server/src/hubs/hub-sockets.js';
import { startPortal } from './start-portal.js';

const events = Number(process.argv[2] ?? 300);
const connections = Number(process.argv[3] ?? 2000);
const RS = '\u001e';

const { base, booted, stop } = await startPortal('hubs');

const sha512 = (s: string) => crypto.createHash('sha512').update(s).digest('hex');
const epoch = () => Math.floor(Date.now() / 1000);

const { token } = (await (
  await fetch(`${base}/api/rpc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: 'demo@portside.test', p_password: 'demo1234' }),
  })
).json()) as { token: string };
const [profile] = (await (
  await fetch(`${base}/api/MyProfile`, { headers: { authorization: `Bearer ${token}` } })
).json()) as Array<{ email: string; client: string; notification_secret: string }>;
const account = { email: profile!.email, client: profile!.client, secret: profile!.notification_secret };

interface Conn {
  ws: WebSocket;
  onMessage: ((text: string) => void) | null;
}

/** Opens /hubs/power, does the handshake, registers the connection through /svc. */
let opened = 0;
async function connect(): Promise<Conn> {
  // Clients come from several loopback addresses, as from many browsers: one address may hold
  // at most HUB_LIMITS.maxConnectionsPerIp connections.
  const localAddress = `127.0.${Math.floor(opened / 60000)}.${2 + (Math.floor(opened++ / 400) % 250)}`;
  const ws = new WebSocket(`${base.replace('http', 'ws')}/hubs/power`, { localAddress });
  const conn: Conn = { ws, onMessage: null };
  const joined = await new Promise<string>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data) => {
      for (const record of (data as Buffer).toString('utf8').split(RS).filter(Boolean)) {
        const m = JSON.parse(record) as { type?: number; arguments?: unknown[] };
        if (m.type !== 1) continue;
        const arg = m.arguments?.[0];
        const text = typeof arg === 'string' ? arg : JSON.stringify(arg ?? '');
        if (conn.onMessage) conn.onMessage(text);
        else if (parseJoined(text)) resolve(parseJoined(text)!.connectionId);
      }
    });
  });
  const e = epoch();
  const hash = sha512(
    notificationHashInput(account.email.toLowerCase(), e, registerSalt(account.client, account.secret, joined)),
  );
  const p = notificationPaths.register({
    issuer: 'portside',
    email: account.email,
    clientId: account.client,
    epoch: e,
    hash,
    connectionId: joined,
    destination: 'power',
  });
  const r = await fetch(base + p, { method: 'POST' });
  if (!r.ok) throw new Error(`register: HTTP ${r.status} ${await r.text()}`);
  return conn;
}

/** Publishes `n` events as a worker would and times their arrival on `probe`. */
async function latency(label: string, probe: Conn, n: number): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const seq = `${label}-${i}`;
    const arrived = new Promise<void>((resolve) => {
      probe.onMessage = (text) => {
        if (text.includes(seq)) resolve();
      };
    });
    const t = performance.now();
    await publishHubMessage(booted.db.owner, {
      clientId: account.client,
      kind: 'power',
      provisionedId: 1,
      payload: { provisioned_id: 1, status: 'ok', message: seq },
    });
    await arrived;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(34)} n=${String(n).padStart(4)}  p50=${q(0.5).padStart(6)} ms  p95=${q(0.95).padStart(6)} ms  p99=${q(0.99).padStart(6)} ms`,
  );
}

const open: Conn[] = [];
try {
  console.log(`Portside live updates — ${os.cpus().length} cores, Node ${process.version}`);
  const probe = await connect();
  open.push(probe);
  await latency('event → socket (1 connection)', probe, events);

  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let failed = 0;
  for (let i = 0; open.length - 1 < connections && failed === 0; i += 100) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(100, connections - (open.length - 1)) }, () => connect()),
    );
    for (const b of batch) if (b.status === 'fulfilled') open.push(b.value);
    failed += batch.filter((b) => b.status === 'rejected').length;
  }
  const secs = (performance.now() - started) / 1000;
  const perConn = (process.memoryUsage().rss - rssBefore) / Math.max(1, open.length - 1) / 1024;
  console.log(
    `hub connections held by one instance: ${open.length} (${failed} refused) — opened and registered in ${secs.toFixed(1)} s, ` +
      `≈${perConn.toFixed(0)} KiB RSS each (server and these test clients share the process); ` +
      `limits: ${HUB_LIMITS.maxConnections} per instance, ${HUB_LIMITS.maxConnectionsPerIp} per client address`,
  );
  // Every registered connection of the account gets each event; the probe's latency includes that fan-out.
  await latency(`event → socket (${open.length} conns)`, probe, Math.min(events, 100));
  const e = epoch();
  await fetch(
    base +
      notificationPaths.deactivate({
        issuer: 'portside',
        email: account.email,
        clientId: account.client,
        epoch: e,
        hash: sha512(notificationHashInput(account.email.toLowerCase(), e, accountSalt(account.client, account.secret))),
      }),
    { method: 'POST' },
  );
} finally {
  for (const c of open) c.ws.terminate();
  await stop();
}
