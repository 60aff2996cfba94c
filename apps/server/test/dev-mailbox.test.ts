/**
 * The developer mailbox holds every account's confirmation and reset codes, so it must never be
 * a way in: it answers only on the machine itself (the loopback socket, whatever forwarded headers
 * say), and not at all with DEV_MAILBOX=off, in production or with SMTP configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { isLoopback } from '../src/http/client-address.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, registerBody } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT, trustProxy: ['203.0.113.5'] });
});
afterAll(async () => s?.stop());

const mailboxOf = (email: string) => `/api/dev/mailbox?to=eq.${encodeURIComponent(email)}`;

describe('the developer mailbox', () => {
  it('shows a new user their confirmation code on the machine running the portal (the demo flow)', async () => {
    const body = registerBody();
    expect((await s.rpc('register', body)).status).toBe(200);
    const r = await s.call('GET', mailboxOf(body.p_email));
    expect(r.status).toBe(200);
    expect(r.body[0].text).toMatch(/\b\d{6}\b/);
  });

  it('refuses the takeover chain from another machine: ForgotPassword, then the mailbox answers 404 and shows no code', async () => {
    const attacker = '198.51.100.23';
    const ask = await s.inject({
      method: 'POST',
      url: '/api/rpc/ForgotPassword',
      remoteAddress: attacker,
      body: { p_email: DEMO_USERS.other.email },
    });
    expect(ask.status).toBe(200);
    const r = await s.inject({ method: 'GET', url: mailboxOf(DEMO_USERS.other.email), remoteAddress: attacker });
    expectErrorShape(r, 404, 'LOCAL_ONLY');
    expect(JSON.stringify(r.body)).not.toMatch(/\b\d{6}\b/);
    // The code exists (the machine itself can read it), so the refusal is what stops the attacker.
    expect((await s.call('GET', mailboxOf(DEMO_USERS.other.email))).body[0].subject).toMatch(/reset/i);
  });

  it('believes no forwarded header: a trusted proxy forwarding for 127.0.0.1 is still another machine', async () => {
    for (const headers of [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '::1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' },
    ] as Array<Record<string, string>>) {
      const r = await s.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '203.0.113.5', headers });
      expectErrorShape(r, 404, 'LOCAL_ONLY');
    }
  });

  it('answers loopback sockets over IPv4, IPv6 and IPv4-mapped IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect((await s.inject({ method: 'GET', url: '/api/dev/mailbox?limit=1', remoteAddress })).status, remoteAddress).toBe(200);
    }
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '::2', '128.0.0.1', '', undefined])
      expect(isLoopback(a), String(a)).toBe(false);
  });

  it('does not exist with DEV_MAILBOX=off, even on the machine itself', async () => {
    const off = await startTestServer({ devMailbox: false });
    try {
      expectErrorShape(await off.call('GET', '/api/dev/mailbox'), 404, 'NotFound');
    } finally {
      await off.stop();
    }
  });

  it('is off when DEV_MAILBOX=off, NODE_ENV=production or SMTP_URL is set, and on by default', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_CARD_PROVIDER: 'test-card' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.test:587' }).devMailbox).toBe(false);
  });
});
