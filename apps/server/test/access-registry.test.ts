import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLAIMS, CUSTOMER_CLAIMS, ROLES } from '@portside/contract/constants';
import { buildRegistry } from '../src/registry.js';
import {
  accessLabel,
  claim,
  owner,
  publicAccess,
  role,
  rolesOf,
  type Access,
  type TokenNeed,
  type UserAccess,
} from '../src/http/access.js';
import { scopeAllows } from '@portside/contract/rules/api-token-scopes';
import { defineRpc, defineView, type Registry } from '../src/routes/route-defs.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, startAppWith, type Answer } from './factories.js';

interface Who {
  name: string;
  /** A personal API token's scopes: the walk then also expects 403 API_TOKEN_SCOPE where they do not reach. */
  tokenScopes?: string[];
  token?: string;
  /** Logs this principal in again (a fresh session): after a route that ends the caller's session. */
  relogin?: () => Promise<string>;
  /** The account's owner (owner routes are theirs alone). */
  isOwner: boolean;
  claims: Set<string>;
  roles: Set<string>;
}
type Caller = (method: string, p: string, opts?: { token?: string; body?: unknown }) => Promise<Answer>;

/** The refusal a logged-in principal gets from a route it may not call, by the route's access kind. */
const REFUSAL: Record<Exclude<UserAccess['kind'], 'customer'>, [number, string]> = {
  // Not a 403: the web ends the session on 401/403, and a sub-user's session is not to end.
  owner: [422, 'OWNER_REQUIRED'],
  claim: [403, 'CLAIM_REQUIRED'],
  role: [403, 'ROLE_REQUIRED'],
};

/** True when the route's declared access lets a logged-in principal in. */
function mayCall(access: Access, who: Who): boolean {
  return (
    access.kind === 'customer' ||
    (access.kind === 'owner' && who.isOwner) ||
    (access.kind === 'claim' && who.claims.has(access.claim)) ||
    (access.kind === 'role' && rolesOf(access).some((r) => who.roles.has(r)))
  );
}

/** What a principal must get from a route, derived only from the route's declared access. */
function problem(access: Access, who: Who, status: number, code: unknown): string | null {
  const denied = status === 401 || status === 403 || code === 'OWNER_REQUIRED';
  if (access.kind === 'public') return denied ? `public route answered ${status}` : null;
  if (!who.token) return status === 401 ? null : `expected 401, got ${status}`;
  if (access.kind === 'customer' || mayCall(access, who))
    return denied ? `allowed principal got ${status} ${String(code)}` : null;
  const [wantStatus, wantCode] = REFUSAL[access.kind];
  return status === wantStatus && code === wantCode ? null : `expected ${wantStatus} ${wantCode}, got ${status} ${String(code)}`;
}

/**
 * What a personal API token must get from a route its user may call: the route's answer when its
 * scopes reach the route's area and mode, else 403 API_TOKEN_SCOPE (routes without an area: always).
 */
function tokenProblem(need: TokenNeed, who: Who, status: number, code: unknown): string | null {
  if (!who.tokenScopes) return null;
  const allowed = scopeAllows(who.tokenScopes, need.area, need.mode);
  if (allowed) return status === 401 || status === 403 ? `token with its scope got ${status} ${String(code)}` : null;
  return status === 403 && code === 'API_TOKEN_SCOPE' ? null : `expected 403 API_TOKEN_SCOPE, got ${status} ${String(code)}`;
}

/** A route's token need (typed, so the walk's route list keeps its modes). */
const needOf = (area: TokenNeed['area'], mode: TokenNeed['mode']): TokenNeed => ({ area, mode });

