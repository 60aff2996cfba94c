import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRegistry } from '../src/registry.js';
import { auditTargetOf } from '../src/modules/audit/audit-log.js';
import { formatTarget, target } from '../src/modules/audit/audit-target.js';
import type { UserPrincipal } from '../src/http/principal.js';
import { customer } from '../src/http/access.js';
import { defineRpc, type AnyRpc, type Registry } from '../src/routes/route-defs.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, scalar, startAppWith } from './factories.js';

/**
 * Non-public rpcs that change nothing and so write no log entry. Add a name here only with a
 * reason; everything else that an account calls must set `audit: true`.
 */
const AUDIT_OPT_OUT: Record<string, string> = {
  MyLogoutTime: 'a read in rpc form (spec 2 §7 "POST MyLogoutTime")',
  RefreshToken: 'renews the token of the session the caller already holds; changes no account data',
  VmGraphData: 'a read of metrics in rpc form; changes nothing',
  PaymentStatus:
    'a read the return pages poll; an outcome it applies is logged by the settlement itself (PaymentReceived/PaymentFailed/PaymentCancelled)',
  OrderQuote: 'a price quote of the builder in rpc form (asked on every change); changes nothing',
  MyServicesHistory: 'a read in rpc form (spec 2 §7 lists it under Account calls); changes nothing',
  VmUpgradeGetModels: 'a read of the models a server can be upgraded to, with their prices; changes nothing',
  GetIPsFromIpset: 'a read of an IP set\u2019s entries in rpc form (spec 2 §7); changes nothing',
  ServerAdditionalSubnets: 'a read of a dedicated server\u2019s additional addresses in rpc form (spec 2 §7); changes nothing',
};

let s: TestServer;
let ownerA: string;
let ownerB: string;
let A: { userId: string; clientId: string };
let B: { userId: string; clientId: string };

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  A = await idsOf(s, DEMO_USERS.demo.email);
  B = await idsOf(s, DEMO_USERS.other.email);
  ownerA = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  ownerB = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  // A known history for A: 30 entries, one minute apart, ending an hour ago.
  await s.db.owner.query(
    `INSERT INTO audit_log (client_id, user_id, actor_email, action, target, result, ip, created_at)
     SELECT $1, $2, $3, CASE WHEN g % 3 = 0 THEN 'VmStart' ELSE 'UpdateMyUser' END, 'x' || g || '@example.test',
            CASE WHEN g % 5 = 0 THEN 'error' ELSE 'ok' END, '192.0.2.' || g, now() - interval '1 hour' - make_interval(mins => 30 - g)
       FROM generate_series(1, 30) g`,
    [A.clientId, A.userId, DEMO_USERS.demo.email],
  );
});
afterAll(async () => s?.stop());

