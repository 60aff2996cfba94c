import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@portside/contract/errors';
import { CATALOGUE_TEXT_HEADER, parseCatalogueTexts } from '@portside/contract/rules/error-presentation';
import { Database } from '../src/db/database.js';
import { buildRegistry } from '../src/registry.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { closedPort, expectErrorShape, registerBody, startAppWith, type Answer } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ webDist: path.join(os.tmpdir(), 'portside-no-such-dist') });
});
afterAll(async () => s?.stop());

const raw = async (method: string, p: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> => {
  const res = await fetch(s.url + p, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
};
/** No stack frames, no SQL, no table or driver internals. */
const expectNothingLeaked = (r: Answer) => {
  const text = JSON.stringify(r.body);
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules/);
  expect(text).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE)\b/);
  expect(text).not.toMatch(/relation|hosting_locations|mail_outbox|postgres|syntax/i);
};

describe('the error shape', () => {
  it('has exactly code, message, hint and details on errors of every status class', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const cases: Array<[Promise<Answer>, number, string]> = [
      [s.rpc('register', {}), 400, 'VALIDATION_FAILED'],
      [s.get('HostingLocations?x=eq.1'), 400, 'UNKNOWN_COLUMN'],
      [s.get('MyProfile'), 401, 'JWT_MISSING'],
      [s.rpc('login', { p_email: DEMO_USERS.demo.email, p_password: 'nope' }), 401, 'INVALID_CREDENTIALS'],
      [s.get('Nope', token), 404, 'NotFound'],
      [s.rpc('ConfirmEmail', { p_email: DEMO_USERS.demo.email, p_otp: '123456' }), 409, 'ALREADY_CONFIRMED'],
      [s.rpc('register', registerBody({ p_voucher: 'UNKNOWN1' })), 422, 'VOUCHER_INVALID'],
    ];
    for (const [p, status, code] of cases) {
      const r = await p;
      expectErrorShape(r, status, code);
      expect(r.body.message).toBe(
        code === 'VALIDATION_FAILED' ? ERRORS.VALIDATION_FAILED.message : ERRORS[code as keyof typeof ERRORS].message,
      );
    }
  });

  it('answers an unknown /api path, rpc or method with 404 NotFound and hint Not Found', async () => {
    const answers = [
      await s.call('GET', '/api/NoSuchView'),
      await s.call('GET', '/api/rpc/login'),
      await s.call('POST', '/api/rpc/NoSuchRpc', { body: {} }),
      await s.call('POST', '/api/MyProfile', { body: {} }),
      await s.call('PUT', '/api/MyProfile', { body: {} }),
      await s.call('DELETE', '/api/HostingLocations'),
      await s.call('GET', '/api'),
      await s.call('GET', '/no-such-page'),
    ];
    for (const r of answers) {
      expectErrorShape(r, 404, 'NotFound');
      expect(r.body).toMatchObject({ code: 'NotFound', hint: 'Not Found' });
    }
  });

  it('answers /svc and /hubs paths with 404 in the shape for every method', async () => {
    for (const p of ['/svc', '/svc/x', '/svc/deposit/a/b', '/hubs', '/hubs/x', '/hubs/nope/negotiate', '/svc/notifications/x']) {
      for (const method of ['GET', 'POST']) {
        const r = await s.call(method, p, method === 'POST' ? { body: {} } : {});
        expectErrorShape(r, 404, 'NotFound');
        expect(r.body.hint).toBe('Not Found');
      }
    }
  });

  it('answers a malformed JSON body with 400 BAD_REQUEST', async () => {
    for (const body of ['{"p_email": ', '{p_email: 1}', 'nul']) {
      const r = await raw('POST', '/api/rpc/login', body, { 'content-type': 'application/json' });
      expectErrorShape(r, 400, 'BAD_REQUEST');
      expectNothingLeaked(r);
    }
  });

  it('answers a wrong content type, an empty JSON body and an oversized body with 400 BAD_REQUEST', async () => {
    const json = JSON.stringify({ p_email: DEMO_USERS.demo.email, p_password: DEMO_USERS.demo.password });
    for (const ct of ['text/plain', 'text/plain;charset=UTF-8', 'application/xml']) {
      const r = await raw('POST', '/api/rpc/login', json, { 'content-type': ct });
      expectErrorShape(r, 400, 'BAD_REQUEST');
      expect(r.body.hint).toContain('application/json');
    }
    expectErrorShape(
      await raw('POST', '/api/rpc/login', json, { 'content-type': 'application/x-www-form-urlencoded' }),
      400,
      'BAD_REQUEST',
    );
    expectErrorShape(await raw('POST', '/api/rpc/login', '', { 'content-type': 'application/json' }), 400, 'BAD_REQUEST');
    const huge = JSON.stringify({ p_email: 'a@b.cd', p_password: 'x'.repeat(1024 * 1024 + 10) });
    expectErrorShape(await raw('POST', '/api/rpc/login', huge, { 'content-type': 'application/json' }), 400, 'BAD_REQUEST');
  });

  it('answers a JSON body that is not an object with 400 VALIDATION_FAILED and a message key in the details', async () => {
    for (const body of ['[]', '"text"', '42']) {
      const r = await raw('POST', '/api/rpc/login', body, { 'content-type': 'application/json' });
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toBe('_root: invalid_data');
      expect(r.body.hint).toBe('Invalid data');
    }
  });
});