/** Calls every enabled view (GET) and every rpc (POST {}) as every principal; lists what went wrong. */
async function walk(registry: Registry, call: Caller, whos: Who[], s: TestServer) {
  const failures: string[] = [];
  const answers = new Map<string, Answer>();
  let calls = 0;
  for (const who of whos) {
    const routes = [
      ...registry.views
        .filter((v) => !v.enabled || v.enabled(s.config))
        .map((v) => ({ kind: 'view', name: v.name, access: v.access, need: needOf(v.tokenArea, 'read') })),
      ...registry.rpcs.map((r) => ({
        kind: r.patch ? 'patch' : r.post ? 'post' : 'rpc',
        name: r.patch ? `${r.patch.view}?${r.patch.key}=eq.1` : r.post ? r.post.view : r.name,
        access: r.access,
        endsSession: r.endsSession === true,
        need: needOf(r.tokenArea, r.tokenMode ?? 'write'),
      })),
      // Binary reads are asked for an id that does not exist: allowed callers get 404, others 401/403.
      ...(registry.files ?? []).map((f) => ({
        kind: 'file',
        name: f.name,
        access: f.access,
        need: needOf(f.tokenArea, 'read'),
      })),
    ];
    for (const route of routes) {
      const r =
        route.kind === 'view'
          ? await call('GET', `/api/${route.name}`, { token: who.token })
          : route.kind === 'file'
            ? await call('GET', `/api/${route.name}/0`, { token: who.token })
            : route.kind === 'patch'
              ? await call('PATCH', `/api/${route.name}`, { token: who.token, body: {} })
              : route.kind === 'post'
                ? await call('POST', `/api/${route.name}`, { token: who.token, body: {} })
                : await call('POST', `/api/rpc/${route.name}`, { token: who.token, body: {} });
      calls++;
      if (route.kind === 'view') answers.set(`${who.name}:${route.name}`, r);
      const code = (r.body as { code?: unknown } | null)?.code;
      // A token's user must be let in first (claims, owner, role); then its scopes must reach the route.
      const p =
        who.tokenScopes && route.access.kind !== 'public' && mayCall(route.access, who)
          ? tokenProblem(route.need, who, r.status, code)
          : problem(route.access, who, r.status, code);
      if (p)
        failures.push(
          `${route.kind} ${route.name} (${accessLabel(route.access)}) as ${who.name}: ${p} ${JSON.stringify(r.body).slice(0, 120)}`,
        );
      if (r.status >= 500) failures.push(`${route.kind} ${route.name} as ${who.name}: server error ${r.status}`);
      if (
        r.status >= 400 &&
        Object.keys(r.body ?? {})
          .sort()
          .join() !== 'code,details,hint,message'
      )
        failures.push(`${route.name} as ${who.name}: error not in the shape`);
      // A route declared to end the caller's session (Logout) really does so when it succeeds, and
      // the walk goes on in a new session: the refusals that would follow are not access bugs.
      // Routes not declared so cannot end it unnoticed: every later call of the walk would fail.
      if ('endsSession' in route && route.endsSession && r.status < 300 && who.token && who.relogin) {
        const after = await call('GET', '/api/MyProfile', { token: who.token });
        if (after.status !== 401)
          failures.push(`rpc ${route.name} as ${who.name}: declared endsSession, but the token still works (${after.status})`);
        who.token = await who.relogin();
      }
    }
  }
  return { failures, answers, calls };
}

let s: TestServer;
let whos: Who[];
let subNoClaims: { email: string; password: string };

/** Ownership, claims and roles straight from the database plus the contract's rule that owners hold every customer claim. */
async function principal(name: string, token: string | undefined, email?: string): Promise<Who> {
  if (!email) return { name, token, isOwner: false, claims: new Set(), roles: new Set() };
  const u = (await s.db.owner.query(`SELECT id, is_owner, roles FROM users WHERE lower(email) = lower($1)`, [email])).rows[0];
  const granted = (await s.db.owner.query(`SELECT claim FROM user_claims WHERE user_id = $1`, [u.id])).rows.map(
    (r) => r.claim as string,
  );
  return {
    name,
    token,
    isOwner: u.is_owner === true,
    claims: new Set([...granted, ...(u.is_owner ? CUSTOMER_CLAIMS : [])]),
    roles: new Set(u.roles as string[]),
  };
}

async function principals(login: (email: string, password: string) => Promise<string>): Promise<Who[]> {
  const users: Array<[string, { email: string; password: string }]> = [
    ['customer A', DEMO_USERS.demo],
    ['customer B', DEMO_USERS.other],
    ['sub-user without claims', subNoClaims],
    // The seeded sub-user holds only menu-see-cloud-servers: billing, payments and orders are not theirs.
    ['sub-user with cloud servers only', DEMO_USERS.sub],
    ['staff', DEMO_USERS.staff],
    ['finance', DEMO_USERS.finance],
  ];
  const out = [await principal('anonymous', undefined)];
  for (const [name, u] of users) {
    const who = await principal(name, await login(u.email, u.password), u.email);
    out.push({ ...who, relogin: () => login(u.email, u.password) });
  }
  return out;
}

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT, apiTokenRatePerMinute: 100_000 });
  const demo = await idsOf(s, DEMO_USERS.demo.email);
  subNoClaims = await createSubUser(s, demo.clientId, { claims: [] });
  whos = await principals((e, p) => s.login(e, p));
});
afterAll(async () => s?.stop());