const logs = async (token: string, qs = '', headers?: Record<string, string>) => {
  const r = await s.get(`MyLogs?${qs}`, token, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r;
};

describe('MyLogs', () => {
  it('needs logs-see: a sub-user without it gets 403, with it the account’s log', async () => {
    const no = await createSubUser(s, A.clientId, { claims: ['menu-see-users'] });
    expectErrorShape(await s.get('MyLogs', await s.login(no.email, no.password)), 403, 'CLAIM_REQUIRED');
    const yes = await createSubUser(s, A.clientId, { claims: ['logs-see'] });
    const rows = (await logs(await s.login(yes.email, yes.password), 'action=eq.login')).body;
    expect(rows.map((e: { actor_email: string }) => e.actor_email)).toEqual(
      expect.arrayContaining([yes.email, DEMO_USERS.demo.email]),
    );
  });

  it('shows only the own account’s entries, newest first, with exactly the documented columns', async () => {
    const rows = (await logs(ownerA, 'limit=1000')).body as Array<Record<string, unknown>>;
    expect(Object.keys(rows[0]!).sort()).toEqual(['action', 'actor_email', 'created_at', 'id', 'ip', 'result', 'target']);
    expect(rows.some((e) => e.actor_email === DEMO_USERS.other.email)).toBe(false);
    const times = rows.map((e) => Date.parse(e.created_at as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const bRows = (await logs(ownerB, 'limit=1000')).body as Array<Record<string, unknown>>;
    expect(bRows.length).toBeGreaterThan(0);
    expect(bRows.every((e) => e.actor_email === DEMO_USERS.other.email)).toBe(true);
  });

  it('filters by action and result and pages 25 at a time with an exact count', async () => {
    const first = await logs(ownerA, 'action=eq.UpdateMyUser&limit=25&offset=0', { prefer: 'count=exact' });
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('content-range')).toBe('0-19/20');
    const errors = await logs(ownerA, 'action=in.(UpdateMyUser,VmStart)&result=eq.error', { prefer: 'count=exact' });
    expect(errors.headers.get('content-range')).toBe('0-5/6');
    const page2 = await logs(ownerA, 'target=like.x*&limit=25&offset=25', { prefer: 'count=exact' });
    expect(page2.body.map((e: { target: string }) => e.target)).toEqual([
      'x5@example.test',
      'x4@example.test',
      'x3@example.test',
      'x2@example.test',
      'x1@example.test',
    ]);
    expect(page2.headers.get('content-range')).toBe('25-29/30');
  });

  it('filters by a date range given as two conditions on created_at (from inclusive, to exclusive)', async () => {
    const at = async (g: number) =>
      (
        (await s.db.owner.query(`SELECT created_at FROM audit_log WHERE target = $1`, [`x${g}@example.test`])).rows[0]
          .created_at as Date
      ).toISOString();
    const rows = (await logs(ownerA, `created_at=gte.${await at(3)}&created_at=lt.${await at(8)}`)).body;
    expect(rows.map((e: { target: string }) => e.target)).toEqual([7, 6, 5, 4, 3].map((g) => `x${g}@example.test`));
    expectErrorShape(await s.get('MyLogs?created_at=gte.yesterday', ownerA), 400, 'BAD_FILTER_VALUE');
  });
});

describe('the log cannot be changed by customers', () => {
  it('has no route that writes it: only GET MyLogs exists', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect((await s.call(method, '/api/MyLogs', { token: ownerA, body: {} })).status, method).toBe(404);
    }
    const names = [...buildRegistry().rpcs.map((r) => r.name)];
    expect(names.filter((n) => /logs|audit/i.test(n))).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on audit_log to the application role, even for the own account', async () => {
    const n = await scalar(s, 'SELECT count(*) FROM audit_log WHERE client_id = $1', [A.clientId]);
    for (const sql of [`UPDATE audit_log SET result = 'ok'`, 'DELETE FROM audit_log', 'TRUNCATE audit_log']) {
      const err = await s.db
        .run({ kind: 'tenant', clientId: A.clientId, userId: A.userId }, (tx) => tx.query(sql))
        .then(
          () => null,
          (e) => e,
        );
      expect(err?.code, sql).toBe('42501');
    }
    expect(await scalar(s, 'SELECT count(*) FROM audit_log WHERE client_id = $1', [A.clientId])).toBe(n);
  });

  it('refuses an entry written into another account by the application role', async () => {
    const err = await s.db
      .run({ kind: 'tenant', clientId: A.clientId, userId: A.userId }, (tx) =>
        tx.query(`INSERT INTO audit_log (client_id, action, result) VALUES ($1, 'forged', 'ok')`, [B.clientId]),
      )
      .then(
        () => null,
        (e) => e,
      );
    expect(err?.code).toBe('42501');
  });
});

describe('every mutating call is logged', () => {
  it('sets audit: true on every non-public rpc of the registry (opt-outs only with a reason)', () => {
    const missing = buildRegistry().rpcs.filter((r) => r.access.kind !== 'public' && !r.audit && !(r.name in AUDIT_OPT_OUT));
    expect(missing.map((r) => r.name)).toEqual([]);
    const stale = Object.keys(AUDIT_OPT_OUT).filter((n) => !buildRegistry().rpcs.some((r) => r.name === n && !r.audit));
    expect(stale).toEqual([]);
  });

  it('declares what it touched (auditTarget) on every audited rpc of the registry', () => {
    const untargeted = (rpcs: readonly AnyRpc[]) => rpcs.filter((r) => r.audit && !r.auditTarget).map((r) => r.name);
    // The walk finds an audited rpc without a target (a probe of this test)...
    const probe = defineRpc({
      name: 'ProbeUntargeted',
      access: customer,
      audit: true,
      schema: z.object({}),
      handler: async () => null,
    });
    expect(untargeted([...buildRegistry().rpcs, probe])).toContain('ProbeUntargeted');
    // ...and the registry has none.
    expect(untargeted(buildRegistry().rpcs)).toEqual([]);
  });

  it('declares auditTarget only on audited rpcs', () => {
    expect(
      buildRegistry()
        .rpcs.filter((r) => r.auditTarget && !r.audit)
        .map((r) => r.name),
    ).toEqual([]);
  });

  it('writes the target the rpc names, or none, and never loses the entry over a broken auditTarget', async () => {
    const probe = (name: string, auditTarget?: AnyRpc['auditTarget']): AnyRpc =>
      defineRpc({
        name,
        access: customer,
        audit: true,
        schema: z.object({ p_x: z.string() }),
        auditTarget,
        handler: async () => ({ ok: true }),
      });
    const registry: Registry = {
      views: [],
      rpcs: [
        ...buildRegistry().rpcs,
        probe('ProbeTarget', (b) => `thing ${(b as { p_x: string }).p_x}`),
        probe('ProbeNoTarget'),
        probe('ProbeBrokenTarget', () => {
          throw new Error('boom');
        }),
      ],
    };
    const app = await startAppWith(s, registry);
    try {
      const token = await app.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
      for (const n of ['ProbeTarget', 'ProbeNoTarget', 'ProbeBrokenTarget']) {
        expect((await app.call('POST', `/api/rpc/${n}`, { token, body: { p_x: 'a1' } })).status).toBe(200);
      }
      const rows = (await logs(ownerB, 'action=like.Probe*&order=id.asc')).body;
      expect(rows.map((e: { action: string; target: string | null }) => [e.action, e.target])).toEqual([
        ['ProbeTarget', 'thing a1'],
        ['ProbeNoTarget', null],
        ['ProbeBrokenTarget', null],
      ]);
    } finally {
      await app.close();
    }
    const caller = { kind: 'user', userId: B.userId, clientId: B.clientId, email: DEMO_USERS.other.email } as UserPrincipal;
    expect(
      await auditTargetOf(
        s.db,
        probe('P', () => 'y'.repeat(900)),
        caller,
        { p_x: '' },
      ),
    ).toHaveLength(500);
  });
});

