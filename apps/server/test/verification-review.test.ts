/**
 * Identity verification, the staff's side and the boundaries: the review queue, document images,
 * approve and reject, who may reach what (403/404), row-level security, and requireVerified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DbScope } from '../src/db/database.js';
import { customer } from '../src/http/access.js';
import { defineRpc } from '../src/routes/route-defs.js';
import { requireVerified } from '../src/modules/verification/verification.service.js';
import { buildRegistry } from '../src/registry.js';
import { DEMO_USERS, startTestServer, type TestServer, type Json } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, newAccount, startAppWith } from './factories.js';
import { getFile, png, upload, uploadAndSubmit } from './verification-fixtures.js';

let s: TestServer;
let staff: string;
let demo: string;
let seed = 1000;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});
afterAll(async () => s?.stop());

/** A new account that has submitted a photo ID and a selfie. */
async function submitted() {
  const a = await newAccount(s);
  const request = await uploadAndSubmit(s, a.token, seed++);
  const docs = (await s.get('MyVerification', a.token)).body[0].documents as Array<{ id: number; kind: string }>;
  return { ...a, request, docs };
}

describe('the review queue', () => {
  it('lists pending requests for staff with the client’s name, e-mail and document ids, never storage keys', async () => {
    const a = await submitted();
    const r = await s.get('VerificationQueue', staff);
    expect(r.status).toBe(200);
    const item = r.body.find((x: Json) => x.id === a.request);
    expect(item).toMatchObject({
      client: a.clientId,
      client_name: 'Rita Register',
      email: a.email,
      country: 'PT',
      document_type: 'passport',
    });
    expect(item.documents.map((d: Json) => d.id).sort()).toEqual(a.docs.map((d) => d.id).sort());
    expect(JSON.stringify(r.body)).not.toMatch(/storage_key|sha256/);
  });

  it('is refused to customers (403) and to anonymous callers (401), as are the review calls and staff images', async () => {
    const a = await submitted();
    const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-users'] });
    for (const token of [a.token, demo, await s.login(sub.email, sub.password)]) {
      expectErrorShape(await s.get('VerificationQueue', token), 403, 'ROLE_REQUIRED');
      expectErrorShape(await s.rpc('VerificationApprove', { p_request: a.request }, token), 403, 'ROLE_REQUIRED');
      expectErrorShape(await s.rpc('VerificationReject', { p_request: a.request, p_reason: 'x' }, token), 403, 'ROLE_REQUIRED');
      expect((await getFile(s, `/api/VerificationDocumentImage/${a.docs[0]!.id}`, token)).status).toBe(403);
    }
    expectErrorShape(await s.get('VerificationQueue'), 401, 'JWT_MISSING');
    expect((await getFile(s, `/api/VerificationDocumentImage/${a.docs[0]!.id}`)).status).toBe(401);
    expect((await s.db.owner.query(`SELECT status FROM verification_requests WHERE id = $1`, [a.request])).rows[0].status).toBe(
      'pending',
    );
  });
});

describe('document images', () => {
  it('streams a document to staff as its own type, inline, not sniffed or cached, and logs the view', async () => {
    const a = await submitted();
    const doc = a.docs.find((d) => d.kind === 'document')!;
    const r = await getFile(s, `/api/VerificationDocumentImage/${doc.id}`, staff);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('content-disposition')).toBe('inline');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.bytes).toEqual(png((seed - 1) * 2));
    const log = await s.db.owner.query(
      `SELECT target FROM audit_log WHERE action = 'VerificationDocumentView' ORDER BY id DESC LIMIT 1`,
    );
    expect(log.rows[0].target).toBe(`document ${doc.id} of account ${a.clientId}`);
  });

  it('answers 404 in the error shape for unknown and malformed ids', async () => {
    for (const id of ['999999999', 'abc', '1%20OR%201=1', '-1']) {
      const r = await s.call('GET', `/api/VerificationDocumentImage/${id}`, { token: staff });
      expectErrorShape(r, 404, 'NotFound');
    }
  });

  it('shows owners their own images, another account’s only as 404, and none to sub-users (OWNER_REQUIRED)', async () => {
    const a = await submitted();
    const b = await newAccount(s);
    const id = a.docs[0]!.id;
    expect((await getFile(s, `/api/MyVerificationDocumentImage/${id}`, a.token)).status).toBe(200);
    expectErrorShape(await s.call('GET', `/api/MyVerificationDocumentImage/${id}`, { token: b.token }), 404, 'NotFound');
    expectErrorShape(await s.call('GET', `/api/MyVerificationDocumentImage/${id}`, { token: demo }), 404, 'NotFound');
    const sub = await createSubUser(s, a.clientId);
    expectErrorShape(
      await s.call('GET', `/api/MyVerificationDocumentImage/${id}`, { token: await s.login(sub.email, sub.password) }),
      422,
      'OWNER_REQUIRED',
    );
  });
});

