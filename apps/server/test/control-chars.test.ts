/**
 * NUL and other control characters (issue 11): PostgreSQL cannot hold NUL in text (22021), which
 * used to crash calls with 500. Every rpc body and every filter value of every view refuses them
 * with 400 VALIDATION_FAILED, naming the field, before anything runs — so nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OPERATOR_CLAIMS } from '@portside/contract/constants';
import { buildRegistry } from '../src/registry.js';
import { customer, rolesOf, type Access } from '../src/http/access.js';
import { defineRpc } from '../src/routes/route-defs.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, scalar, startAppWith } from './factories.js';

let s: TestServer;
const tokens: Record<'demo' | 'staff' | 'finance', string> = { demo: '', staff: '', finance: '' };
const registry = buildRegistry();

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  for (const who of ['demo', 'staff', 'finance'] as const)
    tokens[who] = await s.login(DEMO_USERS[who].email, DEMO_USERS[who].password);
});
afterAll(() => s.stop());

/**
 * A token that passes the route's access, or none for public routes: the owner holds every
 * customer claim; staff hold the operators' claims (OPERATOR_CLAIMS) and the staff role.
 */
function tokenFor(access: Access): string | undefined {
  if (access.kind === 'public') return undefined;
  if (access.kind === 'role') return rolesOf(access).includes('staff') ? tokens.staff : tokens.finance;
  if (access.kind === 'claim' && (OPERATOR_CLAIMS as readonly string[]).includes(access.claim)) return tokens.staff;
  return tokens.demo;
}

/** The first field the rpc's schema names (so the refusal is about a real field), else a made-up one. */
function firstField(schema: z.ZodType): string {
  return schema instanceof z.ZodObject ? (Object.keys(schema.shape)[0] ?? 'p_text') : 'p_text';
}

const BAD = ['\u0000', '\u0007', '\u001b[31m', '\u007f'];

describe('control characters in rpc bodies', () => {
  it('refuses NUL in a field of every rpc with 400 VALIDATION_FAILED naming the field, and logs nothing', async () => {
    const before = await scalar(s, `SELECT count(*)::int FROM audit_log`);
    const wrong: string[] = [];
    for (const rpc of registry.rpcs) {
      const field = firstField(rpc.schema);
      const body = { [field]: `name\u0000; DROP TABLE users` };
      // An update served by PATCH on its view (MyIpsets) is called there, naming a row.
      const r = rpc.patch
        ? await s.call('PATCH', `/api/${rpc.patch.view}?${rpc.patch.key}=eq.1`, { token: tokenFor(rpc.access), body })
        : await s.rpc(rpc.name, body, tokenFor(rpc.access));
      if (r.status !== 400 || r.body.code !== 'VALIDATION_FAILED' || r.body.details !== `${field}: control_characters`)
        wrong.push(`${rpc.name}: ${r.status} ${JSON.stringify(r.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(await scalar(s, `SELECT count(*)::int FROM audit_log`)).toBe(before);
  });

  it('refuses every other C0 control and DEL, nested in lists and as keys, but keeps tabs and line breaks', async () => {
    for (const c of BAD) {
      const r = await s.rpc('login', { p_email: `demo${c}@portside.test`, p_password: 'x' });
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toBe('p_email: control_characters');
    }
    const nested = await s.rpc('CreateOrder', { p_items: [{ hostname: 'ok' }, { hostname: 'a\u0000' }] }, tokens.demo);
    expect(nested.body.details).toBe('p_items: control_characters');
    const key = await s.rpc('ProfileUpdateTimeout', { 'p_\u0000': 1 }, tokens.demo);
    expect(key.body.details).toBe('p_\u0000: control_characters');
    // A line break is text, not a control character to refuse: the call reaches its own rules.
    const br = await s.rpc('login', { p_email: 'demo@portside.test', p_password: 'two\nlines' });
    expectErrorShape(br, 401, 'INVALID_CREDENTIALS');
  });
});

describe('control characters in filter values', () => {
  it('refuses NUL in eq, ilike and in filters on every column of every view with 400 VALIDATION_FAILED', async () => {
    const wrong: string[] = [];
    for (const view of registry.views) {
      if (view.enabled && !view.enabled(s.config)) continue;
      for (const col of Object.keys(view.columns)) {
        for (const filter of ['eq.%00', 'ilike.*a%00*', 'in.(a,%00)', 'neq.%1B']) {
          const r = await s.call('GET', `/api/${view.name}?${col}=${filter}`, { token: tokenFor(view.access) });
          if (r.status !== 400 || r.body.code !== 'VALIDATION_FAILED' || r.body.details !== `${col}: control_characters`)
            wrong.push(`${view.name}?${col}=${filter}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Four requests per column of every view, one after the other: it grows with the registry.
  }, 120_000);

  it('refuses NUL in a file id', async () => {
    for (const file of registry.files ?? []) {
      const r = await s.call('GET', `/api/${file.name}/1%00`, { token: tokenFor(file.access) });
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('NUL that reaches PostgreSQL anyway', () => {
  it('answers 400 VALIDATION_FAILED in the error shape, not a 500', async () => {
    const probe = defineRpc({
      name: 'ProbeNul',
      access: customer,
      schema: z.object({}),
      // The handler itself hands PostgreSQL a NUL: only the error mapping stands between it and a 500.
      handler: (ctx) => ctx.db.system((tx) => tx.query(`SELECT $1::text AS t`, ['a\u0000b'])),
    });
    const app = await startAppWith(s, { views: [], rpcs: [...registry.rpcs.filter((r) => r.name === 'login'), probe] });
    try {
      const token = await app.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      const r = await app.call('POST', '/api/rpc/ProbeNul', { token, body: {} });
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
    } finally {
      await app.close();
    }
  });
});