describe('the log names what each call touched', () => {
  const lastTarget = async (action: string) =>
    (
      (await logs(ownerB, `action=eq.${action}&order=id.desc&limit=1`)).body as Array<{ target: string | null; result: string }>
    )[0];

  it('writes names and ids as `kind "name" (#id)`, refs joined with commas and text parts with spaces', () => {
    const names = new Map([['project:3', 'web']]);
    expect(formatTarget([target('project', 3)], names)).toBe('project "web" (#3)');
    expect(formatTarget([target('project', 4)], names)).toBe('project #4');
    expect(formatTarget([target('project', null, 'db')])).toBe('project "db"');
    expect(formatTarget([target('server', 1, 'a'), target('server', 2, 'b'), '→', target('project', 3)], names)).toBe(
      'server "a" (#1), server "b" (#2) → project "web" (#3)',
    );
    expect(formatTarget([])).toBeNull();
  });

  it('names a new project by name and id, a renamed one by its old name, and a deleted one by the name it had', async () => {
    const added = await s.rpc('AddMyProject', { p_name: 'audit-web' }, ownerB);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = (added.body as { project: number }).project;
    expect(await lastTarget('AddMyProject')).toEqual(
      expect.objectContaining({ target: `project "audit-web" (#${id})`, result: 'ok' }),
    );

    expect((await s.rpc('UpdateProjectName', { p_project: id, p_name: 'audit-api' }, ownerB)).status).toBe(200);
    expect((await lastTarget('UpdateProjectName'))?.target).toBe(`project "audit-web" (#${id}) → "audit-api"`);

    expect((await s.rpc('DeleteMyProject', { p_project: id }, ownerB)).status).toBe(200);
    expect((await lastTarget('DeleteMyProject'))?.target).toBe(`project "audit-api" (#${id})`);

    // A failed creation names what it tried to make; there is no id.
    await s.rpc('AddMyProject', { p_name: 'audit-twice' }, ownerB);
    expect((await s.rpc('AddMyProject', { p_name: 'audit-twice' }, ownerB)).status).not.toBe(200);
    expect(await lastTarget('AddMyProject')).toEqual(
      expect.objectContaining({ target: 'project "audit-twice"', result: 'error' }),
    );
  });

  it('names a user by username (the e-mail), and a new one with its id too', async () => {
    const sub = await createSubUser(s, B.clientId, { claims: [] });
    expect((await s.rpc('UserBlockToggle', { p_user: sub.email }, ownerB)).status).toBe(200);
    expect((await lastTarget('UserBlockToggle'))?.target).toBe(`user "${sub.email}"`);
    expect((await s.rpc('GrantClaimsToMyUser', { p_user: sub.email, p_claims: ['logs-see'] }, ownerB)).status).toBe(200);
    expect((await lastTarget('GrantClaimsToMyUser'))?.target).toBe(`user "${sub.email}" (logs-see)`);
  });

  it('never names another account’s thing: a project id of A in B’s call stays a bare id', async () => {
    const a = await s.rpc('AddMyProject', { p_name: 'audit-secret' }, ownerA);
    const id = (a.body as { project: number }).project;
    await s.rpc('DeleteMyProject', { p_project: id }, ownerB);
    expect((await lastTarget('DeleteMyProject'))?.target).toBe(`project #${id}`);
  });
});
