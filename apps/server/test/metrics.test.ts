import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { expectErrorShape } from './factories.js';
import { connectHub, type HubClient } from './hub-client.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName } from '../src/jobs/job-types.js';
import { startMetricsServer } from '../src/metrics/metrics-server.js';
import { renderMetrics } from '../src/metrics/scrape.js';
import { metricsRegistry } from '../src/metrics/metrics.js';
import net from 'node:net';
import pg from 'pg';

/** GET /metrics (issue 19): what traffic leaves in it, and who may read it. */
let s: TestServer;
let hub: HubClient | null = null;
const TOKEN = 'metrics-test-token-0123456789';

beforeAll(async () => {
  // The registry is the process's: earlier test files of this worker counted their own traffic in it.
  metricsRegistry.resetMetrics();
  s = await startTestServer();
});
afterAll(async () => {
  await hub?.stop().catch(() => {});
  await s?.stop();
});

/** The value of the sample `line` starts with (name and labels), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics after traffic', () => {
  it('lists requests by route, errors by code, jobs, driver calls, hub connections, heartbeat lag and queued mails', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expect((await s.get('MyProfile', token)).status).toBe(200);
    const vm = (await s.get('MyVMs2?power_status=eq.STOPPED&state=eq.active', token)).body[0];
    expect((await s.call('GET', `/api/MyVMs2?provisioned_id=eq.${vm.provisioned_id}`, { token })).status).toBe(200);
    expectErrorShape(await s.rpc('login', { p_email: DEMO_USERS.demo.email, p_password: 'wrong-password' }), 401);
    expectErrorShape(await s.rpc('NoSuchCall', {}, token), 404, 'NotFound');
    expect((await s.rpc('VmStart', { p_provisioned_id: vm.provisioned_id }, token)).status).toBe(200);
    await s.jobsIdle();
    await runJob(JobName.HubsPrune, s.jobDeps(), {});
    await runJob(JobName.RoutersSync, s.jobDeps(), {});
    hub = await connectHub(s.url, 'terminal');
    await s.db.owner.query(`UPDATE clusters SET last_sync_at = now() - interval '42 seconds'`);
    await s.db.owner.query(`INSERT INTO mail_outbox (to_address, subject, text_body) VALUES ('q@portside.test', 'Queued', 'x')`);

    const r = await s.call('GET', '/metrics');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body as string;
    expect(sample(text, 'portside_http_requests_total{method="POST",route="/api/rpc/login",status="200"}')).toBe(1);
    expect(sample(text, 'portside_http_requests_total{method="POST",route="/api/rpc/login",status="401"}')).toBe(1);
    expect(sample(text, 'portside_http_requests_total{method="GET",route="/api/MyVMs2",status="200"}')).toBe(2);
    expect(sample(text, 'portside_http_requests_total{method="POST",route="other",status="404"}')).toBe(1);
    expect(text).not.toMatch(/route="[^"]*provisioned_id/);
    expect(sample(text, 'portside_http_request_duration_seconds_count{method="GET",route="/api/MyProfile"}')).toBe(1);
    expect(sample(text, 'portside_errors_total{code="INVALID_CREDENTIALS"}')).toBe(1);
    expect(sample(text, 'portside_errors_total{code="NotFound"}')).toBe(1);
    expect(sample(text, 'portside_job_duration_seconds_count{name="vm.operation",outcome="success"}')).toBe(1);
    expect(sample(text, 'portside_job_duration_seconds_count{name="hubs.prune",outcome="skipped"}')).toBe(1);
    expect(text).toMatch(/^portside_driver_calls_total\{driver="simulator",cluster="[^"]+",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^portside_driver_calls_total\{driver="router-simulator",cluster="[^"]+",outcome="ok"\} [1-9]/m);
    expect(sample(text, 'portside_hub_connections{hub="terminal"}')).toBe(1);
    expect(sample(text, 'portside_hub_connections{hub="lock"}')).toBe(0);
    expect(text).toMatch(/^portside_heartbeat_lag_seconds\{cluster="[^"]+"\} 4\d(\.\d+)?$/m);
    expect(sample(text, 'portside_mails_queued')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portside_database_up')).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^# TYPE portside_jobs gauge$/m);
  });

  it('answers only the machine itself when no METRICS_TOKEN is set', async () => {
    const r = await s.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expectErrorShape(r, 404, 'LOCAL_ONLY');
  });
});

describe('/metrics with METRICS_TOKEN or METRICS_PORT', () => {
  it('asks for the token as a bearer token', async () => {
    const t = await startTestServer({ ops: { ...s.config.ops, metrics: { token: TOKEN, port: null, host: '127.0.0.1' } } });
    try {
      expectErrorShape(await t.call('GET', '/metrics'), 401, 'METRICS_TOKEN_INVALID');
      expectErrorShape(await t.call('GET', '/metrics', { token: TOKEN + 'x' }), 401, 'METRICS_TOKEN_INVALID');
      const ok = await t.call('GET', '/metrics', { token: TOKEN });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatch(/^portside_database_up 1$/m);
      // From another machine too, with the token.
      const far = await t.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(far.status).toBe(200);
    } finally {
      await t.stop();
    }
  });

  it('serves them only on the metrics port, the public port answering 404', async () => {
    const t = await startTestServer({ ops: { ...s.config.ops, metrics: { token: null, port: 9, host: '127.0.0.1' } } });
    const server = await startMetricsServer({ token: null, port: 0, host: '127.0.0.1' }, t.db.owner);
    try {
      expectErrorShape(await t.call('GET', '/metrics'), 404, 'NotFound');
      const r = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toMatch(/^portside_mails_queued \d+$/m);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
      await t.stop();
    }
  });
});

describe('/metrics with a database that does not answer', () => {
  it('answers within its read time-outs, without the database gauges and with portside_database_up 0', async () => {
    // Accepts connections and never says a word: every query hangs.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((c) => sockets.add(c));
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const pool = new pg.Pool({
      connectionString: `postgres://x@127.0.0.1:${(silent.address() as net.AddressInfo).port}/x`,
      connectionTimeoutMillis: 30_000,
    });
    pool.on('error', () => {});
    try {
      const started = Date.now();
      const m = await renderMetrics(pool);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(m.text).toMatch(/^portside_database_up 0$/m);
      // prom-client writes NaN as "Nan", which Prometheus reads as NaN.
      expect(m.text).toMatch(/^portside_mails_queued nan$/im);
      expect(m.text).not.toMatch(/^portside_heartbeat_lag_seconds\{/m);
      expect(m.text).toMatch(/^portside_hub_connections\{hub="terminal"\} \d+$/m);
    } finally {
      for (const c of sockets) c.destroy();
      silent.close();
      await pool.end().catch(() => {});
    }
  });
});
