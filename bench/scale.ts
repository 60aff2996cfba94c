/**
 * Proof under load (issue 19): `accounts` accounts with `vms` cloud servers on four simulated
 * clusters, measured on one machine:
 * - the heartbeat: how long one cluster sync cycle (every cluster's inventory read and recorded) takes;
 * - MyVMs2 p50/p95/p99 for a customer holding `bigVms` servers, over real HTTP;
 * - the monthly invoicing run over every account (then a second run issues nothing);
 * - event → socket latency with `hubs` hub connections open on the one instance;
 * - 2 × `bigVms` VM operations queued through the API (VmStart) and drained by two separate worker
 *   processes, with the proof that none was lost or run twice.
 * Run: `npx tsx bench/scale.ts [accounts=1000] [vms=10000] [bigVms=500] [hubs=5000]`.
 */
import os from 'node:os';
import { defaultHypervisors } from '../apps/server/src/app/build-app.js';
import { createMailer } from '../apps/server/src/drivers/mail/mailer.js';
import { silentLogger } from '../apps/server/src/logger.js';
import { runMonthlyInvoicing } from '../apps/server/src/modules/billing/monthly-invoicing.js';
import { syncClusters } from '../apps/server/src/modules/vms/cluster-sync.js';
import type { HubBenchAccount } from './hub-clients.js';
import { quantile, startHubClients } from './hub-measure.js';
import { drainWithWorkers } from './scale-workers.js';
import { SCALE_PASSWORD, seedScale } from './scale-seed.js';
import { startPortal } from './start-portal.js';

const [accounts = 1000, vms = 10_000, bigVms = 500, hubs = 5000] = process.argv.slice(2).map(Number);
const SIM_TASK_MS = 200;
const fmt = (xs: number[]) =>
  `p50=${quantile(xs, 0.5).toFixed(1)} ms  p95=${quantile(xs, 0.95).toFixed(1)} ms  p99=${quantile(xs, 0.99).toFixed(1)} ms`;

const portal = await startPortal('scale', { queue: true });
const { base, booted, config } = portal;
const owner = booted.db.owner;