describe('approve and reject', () => {
  it('rejects only with a reason, which the customer then sees; the account is rejected and both logs say so', async () => {
    const a = await submitted();
    const empty = await s.rpc('VerificationReject', { p_request: a.request, p_reason: '  ' }, staff);
    expect(empty.body.details).toBe('p_reason: verification_reason_empty');
    const r = await s.rpc(
      'VerificationReject',
      { p_request: a.request, p_reason: 'The photo of the passport is blurred' },
      staff,
    );
    expect(r.body).toEqual({ success: true, request: a.request, status: 'rejected' });
    const mine = (await s.get('MyVerification', a.token)).body[0];
    expect(mine).toMatchObject({
      status: 'rejected',
      reason: 'The photo of the passport is blurred',
      reviewed_at: expect.any(String),
    });
    expect((await s.get('MyProfile', a.token)).body[0].verification_status).toBe('rejected');
    const log = (
      await s.db.owner.query(`SELECT client_id, action, target, actor_email FROM audit_log WHERE target = $1 ORDER BY id`, [
        `verification request #${a.request}`,
      ])
    ).rows;
    const staffClient = (await s.db.owner.query(`SELECT client_id FROM users WHERE email = $1`, [DEMO_USERS.staff.email])).rows[0]
      .client_id;
    // The customer's log names the request from its submit on; the staff's log names the same request.
    expect(log).toEqual([
      {
        client_id: a.clientId,
        action: 'VerificationSubmit',
        target: `verification request #${a.request}`,
        actor_email: expect.any(String),
      },
      {
        client_id: a.clientId,
        action: 'VerificationRejected',
        target: `verification request #${a.request}`,
        actor_email: DEMO_USERS.staff.email,
      },
      {
        client_id: staffClient,
        action: 'VerificationReject',
        target: `verification request #${a.request}`,
        actor_email: DEMO_USERS.staff.email,
      },
    ]);
    expectErrorShape(await s.rpc('VerificationApprove', { p_request: a.request }, staff), 409, 'VERIFICATION_STATE');
  });

  it('lets a rejected owner upload new images and submit again, but not the rejected image itself', async () => {
    const a = await submitted();
    await s.rpc('VerificationReject', { p_request: a.request, p_reason: 'Selfie too dark' }, staff);
    expectErrorShape(await upload(s, a.token, { bytes: png((seed - 1) * 2) }), 409, 'UPLOAD_DUPLICATE');
    const again = await uploadAndSubmit(s, a.token, seed++);
    expect(again).toBeGreaterThan(a.request);
    const mine = (await s.get('MyVerification', a.token)).body[0];
    expect(mine).toMatchObject({ status: 'pending', request: again, reason: null });
    expect(mine.documents.every((d: Json) => d.request === again)).toBe(true);
  });

  it('approves: the account is verified and may order (requireVerified passes only then)', async () => {
    const a = await submitted();
    const probe = defineRpc({
      name: 'ProbeOrder',
      access: customer,
      schema: z.object({}),
      handler: async (ctx) => (await requireVerified(ctx), { ordered: true }),
    });
    const real = buildRegistry();
    const app = await startAppWith(s, { ...real, rpcs: [...real.rpcs, probe] });
    try {
      const token = await app.login(a.email, a.password);
      const before = await app.call('POST', '/api/rpc/ProbeOrder', { token, body: {} });
      expectErrorShape(before, 422, 'VERIFICATION_REQUIRED');
      expect(before.body.details).toBe('verification_status: pending');
      expect((await s.rpc('VerificationApprove', { p_request: a.request }, staff)).body).toEqual({
        success: true,
        request: a.request,
        status: 'approved',
      });
      expect((await app.call('POST', '/api/rpc/ProbeOrder', { token, body: {} })).body).toEqual({ ordered: true });
    } finally {
      await app.close();
    }
    expect((await s.get('MyVerification', a.token)).body[0]).toMatchObject({ status: 'approved', reason: null });
    expect((await s.get('VerificationQueue', staff)).body.some((x: Json) => x.id === a.request)).toBe(false);
  });

  it('refuses unverified accounts in requireVerified, also inside a caller’s transaction', async () => {
    const a = await newAccount(s);
    const scope: DbScope = { kind: 'tenant', clientId: a.clientId, userId: a.userId };
    const principal = {
      kind: 'user' as const,
      userId: a.userId,
      clientId: a.clientId,
      email: a.email,
      isOwner: true,
      roles: [],
      claims: [],
      blocked: false,
      tokenVersion: 0,
    };
    const ctx = {
      db: s.db,
      config: s.config,
      ip: '127.0.0.1',
      principal,
      tenant: <T>(fn: (tx: Json) => Promise<T>) => s.db.run(scope, fn),
    } as unknown as Parameters<typeof requireVerified>[0];
    await expect(requireVerified(ctx)).rejects.toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    await expect(s.db.run(scope, (tx) => requireVerified(ctx, tx))).rejects.toMatchObject({ code: 'VERIFICATION_REQUIRED' });
  });

  it('answers 404 for an unknown request and 400 for a malformed one', async () => {
    expectErrorShape(await s.rpc('VerificationApprove', { p_request: 987654321 }, staff), 404, 'NotFound');
    expect((await s.rpc('VerificationApprove', { p_request: 'one' }, staff)).body.details).toBe(
      'p_request: verification_request_invalid',
    );
  });
});

