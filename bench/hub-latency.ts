/**
 * Live updates, measured (issues 4 and 11): how long an event a worker publishes takes to reach a
 * browser's hub connection (p50/p95/p99), alone and with thousands of other connections open and
 * registered on the same instance, and the memory each connection costs the portal.
 *
 * The portal runs in this process; the clients run in a child process (bench/hub-clients.ts), so
 * that they do not steal the portal's event loop. The event path is the real one: publishHubMessage
 * on the owner pool as a worker does (INSERT + NOTIFY), the instance's LISTEN, its routes of
 * account|kind → sockets, the websocket frame. The payload carries the publication time; the child
 * takes the arrival time on the same machine's clock.
 *
 * Two cases at `connections`:
 * - realistic: the events go to one account with `few` connections of its own, every other
 *   connection belongs to another account (`perAccount` connections each);
 * - one account: every connection belongs to the account the events go to (each event is sent
 *   `connections` times; first and last arrival are reported).
 *
 * Run: `npx tsx bench/hub-latency.ts [events=300] [connections=5000] [perAccount=5] [--no-one-account]`.
 * Profile the portal: `node --cpu-prof --import tsx bench/hub-latency.ts` (the child is not profiled).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { publishHubMessage } from '../apps/server/src/hubs/publish.js';
import { HUB_LIMITS } from '../apps/server/src/hubs/hub-sockets.js';
import type { ClientAnswer, ClientCommand, HubBenchAccount } from './hub-clients.js';
import { startPortal } from './start-portal.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const events = Number(args[0] ?? 300);
const connections = Number(args[1] ?? 5000);
const perAccount = Number(args[2] ?? 5);
const oneAccount = !process.argv.includes('--no-one-account');
/** The account the events go to holds this many connections in the realistic case. */
const few = 3;
const ARRIVAL_TIMEOUT_MS = 10_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();

const { base, booted, stop } = await startPortal('hubs');
const owner = booted.db.owner;

/** The demo owner (the events' account) and `n` other accounts with one owner each. */
async function accounts(n: number): Promise<{ target: HubBenchAccount; others: HubBenchAccount[] }> {
  await owner.query(
    `WITH c AS (
       INSERT INTO clients (first_name, last_name, address, city, country, phone_prefix, phone_number, state, postcode)
       SELECT 'Bench', 'Hub ' || g, 'Rua 1', 'Lisboa', 'PT', '+351', '900000000', 'Lisboa', '1000-001'
         FROM generate_series(1, $1) g RETURNING id)
     INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner, email_confirmed_at)
     SELECT id, 'bench-hub-' || id || '@bench.test', 'x', 'Bench', 'Owner', true, now() FROM c`,
    [n],
  );
  const r = await owner.query<HubBenchAccount & { bench: boolean }>(
    `SELECT email, client_id AS client, notification_secret AS secret, email LIKE 'bench-hub-%' AS bench
       FROM users WHERE email = 'demo@portside.test' OR email LIKE 'bench-hub-%' ORDER BY email`,
  );
  const target = r.rows.find((a) => !a.bench);
  if (!target) throw new Error('no demo account');
  return { target, others: r.rows.filter((a) => a.bench) };
}

const child = fork(new URL('./hub-clients.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
const answers: ClientAnswer[] = [];
let answered: (() => void) | null = null;
child.on('message', (a: ClientAnswer) => {
  answers.push(a);
  answered?.();
});

/** Sends a command to the clients and waits for its answer. */
async function ask<T extends ClientAnswer['op']>(c: ClientCommand, op: T, timeoutMs = 600_000) {
  child.send(c);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const i = answers.findIndex((a) => a.op === op);
    if (i >= 0) return answers.splice(i, 1)[0] as Extract<ClientAnswer, { op: T }>;
    if (Date.now() > deadline) throw new Error(`no '${op}' from the clients within ${timeoutMs} ms`);
    await new Promise<void>((ok) => {
      answered = ok;
      setTimeout(ok, 100);
    });
  }
}

/** The portal process's memory after a full collection. */
function memory() {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external + m.arrayBuffers };
}

