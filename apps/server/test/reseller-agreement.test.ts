/**
 * The reseller agreement (issue 17) on the payment and service host, through real HTTP on real
 * PostgreSQL: generate → download → upload the signed copy → staff approve, which gives the
 * account its referrer code; the hashed paths refuse a bad, stale or borrowed hash and a sub-user,
 * and a refused call changes nothing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_UPLOAD_MAX_BYTES, isResellerCode } from '@portside/contract/schemas/reseller';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, newAccount, scalar } from './factories.js';
import { nowEpoch } from './hub-client.js';
import { agreementPath, pdfBytes, postFile, profileOf } from './reseller-factories.js';
import { getFile, imageOfSize, png } from './verification-fixtures.js';

let s: TestServer;
let staff: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});
afterAll(async () => s?.stop());

async function account(over: Parameters<typeof newAccount>[1] = {}) {
  const a = await newAccount(s, over);
  return { ...a, profile: await profileOf(s, a.token) };
}
type Account = Awaited<ReturnType<typeof account>>;

const standing = async (a: Account): Promise<Json> => ((await s.get('MyReseller', a.token)).body as Json[])[0] ?? null;
const generate = async (a: Account) => s.call('POST', await agreementPath('generate', a.profile));
const submit = async (a: Account, bytes: Buffer, filename = 'signed.pdf') =>
  postFile(s, await agreementPath('submit', a.profile), bytes, { filename, type: 'application/pdf' });

describe('the agreement flow', () => {
  it('generates the PDF from the account, takes the signed copy, and staff approval gives a referrer code', async () => {
    const a = await account({ p_company_name: 'Revenda Lda', p_country: 'PT', p_vat_number: 'PT509876540', p_language: 'pt' });
    expect(await standing(a)).toBeNull();
    expectErrorShape(await s.call('GET', await agreementPath('download', a.profile)), 409, 'AGREEMENT_NOT_GENERATED');
    expectErrorShape(await submit(a, pdfBytes()), 409, 'AGREEMENT_NOT_GENERATED');

    const g = await generate(a);
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body).toMatchObject({ agreement_status: 'generated', generated_at: expect.any(String), submitted_at: null });
    const pdf = await getFile(s, await agreementPath('download', a.profile));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('attachment');
    const { text } = await extractText(new Uint8Array(pdf.bytes), { mergePages: true });
    for (const piece of [
      'Contrato de revendedor',
      'Revenda Lda',
      'PT509876540',
      a.email,
      a.clientId,
      '10 %',
      'Pelo revendedor',
    ]) {
      expect(text.replace(/\s+/g, ' '), piece).toContain(piece);
    }

    expectErrorShape(await s.rpc('ApproveResellerAgreement', { p_client: a.clientId }, staff), 409, 'AGREEMENT_NOT_SUBMITTED');
    const signed = pdfBytes(1);
    const sub = await submit(a, signed, 'assinado.pdf');
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body).toMatchObject({ agreement_status: 'submitted', submitted_at: expect.any(String) });
    expect(await standing(a)).toMatchObject({ agreement_status: 'submitted', signed_name: 'assinado.pdf', referrer_code: null });

    // Staff see it in their list, read the signed copy, and approve it.
    const list = (await s.get(`ResellerAgreements?client=eq.${a.clientId}`, staff)).body as Json[];
    expect(list[0]).toMatchObject({ agreement_status: 'submitted', email: a.email, client_company: 'Revenda Lda' });
    const copy = await getFile(s, `/api/ResellerSignedAgreement/${a.clientId}`, staff);
    expect(copy.status).toBe(200);
    expect(Buffer.compare(copy.bytes, signed)).toBe(0);
    expect((await getFile(s, `/api/ResellerSignedAgreement/${a.clientId}`, a.token)).status).toBe(403);
    expectErrorShape(await s.rpc('ApproveResellerAgreement', { p_client: a.clientId }, a.token), 403, 'ROLE_REQUIRED');
    const ok = await s.rpc('ApproveResellerAgreement', { p_client: a.clientId }, staff);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(isResellerCode(ok.body.referrer_code)).toBe(true);
    expect(await standing(a)).toMatchObject({
      agreement_status: 'approved',
      referrer_code: ok.body.referrer_code,
      approved_at: expect.any(String),
    });

    // Approved is final; the code now brings clients.
    expectErrorShape(await s.rpc('ApproveResellerAgreement', { p_client: a.clientId }, staff), 409, 'RESELLER_ALREADY_APPROVED');
    expectErrorShape(await generate(a), 409, 'RESELLER_ALREADY_APPROVED');
    expectErrorShape(await submit(a, pdfBytes(2)), 409, 'RESELLER_ALREADY_APPROVED');
    const client = await newAccount(s, { p_referrer: ok.body.referrer_code });
    expect(((await s.get('MyResellerContracts', a.token)).body as Json[]).map((c) => c.client)).toEqual([client.clientId]);

    const actions = ((await s.get('MyLogs', a.token)).body as Json[]).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['ResellerAgreementGenerate', 'ResellerAgreementSubmit']));
  });

  it('takes a scan (JPEG or PNG) and refuses other files and ones over 5 MB, changing nothing', async () => {
    const a = await account();
    await generate(a);
    for (const [bytes, name] of [
      [imageOfSize('gif', 2000), 'scan.gif'],
      [Buffer.from('<html>%PDF-1.7</html>'), 'fake.pdf'],
      [Buffer.concat([pdfBytes(), Buffer.alloc(AGREEMENT_UPLOAD_MAX_BYTES)]), 'huge.pdf'],
    ] as const) {
      const r = await submit(a, bytes, name);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toBe('file: agreement_file_invalid');
    }
    expect(await standing(a)).toMatchObject({ agreement_status: 'generated', signed_name: null });
    expect((await submit(a, png(7), 'scan.png')).body.agreement_status).toBe('submitted');
    expect((await submit(a, imageOfSize('jpeg', 4000), 'scan2.jpg')).body.agreement_status).toBe('submitted');
    expect(await standing(a)).toMatchObject({ signed_name: 'scan2.jpg' });
  });

  it('a new agreement replaces the old one: the signed copy of the old one no longer counts', async () => {
    const a = await account();
    await generate(a);
    await submit(a, pdfBytes(3));
    const old = (await s.db.owner.query(`SELECT agreement_key, signed_key FROM resellers WHERE client_id = $1`, [a.clientId]))
      .rows[0];
    const again = await generate(a);
    expect(again.body).toMatchObject({ agreement_status: 'generated', submitted_at: null });
    // The old document and its signed copy are gone from storage; the new one is there.
    for (const key of [old.agreement_key, old.signed_key])
      await expect(fs.stat(path.join(s.config.dataDir, 'uploads', key))).rejects.toThrow();
    expect((await getFile(s, await agreementPath('download', a.profile))).status).toBe(200);
    expectErrorShape(await s.rpc('ApproveResellerAgreement', { p_client: a.clientId }, staff), 409, 'AGREEMENT_NOT_SUBMITTED');
    expectErrorShape(
      await s.rpc('ApproveResellerAgreement', { p_client: '00000000-0000-4000-8000-000000000000' }, staff),
      404,
      'RESELLER_NOT_FOUND',
    );
  });
});

describe('the hashed paths', () => {
  it('refuse a wrong hash, another account’s client, a stale epoch and a sub-user; nothing changes', async () => {
    const a = await account();
    const b = await account();
    const stale = nowEpoch() - 3600;
    const refusals: Array<[string, number, string]> = [
      [await agreementPath('generate', a.profile, { secret: 'f'.repeat(64) }), 403, 'NOTIFICATION_HASH_INVALID'],
      [await agreementPath('generate', a.profile, { client: b.profile.client }), 403, 'NOTIFICATION_HASH_INVALID'],
      [await agreementPath('generate', a.profile, { email: b.email }), 403, 'NOTIFICATION_HASH_INVALID'],
      [await agreementPath('generate', a.profile, { epoch: stale }), 422, 'NOTIFICATION_EPOCH_STALE'],
    ];
    for (const [path, status, code] of refusals) expectErrorShape(await s.call('POST', path), status, code);
    const tampered = (await agreementPath('download', a.profile)).replace(/[0-9a-f](?=$)/, (c) => (c === '0' ? '1' : '0'));
    expectErrorShape(await s.call('GET', tampered), 403, 'NOTIFICATION_HASH_INVALID');
    expectErrorShape(
      await submit({ ...a, profile: { ...a.profile, notification_secret: 'e'.repeat(64) } }, pdfBytes()),
      403,
      'NOTIFICATION_HASH_INVALID',
    );
    expect(await scalar(s, `SELECT count(*) FROM resellers WHERE client_id IN ($1, $2)`, [a.clientId, b.clientId])).toBe(0);

    const sub = await createSubUser(s, a.clientId);
    const subProfile = await profileOf(s, await s.login(sub.email, sub.password));
    expectErrorShape(await s.call('POST', await agreementPath('generate', subProfile)), 422, 'OWNER_REQUIRED');
    expect(await scalar(s, `SELECT count(*) FROM resellers WHERE client_id = $1`, [a.clientId])).toBe(0);
    expectErrorShape(await s.call('POST', '/svc/reseller/agreement/generate/portside/x'), 404, 'NotFound');
  });
});

describe('deleting the account', () => {
  it('removes the generated agreement and the signed copy from storage with it', async () => {
    const a = await account();
    await generate(a);
    expect((await submit(a, pdfBytes(9))).status).toBe(200);
    const keys = (
      await s.db.owner.query<{ agreement_key: string; signed_key: string }>(
        `SELECT agreement_key, signed_key FROM resellers WHERE client_id = $1`,
        [a.clientId],
      )
    ).rows[0]!;
    const files = [keys.agreement_key, keys.signed_key].map((k) => path.join(s.config.dataDir, 'uploads', k));
    for (const f of files) await fs.stat(f);
    const r = await s.rpc('AccountDelete', { p_confirm: 'DELETE', p_acknowledgements: [true, true, true, true] }, a.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const f of files) await expect(fs.stat(f)).rejects.toThrow();
    expect(await scalar(s, `SELECT count(*) FROM resellers WHERE client_id = $1`, [a.clientId])).toBe(0);
  });
});
