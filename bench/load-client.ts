/**
 * A closed-loop HTTP load client for the benches: `concurrency` keep-alive connections, each sending
 * its next request when the last answer has arrived, for a fixed time. Targets are loaded in turn,
 * round by round (A, B, A, B...), so both see the same machine; the rounds are pooled.
 */
import http from 'node:http';

export interface LoadRequest {
  label: string;
  method: string;
  path: string;
  body?: string;
}

export interface LoadPlan {
  /** The bases to compare, e.g. { portal, floor }. */
  targets: { portal: string; floor: string };
  token: string;
  requests: LoadRequest[];
  concurrency: number[];
  /** Seconds each round loads one target. */
  seconds: number;
  rounds: number;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadResult {
  rows: Array<{ label: string; concurrency: number; portal: Figures; floor: Figures }>;
}

function once(agent: http.Agent, base: URL, r: LoadRequest, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: r.method,
        path: r.path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(r.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

/** One round: `concurrency` loops for `seconds`; the latency of every answer and the count of non-200s. */
async function round(base: string, r: LoadRequest, token: string, concurrency: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(base);
  const times: number[] = [];
  let errors = 0;
  // A short warm-up opens the connections and fills the server's caches.
  const warmUntil = performance.now() + 300;
  const until = warmUntil + seconds * 1000;
  let lastEnd = warmUntil;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        // A reset connection is a failed request, counted, not the end of the run.
        const status = await once(agent, url, r, token).catch(() => 0);
        if (t < warmUntil) continue;
        lastEnd = performance.now();
        times.push(lastEnd - t);
        if (status !== 200) errors++;
      }
    }),
  );
  agent.destroy();
  // Answers that arrive after the window still count, over the time they took to arrive.
  return { times, errors, seconds: (lastEnd - warmUntil) / 1000 };
}

function figures(times: number[], errors: number, seconds: number): Figures {
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { rps: times.length / seconds, p50: q(0.5), p99: q(0.99), errors };
}

export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const rows: LoadResult['rows'] = [];
  for (const r of plan.requests) {
    for (const c of plan.concurrency) {
      const acc = {
        portal: { times: [] as number[], errors: 0, seconds: 0 },
        floor: { times: [] as number[], errors: 0, seconds: 0 },
      };
      for (let i = 0; i < plan.rounds; i++) {
        // Alternate which goes first, so neither always follows the other's after-effects.
        const order = i % 2 === 0 ? (['portal', 'floor'] as const) : (['floor', 'portal'] as const);
        for (const t of order) {
          const got = await round(plan.targets[t], r, plan.token, c, plan.seconds);
          acc[t].times.push(...got.times);
          acc[t].errors += got.errors;
          acc[t].seconds += got.seconds;
        }
      }
      rows.push({
        label: r.label,
        concurrency: c,
        portal: figures(acc.portal.times, acc.portal.errors, acc.portal.seconds),
        floor: figures(acc.floor.times, acc.floor.errors, acc.floor.seconds),
      });
    }
  }
  return { rows };
}
