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
import os from 'node:os';
import { HUB_LIMITS } from '../apps/server/src/hubs/hub-sockets.js';
import type { HubBenchAccount } from './hub-clients.js';
import { startHubClients } from './hub-measure.js';
import { startPortal } from './start-portal.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const events = Number(args[0] ?? 300);
const connections = Number(args[1] ?? 5000);
const perAccount = Number(args[2] ?? 5);
const oneAccount = !process.argv.includes('--no-one-account');
/** The account the events go to holds this many connections in the realistic case. */
const few = 3;

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

const hub = startHubClients(base, owner);
const { openConnections, latency } = hub;

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
    await hub.keep(few);
    await hub.activeMappings(few);
    const all = await openConnections(Array<HubBenchAccount>(others).fill(target));
    await latency(`${all.ok} connections, all of the one account`, target, Math.min(events, 100), all.ok);
  }
} finally {
  hub.stop();
  await stop();
}
