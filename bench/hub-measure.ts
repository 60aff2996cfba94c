/**
 * The hub benches' measuring parts (bench/hub-latency.ts, bench/scale.ts): the websocket clients in
 * a child process (bench/hub-clients.ts, so they do not share the portal's event loop), opening and
 * registering connections, and timing events a worker publishes until they arrive on the sockets.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type pg from 'pg';
import { publishHubMessage } from '../apps/server/src/hubs/publish.js';
import { HUB_LIMITS } from '../apps/server/src/hubs/hub-sockets.js';
import type { ClientAnswer, ClientCommand, HubBenchAccount } from './hub-clients.js';

const ARRIVAL_TIMEOUT_MS = 10_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();

/** Arrival times of one case, ms from publication. */
export interface Arrivals {
  first: number[];
  last: number[];
}

/** The value at quantile `p` (0..1) of `xs`. */
export function quantile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
}

/** The portal process's memory after a full collection. */
function memory() {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external + m.arrayBuffers };
}

/** Starts the clients' process for the portal at `base`, whose database `owner` publishes into. */
export function startHubClients(base: string, owner: pg.Pool) {
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

  return {
    /** Opens and registers a connection per entry; `weigh` prints the portal's memory per new connection. */
    async openConnections(list: HubBenchAccount[], weigh = false) {
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
    },

    /** Publishes `n` events to `target` as a worker would, times their arrival on `count` sockets and prints it. */
    async latency(label: string, target: HubBenchAccount, n: number, count: number): Promise<Arrivals> {
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
      const q = (xs: number[], p: number) => quantile(xs, p).toFixed(1).padStart(6);
      const row = (xs: number[]) => `p50=${q(xs, 0.5)}  p95=${q(xs, 0.95)}  p99=${q(xs, 0.99)} ms`;
      console.log(`${label}  n=${n}, to ${count} socket(s), portal event loop ${(busy * 100).toFixed(0)}% busy`);
      if (count > 1) console.log(`  first arrival  ${row(first)}`);
      console.log(`  ${count > 1 ? 'last arrival ' : 'arrival      '}  ${row(last)}`);
      return { first, last };
    },

    /** Ends every connection but the first `n`. */
    keep: (n: number) => ask({ op: 'keep', n }, 'kept'),

    /** Waits until the portal has deactivated the mappings of closed sockets (so the next case starts clean). */
    async activeMappings(want: number): Promise<void> {
      for (let i = 0; i < 600; i++) {
        const r = await owner.query<{ n: number }>(`SELECT count(*)::int AS n FROM hub_connections WHERE active`);
        if (r.rows[0]!.n <= want) return;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      throw new Error('closed connections were not deactivated within 60 s');
    },

    /** Ends every connection and the clients' process. */
    stop: () => child.send({ op: 'stop' } satisfies ClientCommand),
  };
}
