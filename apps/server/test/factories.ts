import crypto from 'node:crypto';
import net from 'node:net';
import { expect } from 'vitest';
import type { RegisterInput } from '@portside/contract/schemas/auth';
import { buildApp } from '../src/app/build-app.js';
import type { Registry } from '../src/routes/route-defs.js';
import { createMailer } from '../src/drivers/mail/mailer.js';
import { hashPassword } from '../src/modules/auth/auth.service.js';
import { fromStrings } from '../src/secrets.js';
import { httpCaller, type Answer, type TestServer } from './harness.js';

export type { Answer };

/** A rate limit so generous that only the rate-limit tests ever meet it. */
export const NO_RATE_LIMIT = { windowSeconds: 900, perIp: 100_000, perAccount: 100_000, baseDelayMs: 0, maxDelayMs: 0 };

export const uniqueEmail = (tag = 'user') => `${tag}-${crypto.randomBytes(5).toString('hex')}@example.test`;

/** A complete, valid registration body; `over` replaces fields. */
export function registerBody(over: Partial<RegisterInput> = {}): RegisterInput {
  return {
    p_first_name: 'Rita',
    p_last_name: 'Register',
    p_email: uniqueEmail('reg'),
    p_password: 'secret1',
    p_password_confirm: 'secret1',
    p_company_name: '',
    p_address: 'Rua Nova 1',
    p_address2: '',
    p_city: 'Porto',
    p_country: 'PT',
    p_phone_prefix: '+351',
    p_phone_number: '912000000',
    p_state: 'Porto',
    p_postcode: '4000-001',
    p_vat_number: '',
    p_voucher: '',
    ...over,
  };
}

/** The six-digit code of the newest mail to `to`. */
export async function mailedCode(s: TestServer, to: string): Promise<string> {
  const mail = await s.lastMail(to);
  const m = /\b(\d{6})\b/.exec(mail?.text ?? '');
  if (!m) throw new Error(`no code mailed to ${to}: ${JSON.stringify(mail)}`);
  return m[1]!;
}

/** Registers, confirms with the mailed code and logs in. */
export async function newAccount(s: TestServer, over: Partial<RegisterInput> = {}) {
  const body = registerBody(over);
  const r = await s.rpc('register', body);
  if (r.status !== 200) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
  const email = body.p_email.toLowerCase();
  const c = await s.rpc('ConfirmEmail', { p_email: email, p_otp: await mailedCode(s, email) });
  if (c.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(c.body)}`);
  const token = await s.login(email, body.p_password);
  return { email, password: body.p_password, token, ...(await idsOf(s, email)) };
}

/** The user and client id of an address (owner pool, no row-level security). */
export async function idsOf(s: TestServer, email: string): Promise<{ userId: string; clientId: string }> {
  const r = await s.db.owner.query<{ id: string; client_id: string }>(
    `SELECT id, client_id FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  if (!r.rows[0]) throw new Error(`no user ${email}`);
  return { userId: r.rows[0].id, clientId: r.rows[0].client_id };
}

/** A single number from SQL run as the owner, e.g. a row count. */
export async function scalar(s: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const r = await s.db.owner.query(sql, params);
  return Number(Object.values(r.rows[0] as object)[0]);
}

/** A confirmed sub-user (not the owner) of `clientId`, with exactly the given claims and roles. */
export async function createSubUser(
  s: TestServer,
  clientId: string,
  opts: { email?: string; password?: string; claims?: string[]; roles?: string[] } = {},
): Promise<{ email: string; password: string; userId: string }> {
  const email = opts.email ?? uniqueEmail('sub');
  const password = opts.password ?? 'subpass1';
  const u = await s.db.owner.query<{ id: string }>(
    `INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner, email_confirmed_at, roles)
     VALUES ($1, $2, $3, 'Sub', 'User', false, now(), $4) RETURNING id`,
    [clientId, email, await hashPassword(password), opts.roles ?? []],
  );
  const userId = u.rows[0]!.id;
  for (const claim of opts.claims ?? []) {
    await s.db.owner.query(`INSERT INTO user_claims (user_id, client_id, claim) VALUES ($1, $2, $3)`, [userId, clientId, claim]);
  }
  return { email, password, userId };
}

/** Asserts the catalogue's error shape: exactly code, message, hint, details. */
export function expectErrorShape(r: Answer, status: number, code?: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('content-type') ?? '').toMatch(/application\/json/);
  expect(Object.keys(r.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(typeof r.body.message).toBe('string');
  if (code) expect(r.body.code).toBe(code);
}

/** The `p_field: key` lines of a VALIDATION_FAILED answer. */
export function detailLines(r: Answer): string[] {
  expect(r.body.code, JSON.stringify(r.body)).toBe('VALIDATION_FAILED');
  return String(r.body.details ?? '').split('\n');
}

/** A TCP port on loopback that nothing listens on. */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((ok) => srv.close(() => ok()));
  return port;
}

/**
 * A second app over real HTTP on the same database as `s`, built with another registry (for
 * probing the access rules with routes the real registry does not have yet). It has its own JWT
 * key, so log in through it.
 */
export async function startAppWith(s: TestServer, registry: Registry, db = s.db) {
  const secrets = fromStrings(crypto.randomBytes(24).toString('hex'), crypto.randomBytes(24).toString('hex'), 'unused');
  const app = await buildApp(
    { config: s.config, db, secrets, mailer: createMailer(db, { smtpUrl: null, from: 'test@portside.test' }) },
    registry,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  const call = httpCaller(url);
  return {
    url,
    call,
    async login(email: string, password: string): Promise<string> {
      const r = await call('POST', '/api/rpc/login', { body: { p_email: email, p_password: password } });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    },
    close: () => app.close(),
  };
}
