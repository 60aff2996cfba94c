/**
 * What every answer carries whatever the route: no cache keeps account data, and requests refused
 * before they reach a route (too long a query string, too large headers) still get the catalogue's
 * error shape instead of Node's or Fastify's own bodies.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape } from './factories.js';

let s: TestServer;
let web: string;
beforeAll(async () => {
  // A built app of our own, so the static files' caching is tested whatever is in apps/web/dist.
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-web-'));
  await fs.mkdir(path.join(web, 'assets'));
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>Portside</title>');
  await fs.writeFile(path.join(web, 'assets', 'app-0123abcd.js'), 'console.log(1)');
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT, webDist: web });
});
afterAll(async () => {
  await s?.stop();
  await fs.rm(web, { recursive: true, force: true });
});

describe('caching', () => {
  it('sends Cache-Control: no-store on API reads, calls, errors and the service host', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const answers = [
      await s.get('MyProfile', token),
      await s.get('HostingLocations'),
      await s.rpc('login', { p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password }),
      await s.get('MyProfile'),
      await s.call('GET', '/api/openapi.json'),
      await s.call('GET', '/svc/nowhere'),
      await s.call('GET', '/healthz'),
    ];
    for (const r of answers)
      expect(r.headers.get('cache-control'), `${r.status} ${JSON.stringify(r.body).slice(0, 60)}`).toBe('no-store');
  });

  it('keeps the hashed build files immutable and the app’s HTML revalidated', async () => {
    expect((await s.call('GET', '/assets/app-0123abcd.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await s.call('GET', '/dashboard')).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('requests refused before a route', () => {
  it('answers a query string over 8 KiB with 414 URI_TOO_LONG in the error shape', async () => {
    const r = await s.get(`HostingLocations?id=in.(${'a,'.repeat(4200)}b)`);
    expectErrorShape(r, 414, 'URI_TOO_LONG');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('answers headers over Node’s limit with 431 HEADERS_TOO_LARGE in the error shape, not Node’s own body', async () => {
    const r = await s.get(`HostingLocations?id=in.(${'a,'.repeat(9000)}b)`);
    expectErrorShape(r, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers bytes that are not HTTP with 400 BAD_REQUEST in the error shape', async () => {
    const net = await import('node:net');
    const url = new URL(s.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const sock = net.connect(Number(url.port), url.hostname, () => sock.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      sock.on('data', (d) => (data += d.toString()));
      sock.on('end', () => resolve(data));
      sock.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe('BAD_REQUEST');
  });
});
