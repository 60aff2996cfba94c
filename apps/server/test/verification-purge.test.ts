/**
 * The retention job 'verification.purge-documents' (spec 2 §9: registration data kept 6 months):
 * the handler run directly against the database, and the pg-boss runner that schedules it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/drivers/storage/create-storage.js';
import { startJobRunner } from '../src/jobs/boss.js';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus, type JobDeps } from '../src/jobs/job-types.js';
import { DEMO_USERS, startTestServer, type LogRecord, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, newAccount, scalar } from './factories.js';
import { png, upload, uploadAndSubmit } from './verification-fixtures.js';

let s: TestServer;
let dataDir: string;
let deps: JobDeps;
let staff: string;
const logs: LogRecord[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-purge-'));
  s = await startTestServer({ dataDir, rateLimit: NO_RATE_LIMIT });
  deps = { ...s.jobDeps((m) => logs.push(m)), storage: createStorage(s.config) };
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});
afterAll(async () => {
  await s?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(dataDir, 'uploads', key);
const exists = (key: string) =>
  fs.stat(fileOf(key)).then(
    () => true,
    () => false,
  );

async function documentsOf(clientId: string) {
  const r = await s.db.owner.query<{ id: number; storage_key: string; deleted: boolean }>(
    `SELECT id, storage_key, deleted_at IS NOT NULL AS deleted FROM verification_documents WHERE client_id = $1 ORDER BY id`,
    [clientId],
  );
  return r.rows;
}

/** An account whose request was reviewed `monthsAgo` months ago. */
async function reviewedAgo(monthsAgo: number, decision: 'approve' | 'reject', seed: number) {
  const a = await newAccount(s);
  const request = await uploadAndSubmit(s, a.token, seed);
  const r =
    decision === 'approve'
      ? await s.rpc('VerificationApprove', { p_request: request }, staff)
      : await s.rpc('VerificationReject', { p_request: request, p_reason: 'Unreadable' }, staff);
  expect(r.status).toBe(200);
  await s.db.owner.query(
    `UPDATE verification_requests SET reviewed_at = now() - make_interval(months => $2), submitted_at = now() - make_interval(months => $2, days => 1) WHERE id = $1`,
    [request, monthsAgo],
  );
  return a;
}

