import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { expectErrorShape } from './factories.js';

/** /healthz (alive) and /readyz (database, migrations, worker heartbeat) for load balancers (issue 19). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

const beat = (agoSeconds: number) =>
  s.db.owner.query(
    `INSERT INTO worker_heartbeats (host, pid, roles, seen_at) VALUES ('test-host', 1, '{worker}', now() - make_interval(secs => $1))
       ON CONFLICT (host, pid) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
    [agoSeconds],
  );

describe('health checks', () => {
  it('answers /healthz with 200 without asking the database', async () => {
    const r = await s.call('GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while no worker has a heartbeat, and names the failing check', async () => {
    await s.db.owner.query(`DELETE FROM worker_heartbeats`);
    const r = await s.call('GET', '/readyz');
    expectErrorShape(r, 503, 'NOT_READY');
    expect(r.body.details).toBe('worker: no worker heartbeat');
  });

  it('is ready with a recent worker heartbeat and every migration applied', async () => {
    await beat(2);
    const r = await s.call('GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', worker: 'ok' } });
  });

  it('is not ready when the newest heartbeat is older than WORKER_HEARTBEAT_STALE_MS (30 s)', async () => {
    await beat(45);
    const r = await s.call('GET', '/readyz');
    expectErrorShape(r, 503, 'NOT_READY');
    expect(r.body.details).toBe('worker: last worker heartbeat 45 s ago');
    await beat(0);
  });

  it('is not ready when a migration of this build is not applied', async () => {
    const gone = await s.db.owner.query(`DELETE FROM pgmigrations WHERE name = '0045_worker_heartbeats' RETURNING *`);
    try {
      const r = await s.call('GET', '/readyz');
      expectErrorShape(r, 503, 'NOT_READY');
      expect(r.body.details).toBe('migrations: not applied: 0045_worker_heartbeats');
    } finally {
      const row = gone.rows[0];
      await s.db.owner.query(`INSERT INTO pgmigrations (id, name, run_on) VALUES ($1, $2, $3)`, [row.id, row.name, row.run_on]);
    }
    expect((await s.call('GET', '/readyz')).status).toBe(200);
  });
});
