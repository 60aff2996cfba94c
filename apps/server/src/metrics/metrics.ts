/**
 * The process's Prometheus metrics (issue 19), all named portside_* beside prom-client's default
 * process metrics. One registry per process: counters and histograms are observed where things
 * happen (requests, errors, jobs, driver calls); the gauges read from the database are filled at
 * scrape time (scrape.ts).
 */
import client from 'prom-client';

export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];
/** Request durations, in seconds: from a cached read to a slow report. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job and driver-call durations, in seconds: from a quick push to a long provisioning run. */
const LONG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];

export const httpRequests = new client.Counter({
  name: 'portside_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new client.Histogram({
  name: 'portside_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: HTTP_BUCKETS,
  registers,
});

export const errorsTotal = new client.Counter({
  name: 'portside_errors_total',
  help: 'Catalogue errors answered, by code',
  labelNames: ['code'] as const,
  registers,
});

export const jobsGauge = new client.Gauge({
  name: 'portside_jobs',
  help: 'Jobs in the queue by name and state (queued, active, failed), read from pg-boss at scrape time',
  labelNames: ['name', 'state'] as const,
  registers,
});

export const jobDuration = new client.Histogram({
  name: 'portside_job_duration_seconds',
  help: 'Time a job run took in this process, by job name and outcome (success, failed, skipped, error)',
  labelNames: ['name', 'outcome'] as const,
  buckets: LONG_BUCKETS,
  registers,
});

export const hubConnections = new client.Gauge({
  name: 'portside_hub_connections',
  help: 'Joined hub websocket connections on this instance, by hub kind',
  labelNames: ['hub'] as const,
  registers,
});

export const driverCalls = new client.Counter({
  name: 'portside_driver_calls_total',
  help: 'Calls to the hypervisor and BMC drivers, by driver, cluster and outcome (ok, error)',
  labelNames: ['driver', 'cluster', 'outcome'] as const,
  registers,
});

export const driverDuration = new client.Histogram({
  name: 'portside_driver_call_duration_seconds',
  help: 'Time a driver call took, by driver and cluster',
  labelNames: ['driver', 'cluster'] as const,
  buckets: LONG_BUCKETS,
  registers,
});

export const heartbeatLag = new client.Gauge({
  name: 'portside_heartbeat_lag_seconds',
  help: 'Seconds since the heartbeat last reached each cluster',
  labelNames: ['cluster'] as const,
  registers,
});

export const mailsQueued = new client.Gauge({
  name: 'portside_mails_queued',
  help: 'Mails in the outbox not sent yet',
  registers,
});

export const databaseUp = new client.Gauge({
  name: 'portside_database_up',
  help: '1 when the database answered the scrape-time reads within their time-out, else 0',
  registers,
});

/** Every portside_* metric this process registers (the Grafana dashboard may use only these). */
export function portsideMetricNames(): string[] {
  return metricsRegistry
    .getMetricsAsArray()
    .map((m) => m.name)
    .filter((n) => n.startsWith('portside_'));
}