describe('which texts are the catalogue’s own (the header the web translates by)', () => {
  const own = (r: Answer) => parseCatalogueTexts(r.headers?.get(CATALOGUE_TEXT_HEADER));
  it('names the message and hint when both are the catalogue’s text for the code', async () => {
    const r = await raw('GET', '/api/MyProfile');
    expectErrorShape(r, 401, 'JWT_MISSING');
    expect(r.body.message).toBe(ERRORS.JWT_MISSING.message);
    expect(own(r)).toEqual({ message: true, hint: true });
  });

  it('leaves out a text the server wrote for this case', async () => {
    const json = JSON.stringify({ p_email: 'a@b.cd', p_password: 'x' });
    // BAD_REQUEST with a hint of its own (the content type): the message is the catalogue's, the hint is not.
    const r = await raw('POST', '/api/rpc/login', json, { 'content-type': 'text/plain' });
    expectErrorShape(r, 400, 'BAD_REQUEST');
    expect(own(r)).toEqual({ message: true, hint: false });
    // A body over the limit: the message is the server's own.
    const huge = JSON.stringify({ p_email: 'a@b.cd', p_password: 'x'.repeat(1024 * 1024 + 10) });
    const big = await raw('POST', '/api/rpc/login', huge, { 'content-type': 'application/json' });
    expect(big.body.message).not.toBe(ERRORS.BAD_REQUEST.message);
    expect(own(big).message).toBe(false);
  });
});

describe('failures of the server and the database', () => {
  it('answers 500 INTERNAL without a stack or SQL when a view’s query fails', async () => {
    const broken = await startTestServer();
    try {
      // Renamed away rather than dropped: clusters and VMs depend on it.
      await broken.db.owner.query('ALTER TABLE hosting_locations RENAME TO hosting_locations_gone');
      const r = await broken.get('HostingLocations');
      expectErrorShape(r, 500, 'INTERNAL');
      expect(r.body.details).toBeNull();
      expectNothingLeaked(r);
      await broken.db.owner.query('DROP TABLE mail_outbox');
      const reg = await broken.rpc('register', registerBody());
      expectErrorShape(reg, 500, 'INTERNAL');
      expectNothingLeaked(reg);
    } finally {
      await broken.stop();
    }
  });

  it('answers /readyz with 503 NOT_READY and calls with 503 DATABASE_UNAVAILABLE when the database is unreachable', async () => {
    const db = new Database(`postgres://postgres@127.0.0.1:${await closedPort()}/portside`, null);
    const app = await startAppWith(s, buildRegistry(), db);
    try {
      // Alive (the process answers) but not ready: the balancer sends no traffic here.
      expect((await app.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
      const h = await app.call('GET', '/readyz');
      expectErrorShape(h, 503, 'NOT_READY');
      expect(h.body.details).toMatch(/^database: not answering/);
      for (const r of [
        await app.call('GET', '/api/HostingLocations'),
        await app.call('POST', '/api/rpc/login', { body: { p_email: 'a@b.cd', p_password: 'x' } }),
      ]) {
        expectErrorShape(r, 503, 'DATABASE_UNAVAILABLE');
        expectNothingLeaked(r);
      }
    } finally {
      await app.close();
      await db.close();
    }
    expect((await s.call('GET', '/healthz')).body).toEqual({ status: 'ok' });
  });
});

describe('the single-page app fallback', () => {
  it('serves index.html for other GET paths when the web app is built, and keeps API misses as JSON 404', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'portside-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portside SPA</title>');
    const spa = await startTestServer({ webDist: dist });
    try {
      const page = await spa.call('GET', '/dashboard');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.body).toContain('Portside SPA');
      for (const r of [
        await spa.call('GET', '/api/Nope'),
        await spa.call('GET', '/svc/x'),
        await spa.call('GET', '/missing.js'),
        await spa.call('POST', '/dashboard', { body: {} }),
      ]) {
        expectErrorShape(r, 404, 'NotFound');
      }
      expect((await spa.get('HostingLocations')).status).toBe(200);
    } finally {
      await spa.stop();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
