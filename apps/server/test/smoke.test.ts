import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.stop());

describe('health and basics', () => {
  it('answers 200 on /healthz when the database answers', async () => {
    const r = await s.call('GET', '/healthz');
    expect(r.status).toBe(200);
  });
  it('logs the demo owner in and returns the profile with claims and voucher', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const r = await s.get('MyProfile', token);
    expect(r.status).toBe(200);
    expect(r.body[0].email).toBe(DEMO_USERS.demo.email);
    expect(r.body[0].claims).toContain('menu-see-users');
    expect(r.body[0].voucher.voucher).toBe('WELCOME10');
  });
});

describe('security headers', () => {
  it('sends a content security policy, nosniff and frame denial on API answers', async () => {
    const r = await s.call('GET', '/api/HostingLocations');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });
});
