/**
 * The claims matrix: every claim-guarded route of the registry (later routes included, since the
 * registry is walked) refuses a sub-user lacking its claim and lets in one holding only that claim;
 * every owner route refuses a sub-user holding every claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS, type Claim } from '@portside/contract/constants';
import { buildRegistry } from '../src/registry.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, idsOf, type Answer } from './factories.js';

interface Route {
  kind: 'view' | 'rpc' | 'patch';
  name: string;
  claim: Claim;
}

let s: TestServer;
let routes: Route[];
/** The routes declared `owner`, and a sub-user of the same account holding every claim. */
let ownerRoutes: Array<Omit<Route, 'claim'>>;
let everyClaim: string;
/** Per claim: a sub-user holding only it, and one holding every claim but it. */
const tokens = new Map<Claim, { only: string; allBut: string }>();

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  const reg = buildRegistry();
  routes = [
    ...reg.views
      .filter((v) => !v.enabled || v.enabled(s.config))
      .map((v) => ({ kind: 'view' as const, name: v.name, access: v.access })),
    // An update served by PATCH on its view is called there, naming a row.
    ...reg.rpcs.map((r) =>
      r.patch
        ? { kind: 'patch' as const, name: `${r.patch.view}?${r.patch.key}=eq.1`, access: r.access }
        : { kind: 'rpc' as const, name: r.name, access: r.access },
    ),
  ].flatMap((r) => (r.access.kind === 'claim' ? [{ kind: r.kind, name: r.name, claim: r.access.claim }] : []));
  ownerRoutes = [
    ...reg.views.filter((v) => v.access.kind === 'owner').map((v) => ({ kind: 'view' as const, name: v.name })),
    ...reg.rpcs.filter((r) => r.access.kind === 'owner').map((r) => ({ kind: 'rpc' as const, name: r.name })),
  ];
  const { clientId } = await idsOf(s, DEMO_USERS.demo.email);
  const all = await createSubUser(s, clientId, { claims: [...CLAIMS] });
  everyClaim = await s.login(all.email, all.password);
  for (const claim of new Set(routes.map((r) => r.claim))) {
    const only = await createSubUser(s, clientId, { claims: [claim] });
    const allBut = await createSubUser(s, clientId, { claims: CLAIMS.filter((c) => c !== claim) });
    tokens.set(claim, { only: await s.login(only.email, only.password), allBut: await s.login(allBut.email, allBut.password) });
  }
});
afterAll(async () => s?.stop());

const call = (r: Route, token: string): Promise<Answer> =>
  r.kind === 'view'
    ? s.get(r.name, token)
    : r.kind === 'patch'
      ? s.call('PATCH', `/api/${r.name}`, { token, body: {} })
      : s.rpc(r.name, {}, token);

describe('the claims matrix over the registry', () => {
  it('covers the claim-guarded routes of this issue', () => {
    const names = routes.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['MyUsers', 'MyClaims', 'MyLogs', 'MyServices', 'MyServiceComment', 'MyServicesHistory']),
    );
    expect(ownerRoutes.map((r) => r.name)).toEqual(expect.arrayContaining(['AddMyUser', 'AccountDelete', 'AddClientService']));
  });

  it('refuses every claim-guarded route with 403 CLAIM_REQUIRED to a sub-user holding every other claim', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const a = await call(r, tokens.get(r.claim)!.allBut);
      if (a.status !== 403 || a.body?.code !== 'CLAIM_REQUIRED' || a.body?.details !== r.claim) {
        wrong.push(`${r.kind} ${r.name} (${r.claim}): ${a.status} ${JSON.stringify(a.body).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a sub-user holding only the route’s claim through (no 401 or 403, no server error)', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const a = await call(r, tokens.get(r.claim)!.only);
      if (a.status === 401 || a.status === 403 || a.status >= 500) {
        wrong.push(`${r.kind} ${r.name} (${r.claim}): ${a.status} ${JSON.stringify(a.body).slice(0, 100)}`);
      }
      if (r.kind === 'view' && a.status !== 200) wrong.push(`view ${r.name} (${r.claim}): ${a.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every owner route with 422 OWNER_REQUIRED to a sub-user holding every claim', async () => {
    const wrong: string[] = [];
    for (const r of ownerRoutes) {
      const a = await call({ ...r, claim: CLAIMS[0] }, everyClaim);
      if (a.status !== 422 || a.body?.code !== 'OWNER_REQUIRED') {
        wrong.push(`${r.kind} ${r.name}: ${a.status} ${JSON.stringify(a.body).slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The sub-user is still logged in: the refusals did not end its session.
    expect((await s.get('MyProfile', everyClaim)).status).toBe(200);
  });
});
