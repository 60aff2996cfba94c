/**
 * API latency on a real (embedded) PostgreSQL: p50/p95/p99 and throughput for the hot reads and
 * the login call. Run: `npx tsx bench/api-latency.ts [requests=400] [concurrency=8]`.
 */
import os from 'node:os';
import { startPortal } from './start-portal.js';

const total = Number(process.argv[2] ?? 400);
const concurrency = Number(process.argv[3] ?? 8);

async function measure(label: string, n: number, fn: () => Promise<Response>): Promise<void> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const t = performance.now();
        const r = await fn();
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${label}: HTTP ${r.status}`);
        times.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(28)} n=${String(n).padStart(5)}  p50=${q(0.5).padStart(6)} ms  p95=${q(0.95).padStart(6)} ms  p99=${q(0.99).padStart(6)} ms  ${(n / secs).toFixed(0).padStart(5)} req/s`,
  );
}

const { base, stop } = await startPortal('api');
const login = () =>
  fetch(`${base}/api/rpc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: 'demo@portside.test', p_password: 'demo1234' }),
  });
const { token } = (await (await login()).json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };
try {
  console.log(`Portside API latency — ${os.cpus().length} cores, concurrency ${concurrency}`);
  await measure('GET /healthz', total, () => fetch(`${base}/healthz`));
  await measure('GET /api/HostingLocations', total, () => fetch(`${base}/api/HostingLocations`));
  await measure('GET /api/MyProfile', total, () => fetch(`${base}/api/MyProfile`, { headers: auth }));
  await measure('GET /api/Timezones?name=like', total, () => fetch(`${base}/api/Timezones?name=like.Europe*`, { headers: auth }));
  await measure('POST /api/rpc/login (argon2id)', Math.max(20, total / 10), login);
} finally {
  await stop();
}