describe('row-level security on the verification tables', () => {
  const tenant = (a: { clientId: string; userId: string }): DbScope => ({
    kind: 'tenant',
    clientId: a.clientId,
    userId: a.userId,
  });

  it('shows an account only its own requests and documents, and lets it change none of another’s', async () => {
    const [a, b] = [await submitted(), await submitted()];
    for (const t of ['verification_requests', 'verification_documents']) {
      const ids = await s.db.run(tenant(a), async (tx) =>
        (await tx.query(`SELECT DISTINCT client_id FROM ${t}`)).rows.map((r) => r.client_id),
      );
      expect(ids, t).toEqual([a.clientId]);
      expect((await s.db.app.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n, t).toBe(0);
    }
    const changed = await s.db.run(tenant(a), async (tx) => [
      (
        await tx.query(`UPDATE verification_requests SET status = 'approved', reviewed_at = now() WHERE client_id = $1`, [
          b.clientId,
        ])
      ).rowCount,
      (await tx.query(`UPDATE verification_documents SET deleted_at = now() WHERE client_id = $1`, [b.clientId])).rowCount,
    ]);
    expect(changed).toEqual([0, 0]);
    const err = await s.db
      .run(tenant(a), (tx) => tx.query(`INSERT INTO verification_requests (client_id) VALUES ($1)`, [b.clientId]))
      .catch((e) => e);
    expect(err.code).toBe('42501');
    const del = await s.db.system((tx) => tx.query(`DELETE FROM verification_documents`)).catch((e) => e);
    expect(del.code).toBe('42501');
  });
});
