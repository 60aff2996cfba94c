/**
 * The public side of support (issue 16) through real HTTP: abuse reports (receipt, staff queue,
 * rate limit), help texts sanitised on the server, and the status banner's rows — posted by staff
 * and the automatic one while the heartbeat has lost an account's cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, newAccount, scalar, uniqueEmail } from './factories.js';

let s: TestServer;
let staff: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});
afterAll(async () => s?.stop());

const report = (over: Record<string, unknown> = {}) => ({
  p_name: 'Rhea Reporter',
  p_email: uniqueEmail('reporter'),
  p_location: 'https://203.0.113.7/phish/login.html',
  p_kind: 'phishing',
  p_explanation: 'A copy of my bank’s login page <script>alert(1)</script>',
  p_good_faith: true,
  ...over,
});
const fromIp = (ip: string, body: object) =>
  s.inject({
    method: 'POST',
    url: '/api/rpc/ReportAbuse',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('abuse reports', () => {
  it('takes a notice from anyone, mails a receipt with its reference, and queues it for staff', async () => {
    const body = report({ p_language: 'de' });
    const r = await fromIp('192.0.2.10', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const reference = r.body.reference as string;
    expect(reference).toMatch(/^AR-\d{4}-[2-9A-HJ-NP-Z]{8}$/);
    const mail = await s.lastMail(body.p_email);
    expect(mail?.subject).toContain(reference);
    expect(mail?.text).toContain('Hallo Rhea Reporter');

    const queue = (await s.get('AbuseReports', staff)).body as Json[];
    // Stored as written: nothing is interpreted here, and the web shows it as text.
    expect(queue.find((x) => x.reference === reference)).toMatchObject({
      kind: 'phishing',
      status: 'open',
      explanation: body.p_explanation,
    });
    const id = queue.find((x) => x.reference === reference).report as number;
    const done = await s.rpc('ResolveAbuseReport', { p_report: id, p_status: 'resolved', p_note: 'Server suspended' }, staff);
    expect(done.body).toMatchObject({
      status: 'resolved',
      resolution_note: 'Server suspended',
      resolved_by: DEMO_USERS.staff.email,
    });
    expectErrorShape(
      await s.rpc('ResolveAbuseReport', { p_report: id, p_status: 'rejected' }, staff),
      409,
      'ABUSE_REPORT_CLOSED',
    );
  });

  it('keeps reports from customers, and refuses a notice without its parts or the good-faith statement', async () => {
    const a = await newAccount(s);
    expectErrorShape(await s.get('AbuseReports', a.token), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.rpc('ResolveAbuseReport', { p_report: 1, p_status: 'resolved' }, a.token), 403, 'ROLE_REQUIRED');
    const before = await scalar(s, `SELECT count(*) FROM abuse_reports`);
    const bad = await fromIp('192.0.2.11', {
      p_name: '',
      p_email: 'nope',
      p_location: ' ',
      p_kind: 'rude',
      p_explanation: '',
      p_good_faith: false,
    });
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect((bad.body.details as string).split('\n')).toEqual([
      'p_name: abuse_name_empty',
      'p_email: email_invalid',
      'p_location: abuse_location_empty',
      'p_kind: abuse_kind_empty',
      'p_explanation: abuse_explanation_empty',
      'p_good_faith: abuse_good_faith_required',
    ]);
    expect(await scalar(s, `SELECT count(*) FROM abuse_reports`)).toBe(before);
  });

  it('allows five reports an hour from one address', async () => {
    for (let i = 0; i < 5; i++) expect((await fromIp('192.0.2.20', report())).status).toBe(200);
    expectErrorShape(await fromIp('192.0.2.20', report()), 429, 'RATE_LIMITED');
    expect((await fromIp('192.0.2.21', report())).status).toBe(200);
  });
});

describe('help texts', () => {
  it('are written by staff through PATCH, sanitised on the server, and read by anyone by label', async () => {
    const html =
      '<h2>Privacy</h2><p onclick="steal()">We keep <strong>little</strong>.<script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">x</a><a href="https://example.org" target="_blank">policy</a><img src="http://x/y.png">';
    const r = await s.call('PATCH', '/api/Helptexts?label=eq.privacy_policy', { token: staff, body: { html } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const saved = (r.body as Json[])[0].html as string;
    expect(saved).toBe(
      '<h2>Privacy</h2><p>We keep <strong>little</strong>.</p><a rel="noopener noreferrer">x</a>' +
        '<a href="https://example.org" target="_blank" rel="noopener noreferrer">policy</a><img />',
    );
    const read = await s.get('Helptexts?label=eq.privacy_policy');
    expect(read.status).toBe(200);
    expect((read.body as Json[])[0]).toMatchObject({ label: 'privacy_policy', html: saved });

    const a = await newAccount(s);
    const refused = await s.call('PATCH', '/api/Helptexts?label=eq.privacy_policy', {
      token: a.token,
      body: { html: '<p>mine</p>' },
    });
    expectErrorShape(refused, 403, 'ROLE_REQUIRED');

    expect((await s.call('PATCH', '/api/Helptexts?label=eq.privacy_policy', { token: staff, body: { html: '' } })).body).toEqual(
      [],
    );
    expect((await s.get('Helptexts?label=eq.privacy_policy')).body).toEqual([]);
  });
});

describe('the status banner', () => {
  it('shows a posted status to everyone until staff end it', async () => {
    const posted = await s.rpc('PostInternalStatus', { p_message: 'Maintenance in Lisbon tonight', p_level: 'warning' }, staff);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const id = posted.body.id as number;
    const a = await newAccount(s);
    for (const token of [undefined, a.token]) {
      const rows = (await s.get('InternalStatus', token)).body as Json[];
      expect(rows.find((x) => x.id === id)).toMatchObject({
        level: 'warning',
        message: 'Maintenance in Lisbon tonight',
        key: null,
      });
    }
    expectErrorShape(await s.rpc('PostInternalStatus', { p_message: 'x' }, a.token), 403, 'ROLE_REQUIRED');
    expect((await s.rpc('EndInternalStatus', { p_id: id }, staff)).status).toBe(200);
    expect(((await s.get('InternalStatus')).body as Json[]).some((x) => x.id === id)).toBe(false);
    expectErrorShape(await s.rpc('EndInternalStatus', { p_id: id }, staff), 404, 'STATUS_NOT_FOUND');
  });

  it('adds the automatic message for an account whose cluster the heartbeat lost, and clears it on recovery', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const syncLost = async (token?: string) =>
      ((await s.get('InternalStatus', token)).body as Json[]).filter((x) => x.key === 'sync_lost');
    expect(await syncLost(a.token)).toEqual([]);
    await s.db.owner.query(`UPDATE clients SET prox_sync_success = false WHERE id = $1`, [a.clientId]);
    expect(await syncLost(a.token)).toEqual([
      expect.objectContaining({
        id: 0,
        level: 'warning',
        message: 'Backend reporting service lost connectivity; servers are OK and the team is working on it.',
      }),
    ]);
    expect(await syncLost(b.token)).toEqual([]);
    expect(await syncLost()).toEqual([]);
    await s.db.owner.query(`UPDATE clients SET prox_sync_success = true WHERE id = $1`, [a.clientId]);
    expect(await syncLost(a.token)).toEqual([]);
  });
});