describe('the purge handler', () => {
  it('deletes files and marks rows of documents reviewed 7 months ago, keeps those reviewed 5 months ago, and is idempotent', async () => {
    const old = await reviewedAgo(7, 'approve', 5001);
    const oldRejected = await reviewedAgo(7, 'reject', 5002);
    const recent = await reviewedAgo(5, 'approve', 5003);
    const before = [...(await documentsOf(old.clientId)), ...(await documentsOf(oldRejected.clientId))];
    expect(before).toHaveLength(4);
    for (const d of before) expect(await exists(d.storage_key)).toBe(true);

    const first = await runJob(JobName.VerificationPurgeDocuments, deps, {});
    expect(first.status).toBe(JobStatus.Success);
    for (const clientId of [old.clientId, oldRejected.clientId]) {
      for (const d of await documentsOf(clientId)) {
        expect(d.deleted).toBe(true);
        expect(await exists(d.storage_key)).toBe(false);
        expect(await deps.storage.get(d.storage_key)).toBeNull();
      }
    }
    for (const d of await documentsOf(recent.clientId)) {
      expect(d.deleted).toBe(false);
      expect(await exists(d.storage_key)).toBe(true);
    }
    // The account keeps its verified status; only the images are gone.
    expect((await s.get('MyVerification', old.token)).body[0]).toMatchObject({ status: 'approved', documents: [] });
    const log = await s.db.owner.query(
      `SELECT target, actor_email FROM audit_log WHERE client_id = $1 AND action = 'VerificationDocumentsPurged'`,
      [old.clientId],
    );
    expect(log.rows).toEqual([{ target: '2 documents', actor_email: null }]);

    const second = await runJob(JobName.VerificationPurgeDocuments, deps, {});
    expect(second.status).toBe(JobStatus.Skipped);
    expect(
      await scalar(s, `SELECT count(*) FROM audit_log WHERE client_id = $1 AND action = 'VerificationDocumentsPurged'`, [
        old.clientId,
      ]),
    ).toBe(1);
  });

  it('also deletes drafts never submitted after 6 months, but never documents of a pending request', async () => {
    const draft = await newAccount(s);
    await upload(s, draft.token, { bytes: png(6001) });
    await s.db.owner.query(`UPDATE verification_documents SET created_at = now() - interval '7 months' WHERE client_id = $1`, [
      draft.clientId,
    ]);
    const pending = await newAccount(s);
    const request = await uploadAndSubmit(s, pending.token, 6002);
    await s.db.owner.query(`UPDATE verification_requests SET submitted_at = now() - interval '8 months' WHERE id = $1`, [
      request,
    ]);
    await s.db.owner.query(`UPDATE verification_documents SET created_at = now() - interval '8 months' WHERE request_id = $1`, [
      request,
    ]);

    expect((await runJob(JobName.VerificationPurgeDocuments, deps, {})).status).toBe(JobStatus.Success);
    expect((await documentsOf(draft.clientId)).map((d) => d.deleted)).toEqual([true]);
    expect((await documentsOf(pending.clientId)).map((d) => d.deleted)).toEqual([false, false]);
  });

  it('finishes a purge whose file was already removed (a run stopped half-way), and counts a file it cannot remove as failed', async () => {
    const a = await reviewedAgo(8, 'approve', 7001);
    const [gone, stuck] = await documentsOf(a.clientId);
    await fs.rm(fileOf(gone!.storage_key));
    const failing: JobDeps = {
      ...deps,
      storage: {
        ...deps.storage,
        delete: async (key) =>
          key === stuck!.storage_key ? Promise.reject(new Error('disk says no')) : deps.storage.delete(key),
      },
    };
    const r = await runJob(JobName.VerificationPurgeDocuments, failing, {});
    expect(r).toEqual({ status: JobStatus.Failed, detail: '1 deleted, 1 could not be deleted' });
    expect((await documentsOf(a.clientId)).map((d) => d.deleted)).toEqual([true, false]);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: 'verification document not purged', document: stuck!.id, err: 'disk says no' }),
    );
    expect((await runJob(JobName.VerificationPurgeDocuments, deps, {})).status).toBe(JobStatus.Success);
    expect(await exists(stuck!.storage_key)).toBe(false);
  });
});

describe('the pg-boss job runner', () => {
  it('creates its schema, schedules the purge daily and runs a job sent to it through the handler', async () => {
    const ownerUrl = (s.db.owner as unknown as { options: { connectionString: string } }).options.connectionString;
    const runner = await startJobRunner(ownerUrl, deps);
    try {
      const schedules = await s.db.owner.query(`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = $1`, [
        JobName.VerificationPurgeDocuments,
      ]);
      expect(schedules.rows).toEqual([{ name: JobName.VerificationPurgeDocuments, cron: '30 3 * * *', timezone: 'UTC' }]);
      const id = await runner.send(JobName.VerificationPurgeDocuments, {});
      expect(id).toEqual(expect.any(String));
      let state = '';
      for (let i = 0; i < 60 && state !== 'completed'; i++) {
        await new Promise((ok) => setTimeout(ok, 250));
        state = (await s.db.owner.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id])).rows[0]?.state ?? '';
      }
      expect(state).toBe('completed');
      const out = (await s.db.owner.query(`SELECT output FROM pgboss.job WHERE id = $1`, [id])).rows[0].output;
      expect(out).toEqual({ status: JobStatus.Skipped, detail: 'no document past retention' });
      // The application role cannot touch the job tables.
      const denied = await s.db.app.query(`SELECT 1 FROM pgboss.job`).catch((e) => e);
      expect(denied.code).toBe('42501');
    } finally {
      await runner.stop();
    }
  });
});