/** Opens and registers a connection per entry; `weigh` prints the portal's memory per new connection. */
async function openConnections(list: HubBenchAccount[], weigh = false) {
  const before = memory();
  const o = await ask({ op: 'open', base, accounts: list, perIp: HUB_LIMITS.maxConnectionsPerIp }, 'opened');
  const after = memory();
  const n = Math.max(1, list.length - o.failed);
  const kib = (b: number) => (b / n / 1024).toFixed(1);
  // Sockets opened where others just closed reuse their memory: only the first large batch is weighed.
  const weight = `; portal memory per connection: ${kib(after.rss - before.rss)} KiB RSS, ${kib(after.heap - before.heap)} KiB heap+external`;
  console.log(
    `opened and registered ${list.length - o.failed} of ${list.length} in ${o.secs.toFixed(1)} s (${o.ok} open now)` +
      `${o.failed ? ` — ${o.failed} failed, first: ${o.error}` : ''}${weigh ? weight : ''}`,
  );
  return o;
}

/** Publishes `n` events to the demo account as a worker would and times their arrival on `count` sockets. */
async function latency(label: string, target: HubBenchAccount, n: number, count: number): Promise<void> {
  const first: number[] = [];
  const last: number[] = [];
  const elu = performance.eventLoopUtilization();
  for (let i = 0; i < n; i++) {
    const seq = `${label}-${i}`;
    const arrived = ask({ op: 'expect', seq, count }, 'arrived', ARRIVAL_TIMEOUT_MS);
    await publishHubMessage(owner, {
      clientId: target.client,
      kind: 'power',
      provisionedId: 1,
      payload: { provisioned_id: 1, status: 'ok', message: seq, sent_at: now() },
    });
    const a = await arrived;
    first.push(a.first);
    last.push(a.last);
  }
  const busy = performance.eventLoopUtilization(elu).utilization;
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1).padStart(6);
  };
  const row = (xs: number[]) => `p50=${q(xs, 0.5)}  p95=${q(xs, 0.95)}  p99=${q(xs, 0.99)} ms`;
  console.log(`${label}  n=${n}, to ${count} socket(s), portal event loop ${(busy * 100).toFixed(0)}% busy`);
  if (count > 1) console.log(`  first arrival  ${row(first)}`);
  console.log(`  ${count > 1 ? 'last arrival ' : 'arrival      '}  ${row(last)}`);
}

/** Waits until the portal has deactivated the mappings of closed sockets (so the next case starts clean). */
async function activeMappings(want: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const r = await owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM hub_connections WHERE active`);
    if (r.rows[0]!.n <= want) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('closed connections were not deactivated within 60 s');
}

try {
  console.log(
    `Portside live updates — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}; ` +
      `limits ${HUB_LIMITS.maxConnections} per instance, ${HUB_LIMITS.maxConnectionsPerIp} per client address`,
  );
  const others = Math.max(0, connections - few);
  const { target, others: accs } = await accounts(Math.ceil(others / perAccount));
  const otherConns = Array.from({ length: others }, (_, i) => accs[Math.floor(i / perAccount)]!);

  await openConnections([target]);
  await latency('warm-up (not counted)', target, 30, 1);
  await latency('1 connection', target, events, 1);

  const o = await openConnections([...Array<HubBenchAccount>(few - 1).fill(target), ...otherConns], true);
  await latency(`${o.ok} connections, the account holds ${few}, the others ${perAccount} per account`, target, events, few);

  if (oneAccount) {
    await ask({ op: 'keep', n: few }, 'kept');
    await activeMappings(few);
    const all = await openConnections(Array<HubBenchAccount>(others).fill(target));
    await latency(`${all.ok} connections, all of the one account`, target, Math.min(events, 100), all.ok);
  }
} finally {
  child.send({ op: 'stop' } satisfies ClientCommand);
  await stop();
}