/** The rows `| \`name\` | kind | access |` of docs/access.md (cells padded or not), the written table of who may do what. */
function documentedAccess(): string[] {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/access.md'), 'utf8');
  return [...text.matchAll(/^\| `([^`]+)` *\| (view|rpc|file) *\| ([^|]+?) *\|$/gm)]
    .map((m) => `${m[2]} ${m[1]}: ${m[3]}`)
    .sort();
}

describe('the route registry', () => {
  it('is exactly the table of docs/access.md: every route with its declared access, and nothing else', () => {
    const { views, rpcs, files = [] } = buildRegistry();
    const declared = [
      ...views.map((v) => `view ${v.name}: ${accessLabel(v.access)}`),
      ...rpcs.map((r) => `rpc ${r.name}: ${accessLabel(r.access)}`),
      ...files.map((f) => `file ${f.name}: ${accessLabel(f.access)}`),
    ].sort();
    expect(documentedAccess()).toEqual(declared);
  });

  it('keeps billing, payments, vouchers and orders from a sub-user holding only menu-see-cloud-servers, and gives them projects and SSH keys', () => {
    const { views, rpcs, files = [] } = buildRegistry();
    const byName = new Map([...views, ...rpcs, ...files].map((r) => [r.name, r.access]));
    for (const name of [
      'MyInvoices',
      'InvoicePdf',
      'MyBalance',
      'MyDeposits',
      'PayInvoices',
      'Deposit',
      'PayOrder',
      'CreateOrder',
      'MyOrders',
      'ProfileUpdateVoucher',
      'ProfileUpdateBillingAddress',
    ]) {
      expect(byName.get(name), name).toEqual(claim('billing-manage'));
    }
    for (const name of [
      'MyProjects',
      'AddMyProject',
      'DeleteMyProject',
      'MySSHKeys',
      'UploadSSHKeys',
      'DeleteSSHKeys',
      'CopySSHKeysToProject',
    ]) {
      expect(byName.get(name), name).toEqual(claim('menu-see-cloud-servers'));
    }
  });

  it('keeps every change of users, the account (its two-factor rule too), its identity verification and its contract to the owner', () => {
    const { views, rpcs, files = [] } = buildRegistry();
    const owners = [...views, ...rpcs, ...files].filter((r) => r.access.kind === 'owner').map((r) => r.name);
    expect(owners.sort()).toEqual(
      [
        'AddMyUser',
        'UpdateMyUser',
        'UserBlockToggle',
        'MyUserDelete',
        'ProfilesSetPassword',
        'GrantClaimsToMyUser',
        'RevokeClaimsFromMyUser',
        'AccountDelete',
        'VerificationUpload',
        'VerificationSubmit',
        'MyVerificationDocumentImage',
        'AddClientService',
        'MyServiceDelete',
        'TwoFactorRequire',
      ].sort(),
    );
  });

  it('has no duplicate view names and no duplicate rpc names', () => {
    const { views, rpcs } = buildRegistry();
    expect(views.length + rpcs.length).toBeGreaterThan(0);
    for (const names of [views.map((v) => v.name), rpcs.map((r) => r.name)]) {
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    }
  });

  it('gives every route exactly one access kind, naming a known claim or role', () => {
    const { views, rpcs } = buildRegistry();
    for (const r of [...views, ...rpcs]) {
      expect(['public', 'customer', 'owner', 'claim', 'role'], r.name).toContain(r.access?.kind);
      if (r.access.kind === 'claim') expect(CLAIMS as readonly string[], r.name).toContain(r.access.claim);
      for (const role of rolesOf(r.access)) expect(ROLES as readonly string[], r.name).toContain(role);
    }
  });
});

describe('every route as every kind of principal', () => {
  // One walk of the whole registry (every route as every principal, a few hundred calls) serves
  // both tests below; it may take a while on a busy machine.
  let walked: ReturnType<typeof walk> | null = null;
  const walkOnce = () => (walked ??= walk(buildRegistry(), (...a) => s.call(...a), whos, s));
  const WALK_TIMEOUT = 180_000;

  it('reads the principals’ claims as the profile reports them', async () => {
    for (const who of whos.filter((w) => w.token)) {
      const p = (await s.get('MyProfile', who.token)).body[0];
      expect(new Set(p.claims), who.name).toEqual(who.claims);
      expect(new Set(p.pg_roles), who.name).toEqual(who.roles);
    }
    expect(whos.find((w) => w.name === 'sub-user without claims')!.claims.size).toBe(0);
  });

  it('answers every view and rpc of the registry as its declared access demands', { timeout: WALK_TIMEOUT }, async () => {
    const { failures, calls } = await walkOnce();
    expect(failures).toEqual([]);
    const reg = buildRegistry();
    const enabledViews = reg.views.filter((v) => !v.enabled || v.enabled(s.config)).length;
    expect(calls).toBe(whos.length * (enabledViews + reg.rpcs.length + (reg.files ?? []).length));
  });

  it(
    'answers every route to personal API tokens as the user’s access and the token’s scopes demand',
    { timeout: WALK_TIMEOUT },
    async () => {
      const ALL = ['servers:write', 'network:write', 'billing:write', 'account:write'];
      const tokenOf = async (who: Who, name: string, scopes: string[]): Promise<Who> => {
        const r = await s.rpc('ApiTokenCreate', { p_name: name, p_scopes: scopes, p_expires_days: 1 }, who.token);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return { ...who, name, token: r.body.token as string, relogin: undefined, tokenScopes: scopes };
      };
      const byName = (n: string) => whos.find((w) => w.name === n)!;
      const tokens = [
        await tokenOf(byName('customer A'), 'token of A, every scope', ALL),
        await tokenOf(byName('customer A'), 'token of A, servers and billing read', ['servers:read', 'billing:read']),
        await tokenOf(byName('sub-user with cloud servers only'), 'token of the sub-user, every scope', ALL),
      ];
      const { failures } = await walk(buildRegistry(), (...a) => s.call(...a), tokens, s);
      expect(failures).toEqual([]);
      // The walk can fail: a read-only token taken for one holding every scope is caught on VmStart.
      const real = buildRegistry();
      const few: Registry = {
        views: real.views.filter((v) => v.name === 'MyVMs2'),
        rpcs: real.rpcs.filter((r) => r.name === 'VmStart'),
      };
      const lying = await walk(few, (...a) => s.call(...a), [{ ...tokens[1]!, tokenScopes: ALL }], s);
      expect(lying.failures).toEqual([expect.stringMatching(/^rpc VmStart .* token with its scope got 403 API_TOKEN_SCOPE/)]);
    },
  );

  it(
    'never shows customer A’s ids or e-mail to customer B in any view B may read, nor the other way round',
    { timeout: WALK_TIMEOUT },
    async () => {
      const { answers } = await walkOnce();
      const a = { ...(await idsOf(s, DEMO_USERS.demo.email)), email: DEMO_USERS.demo.email };
      const b = { ...(await idsOf(s, DEMO_USERS.other.email)), email: DEMO_USERS.other.email };
      // The needles are real: each customer's own profile holds them.
      expect(JSON.stringify(answers.get('customer A:MyProfile')!.body)).toContain(a.clientId);
      expect(JSON.stringify(answers.get('customer B:MyProfile')!.body)).toContain(b.userId);
      const leaks: string[] = [];
      for (const [reader, victim] of [
        ['customer B', a],
        ['customer A', b],
      ] as const) {
        for (const view of buildRegistry().views) {
          const r = answers.get(`${reader}:${view.name}`);
          if (!r || r.status !== 200) continue;
          const text = JSON.stringify(r.body).toLowerCase();
          for (const needle of [victim.clientId, victim.userId, victim.email]) {
            if (text.includes(needle.toLowerCase())) leaks.push(`${view.name} shows ${needle} to ${reader}`);
          }
        }
      }
      expect(leaks).toEqual([]);
    },
  );

  it('skips a view disabled by its enabled(config) only where it is disabled: there it answers 404 to everyone', async () => {
    const prod = await startTestServer({ production: true });
    try {
      const token = await prod.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      for (const v of buildRegistry().views.filter((x) => x.enabled && !x.enabled(prod.config))) {
        expectErrorShape(await prod.get(v.name), 404, 'NotFound');
        expectErrorShape(await prod.get(v.name, token), 404, 'NotFound');
      }
    } finally {
      await prod.stop();
    }
  });
});

describe('the access rules on owner-, claim- and role-guarded routes (probe routes added to the registry)', () => {
  const probeView = (name: string, access: Access, source = 'SELECT 1 AS one') =>
    defineView({
      name,
      access,
      row: z.object({ one: z.int() }),
      source,
    });
  const probeRpc = (name: string, access: UserAccess) =>
    defineRpc({
      name,
      access,
      schema: z.object({}),
      // The context is a user's: the probe answers whether its caller owns the account.
      handler: async (ctx) => ({ probed: true, owner: ctx.principal.isOwner }),
    });
  const probes: Array<[string, UserAccess]> = [
    ['ProbeOwner', owner],
    ['ProbeClaimLogs', claim('logs-see')],
    ['ProbeClaimClients', claim('pg-see-client')],
    ['ProbeRoleStaff', role('staff')],
    ['ProbeRoleFinance', role('finance')],
  ];

  it(
    'walks probe routes for every owner/claim/role case and finds every denial and every grant as declared',
    { timeout: 120_000 },
    async () => {
      const real = buildRegistry();
      const registry: Registry = {
        views: [...real.views, ...probes.map(([n, a]) => probeView(`${n}View`, a))],
        rpcs: [...real.rpcs, ...probes.map(([n, a]) => probeRpc(n, a))],
      };
      const app = await startAppWith(s, registry);
      try {
        const probeWhos = await principals((...a) => app.login(...a));
        const { failures } = await walk(registry, app.call, probeWhos, s);
        expect(failures).toEqual([]);
        const token = (n: string) => probeWhos.find((w) => w.name === n)!.token;
        // Spot checks that the walk really met both outcomes.
        expectErrorShape(
          await app.call('GET', '/api/ProbeClaimLogsView', { token: token('sub-user without claims') }),
          403,
          'CLAIM_REQUIRED',
        );
        expectErrorShape(
          await app.call('POST', '/api/rpc/ProbeRoleStaff', { token: token('finance'), body: {} }),
          403,
          'ROLE_REQUIRED',
        );
        expectErrorShape(
          await app.call('POST', '/api/rpc/ProbeClaimClients', { token: token('customer A'), body: {} }),
          403,
          'CLAIM_REQUIRED',
        );
        expect((await app.call('POST', '/api/rpc/ProbeClaimClients', { token: token('staff'), body: {} })).body).toEqual({
          probed: true,
          owner: expect.any(Boolean),
        });
        // A sub-user is no owner, whatever claims it holds; the owner passes, with a user's context.
        for (const sub of ['sub-user without claims', 'sub-user with cloud servers only'])
          expectErrorShape(await app.call('POST', '/api/rpc/ProbeOwner', { token: token(sub), body: {} }), 422, 'OWNER_REQUIRED');
        expectErrorShape(
          await app.call('GET', '/api/ProbeOwnerView', { token: token('sub-user without claims') }),
          422,
          'OWNER_REQUIRED',
        );
        expect((await app.call('POST', '/api/rpc/ProbeOwner', { token: token('customer A'), body: {} })).body).toEqual({
          probed: true,
          owner: true,
        });
        expect((await app.call('GET', '/api/ProbeRoleFinanceView', { token: token('finance') })).body).toEqual([{ one: 1 }]);
      } finally {
        await app.close();
      }
    },
  );

  it('runs a public view that is not marked system in an empty context for anonymous callers (row-level security still applies)', async () => {
    const registry: Registry = {
      views: [probeView('ProbePublicClients', publicAccess, 'SELECT 1 AS one FROM clients')],
      rpcs: buildRegistry().rpcs,
    };
    const app = await startAppWith(s, registry);
    try {
      expect((await app.call('GET', '/api/ProbePublicClients')).body).toEqual([]);
      const token = await app.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
      expect((await app.call('GET', '/api/ProbePublicClients', { token })).body).toEqual([{ one: 1 }]);
    } finally {
      await app.close();
    }
  });
});