/** Calls `/api/...` as `token`; throws on an error answer. */
async function api(token: string, method: string, route: string, body?: unknown): Promise<unknown> {
  const r = await fetch(`${base}/api/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer: unknown = await r.json();
  if (!r.ok) throw new Error(`${method} ${route}: ${r.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function login(email: string): Promise<string> {
  const r = await fetch(`${base}/api/rpc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: email, p_password: SCALE_PASSWORD }),
  });
  return ((await r.json()) as { token: string }).token;
}

/** Runs `fn` `n` times on `concurrency` lanes; answers each call's milliseconds. */
async function timed(n: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await fn(i);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

try {
  const cpu = os.cpus()[0]?.model ?? '?';
  console.log(
    `Portside at scale — ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, embedded PostgreSQL`,
  );
  const seeded = await seedScale(owner, { accounts, vms, bigVms });
  console.log(`seeded ${accounts} accounts, ${vms} servers on 4 simulated clusters in ${seeded.toFixed(1)} s`);

  // The heartbeat: what one worker's clusters.sync run takes with every server on the clusters.
  const deps = { db: booted.db, hypervisors: defaultHypervisors(config, booted.db, booted.secrets), logger: silentLogger };
  await syncClusters(deps);
  const cycles = await timed(5, 1, async () => {
    const r = await syncClusters(deps);
    if (r.failedClusters > 0 || r.seen < vms) throw new Error(`sync saw ${r.seen} servers, ${r.failedClusters} clusters failed`);
  });
  console.log(
    `heartbeat   one cycle over ${vms}+ servers: mean ${(cycles.reduce((a, b) => a + b) / cycles.length).toFixed(0)} ms, max ${Math.max(...cycles).toFixed(0)} ms (5 cycles)`,
  );

  // MyVMs2 for the 500-server customer: the whole list, as the servers page asks for it.
  const big = [await login('scale-1@bench.test'), await login('scale-2@bench.test')];
  const rows = (await api(big[0]!, 'GET', 'MyVMs2')) as unknown[];
  if (rows.length !== bigVms) throw new Error(`MyVMs2 answered ${rows.length} rows, not ${bigVms}`);
  await timed(20, 1, () => api(big[0]!, 'GET', 'MyVMs2'));
  console.log(`MyVMs2      ${bigVms} rows, one at a time: ${fmt(await timed(200, 1, () => api(big[0]!, 'GET', 'MyVMs2')))}`);
  console.log(`MyVMs2      ${bigVms} rows, 4 at once:     ${fmt(await timed(200, 4, () => api(big[0]!, 'GET', 'MyVMs2')))}`);

  // The monthly invoicing run for last month over every account.
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const billing = {
    ...deps,
    mailer: createMailer(booted.db, { smtpUrl: null, from: 'billing@portside.test' }),
    secrets: booted.secrets,
    config,
  };
  const t1 = performance.now();
  const first = await runMonthlyInvoicing(billing, month);
  const invoicingSecs = (performance.now() - t1) / 1000;
  const second = await runMonthlyInvoicing(billing, month);
  console.log(
    `invoicing   ${month}: ${first.issued} invoices (${first.mailed} mailed, ${first.failed} failed) in ${invoicingSecs.toFixed(1)} s; a second run issued ${second.issued}`,
  );

  // Live updates with `hubs` connections on this one instance: the big customer holds 3, the rest 5 per account.
  const people = (
    await owner.query<HubBenchAccount>(
      `SELECT email, client_id AS client, notification_secret AS secret FROM users WHERE email LIKE 'scale-%@bench.test' ORDER BY email = 'scale-1@bench.test' DESC, email`,
    )
  ).rows;
  const target = people[0]!;
  const hub = startHubClients(base, owner);
  try {
    const others = people.slice(1);
    const list = [
      target,
      target,
      target,
      ...Array.from({ length: hubs - 3 }, (_, i) => others[Math.floor(i / 5) % others.length]!),
    ];
    await hub.openConnections(list, true);
    await hub.latency('warm-up (not counted)', target, 20, 3);
    await hub.latency(`${hubs} connections`, target, 200, 3);
  } finally {
    hub.stop();
  }

  // 2 × bigVms VmStart calls queued through the API, then drained by two worker processes.
  const ids = (
    await owner.query<{ id: number; email: string }>(
      `SELECT v.provisioned_id AS id, u.email FROM vms v JOIN users u ON u.client_id = v.client_id AND u.is_owner
        WHERE u.email IN ('scale-1@bench.test', 'scale-2@bench.test') ORDER BY 1`,
    )
  ).rows;
  const t2 = performance.now();
  const enqueue = await timed(ids.length, 8, (i) =>
    api(ids[i]!.email === 'scale-1@bench.test' ? big[0]! : big[1]!, 'POST', 'rpc/VmStart', { p_provisioned_id: ids[i]!.id }),
  );
  console.log(
    `queue       ${ids.length} VmStart calls answered in ${((performance.now() - t2) / 1000).toFixed(1)} s (8 at once: ${fmt(enqueue)})`,
  );
  const d = await drainWithWorkers(owner, {
    ownerUrl: booted.ownerUrl,
    dataDir: portal.dataDir,
    workers: 2,
    simTaskMs: SIM_TASK_MS,
    like: 'scale-vm-%',
    timeoutMs: 600_000,
  });
  console.log(
    `drain       ${d.workers} worker processes, ${SIM_TASK_MS} ms per simulated task: ${d.succeeded} succeeded, ${d.failed} failed, ${d.open} still open; ` +
      `${d.runSecs.toFixed(1)} s from the first taken to the last done (${d.totalSecs.toFixed(1)} s with the workers' start); ` +
      `servers started other than once: ${d.notOnce}; operations retried: ${d.retried}`,
  );
  if (d.succeeded !== ids.length || d.notOnce !== 0) process.exitCode = 1;
} finally {
  await portal.stop();
}
