/**
 * Identity verification, the owner's side: image uploads (type by magic bytes, under 2 MB, no
 * duplicates), storage, submit, states and audit (spec 1 §1, §5; spec 2 §8 'Uploads').
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portside/contract/constants';
import { startTestServer, DEMO_USERS, type TestServer, type Json } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, newAccount, scalar } from './factories.js';
import { imageOfSize, png, upload } from './verification-fixtures.js';

let s: TestServer;
let dataDir: string;
const uploads = () => path.join(dataDir, 'uploads');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-verification-'));
  s = await startTestServer({ dataDir, rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => {
  await s?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const invalidImage = (r: { status: number; body: Json }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.code).toBe('VALIDATION_FAILED');
  expect(r.body.details).toBe('file: upload_invalid_image');
  expect(r.body.hint).toBe('upload must be an image under 2 MB');
};

describe('VerificationUpload: what counts as an image', () => {
  it('accepts a PNG named .jpg and declared as JPEG, and records it as PNG', async () => {
    const a = await newAccount(s);
    const r = await upload(s, a.token, { bytes: png(11), filename: 'passport.jpg', type: 'image/jpeg' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.document).toMatchObject({
      kind: 'document',
      document_type: 'passport',
      mime: 'image/png',
      size: png(11).length,
    });
    expect(r.body.document).not.toHaveProperty('storage_key');
  });

  it('refuses a text file named .png and declared as PNG', async () => {
    const a = await newAccount(s);
    invalidImage(
      await upload(s, a.token, { bytes: Buffer.from('I am not a picture, honestly.\n'), filename: 'id.png', type: 'image/png' }),
    );
    expect(await scalar(s, `SELECT count(*) FROM verification_documents WHERE client_id = $1`, [a.clientId])).toBe(0);
  });

  it.each(['jpeg', 'gif', 'bmp', 'webp'] as const)('accepts %s by its magic bytes whatever the name', async (type) => {
    const a = await newAccount(s);
    const r = await upload(s, a.token, {
      bytes: imageOfSize(type, 4096),
      filename: 'scan.txt',
      type: 'application/octet-stream',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.document.mime).toBe(`image/${type}`);
  });

  it('accepts an image one byte under 2 MB and refuses exactly 2 MB and a 3 MB one with the upload message', async () => {
    const a = await newAccount(s);
    const ok = await upload(s, a.token, { bytes: imageOfSize('jpeg', LIMITS.uploadMaxBytes - 1) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    invalidImage(await upload(s, a.token, { kind: 'selfie', bytes: imageOfSize('jpeg', LIMITS.uploadMaxBytes, 0x42) }));
    invalidImage(await upload(s, a.token, { kind: 'selfie', bytes: imageOfSize('jpeg', 3 * 1024 * 1024, 0x43) }));
    expect(await scalar(s, `SELECT count(*) FROM verification_documents WHERE client_id = $1`, [a.clientId])).toBe(1);
  });

  it('asks for a file, a known kind and the document type; refuses two files', async () => {
    const a = await newAccount(s);
    expect((await upload(s, a.token, { bytes: null })).body.details).toBe('file: upload_file_empty');
    expect((await upload(s, a.token, { bytes: Buffer.alloc(0) })).body.details).toBe('file: upload_file_empty');
    expect((await upload(s, a.token, { kind: 'avatar' })).body.details).toBe('kind: upload_kind_invalid');
    expect((await upload(s, a.token, { document_type: 'library_card' })).body.details).toBe(
      'document_type: document_type_invalid',
    );
    const two = await upload(s, a.token, { extra: (f) => f.append('file', new Blob([new Uint8Array(png(99))]), 'b.png') });
    expectErrorShape(two, 400, 'BAD_REQUEST');
    expect(await scalar(s, `SELECT count(*) FROM verification_documents WHERE client_id = $1`, [a.clientId])).toBe(0);
  });

  it('takes multipart only on the upload route: a JSON body there and multipart elsewhere are refused', async () => {
    const a = await newAccount(s);
    expectErrorShape(await s.rpc('VerificationUpload', { kind: 'selfie' }, a.token), 400, 'VALIDATION_FAILED');
    const form = new FormData();
    form.append('p_language', 'pl');
    const res = await fetch(`${s.url}/api/rpc/ProfileUpdateLanguage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BAD_REQUEST');
  });

  it('asks for a token before reading the body', async () => {
    expectErrorShape(await upload(s, undefined), 401, 'JWT_MISSING');
  });
});

describe('VerificationUpload: duplicates, drafts and storage', () => {
  it("answers 'file already uploaded' for the same image again, also as the selfie", async () => {
    const a = await newAccount(s);
    expect((await upload(s, a.token, { bytes: png(21) })).status).toBe(200);
    for (const kind of ['document', 'selfie']) {
      const r = await upload(s, a.token, { kind, bytes: png(21), filename: 'renamed.png' });
      expectErrorShape(r, 409, 'UPLOAD_DUPLICATE');
      expect(r.body.message).toBe('file already uploaded');
    }
  });

  it('lets another account upload the same image (duplicates are per account)', async () => {
    const [a, b] = [await newAccount(s), await newAccount(s)];
    expect((await upload(s, a.token, { bytes: png(31) })).status).toBe(200);
    expect((await upload(s, b.token, { bytes: png(31) })).status).toBe(200);
  });

  it('stores files under random keys in DATA_DIR/uploads (mode 700, files 600) and replaces a draft of the same kind', async () => {
    const a = await newAccount(s);
    await upload(s, a.token, { bytes: png(41), filename: '../../etc/passwd.png' });
    const first = (await s.db.owner.query(`SELECT storage_key FROM verification_documents WHERE client_id = $1`, [a.clientId]))
      .rows[0].storage_key as string;
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await fs.stat(uploads())).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(uploads(), first))).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(path.join(uploads(), first))).toEqual(png(41));

    expect((await upload(s, a.token, { bytes: png(42), document_type: 'national_id' })).status).toBe(200);
    await expect(fs.stat(path.join(uploads(), first))).rejects.toThrow(/ENOENT/);
    const rows = (
      await s.db.owner.query(
        `SELECT document_type, deleted_at IS NOT NULL AS gone FROM verification_documents WHERE client_id = $1 ORDER BY id`,
        [a.clientId],
      )
    ).rows;
    expect(rows).toEqual([
      { document_type: 'passport', gone: true },
      { document_type: 'national_id', gone: false },
    ]);
    // The replaced image is no longer kept, so it may be uploaded again.
    expect((await upload(s, a.token, { kind: 'selfie', bytes: png(41) })).status).toBe(200);
  });
});

describe('VerificationSubmit and MyVerification', () => {
  it('needs both a photo ID and a selfie, then makes the account pending', async () => {
    const a = await newAccount(s);
    expect((await s.get('MyVerification', a.token)).body).toEqual([
      { status: 'none', request: null, reason: null, submitted_at: null, reviewed_at: null, is_owner: true, documents: [] },
    ]);
    const none = await s.rpc('VerificationSubmit', {}, a.token);
    expectErrorShape(none, 422, 'VERIFICATION_INCOMPLETE');
    expect(none.body.details).toBe('missing: document, selfie');
    await upload(s, a.token, { bytes: png(51) });
    expect((await s.rpc('VerificationSubmit', {}, a.token)).body.details).toBe('missing: selfie');
    await upload(s, a.token, { kind: 'selfie', bytes: png(52) });

    const ok = await s.rpc('VerificationSubmit', {}, a.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ success: true, status: 'pending', request: expect.any(Number) });
    const mine = (await s.get('MyVerification', a.token)).body[0];
    expect(mine).toMatchObject({ status: 'pending', request: ok.body.request, reason: null, reviewed_at: null });
    expect(mine.documents.map((d: Json) => [d.kind, d.document_type, d.request])).toEqual([
      ['document', 'passport', ok.body.request],
      ['selfie', null, ok.body.request],
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/storage_key|sha256/);
    expect((await s.get('MyProfile', a.token)).body[0].verification_status).toBe('pending');
  });

  it('refuses uploads and another submit while pending, and once approved', async () => {
    const a = await newAccount(s);
    await upload(s, a.token, { bytes: png(61) });
    await upload(s, a.token, { kind: 'selfie', bytes: png(62) });
    await s.rpc('VerificationSubmit', {}, a.token);
    expectErrorShape(await upload(s, a.token, { bytes: png(63) }), 409, 'VERIFICATION_STATE');
    expectErrorShape(await s.rpc('VerificationSubmit', {}, a.token), 409, 'VERIFICATION_STATE');
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const approved = await upload(s, demo, { bytes: png(64) });
    expectErrorShape(approved, 409, 'VERIFICATION_STATE');
    expect(approved.body.message).toBe('Your identity is already verified');
  });

  it('is for the owner: a sub-user can neither upload nor submit, and sees the status without documents', async () => {
    const a = await newAccount(s);
    await upload(s, a.token, { bytes: png(71) });
    const sub = await createSubUser(s, a.clientId);
    const token = await s.login(sub.email, sub.password);
    expectErrorShape(await upload(s, token, { kind: 'selfie', bytes: png(72) }), 422, 'OWNER_REQUIRED');
    expectErrorShape(await s.rpc('VerificationSubmit', {}, token), 422, 'OWNER_REQUIRED');
    expect((await s.get('MyVerification', token)).body).toEqual([
      expect.objectContaining({ status: 'none', is_owner: false, documents: [] }),
    ]);
  });

  it('logs uploads and submits in the account’s log, with the kind as target and failures as errors', async () => {
    const a = await newAccount(s);
    await upload(s, a.token, { bytes: png(81), document_type: 'driving_licence' });
    await upload(s, a.token, { kind: 'selfie', bytes: png(81) });
    await s.rpc('VerificationSubmit', {}, a.token);
    const rows = (
      await s.db.owner.query(
        `SELECT action, target, result, actor_email FROM audit_log WHERE client_id = $1 AND action LIKE 'Verification%' ORDER BY id`,
        [a.clientId],
      )
    ).rows;
    const doc = (await s.db.owner.query(`SELECT id FROM verification_documents WHERE client_id = $1`, [a.clientId])).rows[0];
    expect(rows).toEqual([
      {
        action: 'VerificationUpload',
        target: `verification document "driving_licence" (#${doc.id})`,
        result: 'ok',
        actor_email: a.email,
      },
      { action: 'VerificationUpload', target: 'verification document "selfie"', result: 'error', actor_email: a.email },
      { action: 'VerificationSubmit', target: 'verification request', result: 'error', actor_email: a.email },
    ]);
  });
});
