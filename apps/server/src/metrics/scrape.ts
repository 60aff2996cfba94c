/**
 * Fills the gauges read at scrape time — jobs by state, cluster heartbeat lag, queued mails, hub
 * connections — and renders the metrics. Each database read has a short time-out: a database that
 * does not answer leaves its gauges empty (and portside_database_up at 0) instead of holding the
 * scrape.
 */
import type pg from 'pg';
import { HUB_KINDS } from '@portside/contract/hubs';
import { withTimeout } from '../app/readiness.js';
import { databaseUp, heartbeatLag, hubConnections, jobsGauge, mailsQueued, metricsRegistry } from './metrics.js';
import { clusterHeartbeatLags, jobCounts, queuedMails } from './metrics.repository.js';

/** How long one scrape-time read may take. */
const READ_TIMEOUT_MS = 1_500;

/** Something that knows this instance's hub connections per kind (hubs/hub-sockets.ts). */
export interface HubCounts {
  countsByKind(): Map<string, number>;
}

const hubSources = new Set<HubCounts>();

/** Counts `sockets` in portside_hub_connections until the returned function is called. */
export function trackHubConnections(sockets: HubCounts): () => void {
  hubSources.add(sockets);
  return () => hubSources.delete(sockets);
}

function fillHubs(): void {
  hubConnections.reset();
  for (const kind of HUB_KINDS) hubConnections.set({ hub: kind }, 0);
  for (const source of hubSources) for (const [kind, n] of source.countsByKind()) hubConnections.inc({ hub: kind }, n);
}

async function fillFromDatabase(owner: pg.Pool | null): Promise<void> {
  jobsGauge.reset();
  heartbeatLag.reset();
  // Unknown until read (NaN, a gap in a graph), never a false 0.
  mailsQueued.set(Number.NaN);
  if (!owner) return;
  const results = await Promise.allSettled([
    withTimeout(jobCounts(owner), READ_TIMEOUT_MS).then((rows) => {
      for (const r of rows) jobsGauge.set({ name: r.name, state: r.state }, r.n);
    }),
    withTimeout(clusterHeartbeatLags(owner), READ_TIMEOUT_MS).then((rows) => {
      for (const r of rows) heartbeatLag.set({ cluster: r.cluster }, r.lag);
    }),
    withTimeout(queuedMails(owner), READ_TIMEOUT_MS).then((n) => mailsQueued.set(n)),
  ]);
  // The jobs' read fails where pg-boss never ran (no schema yet); the others say whether the database answers.
  databaseUp.set(results[1].status === 'fulfilled' && results[2].status === 'fulfilled' ? 1 : 0);
}

/** The metrics of this process in Prometheus's text format, with the database's gauges read now. */
export async function renderMetrics(owner: pg.Pool | null): Promise<{ contentType: string; text: string }> {
  fillHubs();
  await fillFromDatabase(owner);
  return { contentType: metricsRegistry.contentType, text: await metricsRegistry.metrics() };
}
