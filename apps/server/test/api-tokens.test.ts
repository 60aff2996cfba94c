/**
 * Personal API tokens (issue 19): created in a session, shown once and stored hashed, accepted as
 * `Authorization: Bearer pst_...` within their scopes AND the user's claims, refused at once when
 * revoked, expired or their user is blocked, never let into sign-in, sessions, passwords, account
 * deletion, users or the token calls themselves, and rate-limited per token. Real PostgreSQL
 * through real HTTP.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, newAccount, scalar } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

/** Creates a token in the session `session`; answers its text and id. */
async function createToken(session: string, scopes: string[], name = 'ci', days = 30): Promise<{ token: string; id: string }> {
  const r = await s.rpc('ApiTokenCreate', { p_name: name, p_scopes: scopes, p_expires_days: days }, session);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const start = (token: string, id: number) => s.rpc('VmStart', { p_provisioned_id: id }, token);
const scopeRefusal = (r: Awaited<ReturnType<TestServer['get']>>, scope: string) => {
  expectErrorShape(r, 403, 'API_TOKEN_SCOPE');
  expect(r.body.details).toBe(scope);
};

describe('creating a token', () => {
  it('answers the secret once, keeps only its SHA-256 and lists it with its prefix, scopes and expiry', async () => {
    const a = await newAccount(s);
    const { token, id } = await createToken(a.token, ['servers:read', 'servers:write', 'billing:read'], 'deploy bot', 90);
    expect(token).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    const row = (await s.db.owner.query(`SELECT * FROM api_tokens WHERE id = $1`, [id])).rows[0];
    expect(Buffer.compare(row.secret_hash, crypto.createHash('sha256').update(token).digest())).toBe(0);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    const list = (await s.get('MyApiTokens', a.token)).body;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        name: 'deploy bot',
        prefix: token.slice(0, 12),
        scopes: ['servers:write', 'billing:read'],
        last_used_at: null,
        revoked_at: null,
        user_email: a.email,
      }),
    ]);
    const days = (Date.parse(list[0].expires_at) - Date.parse(list[0].created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);
    expect(JSON.stringify(list)).not.toContain(token.slice(12));
    // The log names the token, never its secret.
    const log = (
      await s.db.owner.query(`SELECT * FROM audit_log WHERE client_id = $1 AND action = 'ApiTokenCreate'`, [a.clientId])
    ).rows;
    expect(log).toHaveLength(1);
    expect(log[0].target).toContain('deploy bot');
    expect(JSON.stringify(log)).not.toContain(token.slice(4));
    // The user is told by mail, with the name, scopes and expiry but never the secret.
    const mail = await s.lastMail(a.email);
    expect(mail?.subject).toBe('A personal API token was created on your Portside account');
    expect(mail?.text).toContain('"deploy bot"');
    expect(mail?.text).toContain('servers:write, billing:read');
    expect(mail?.text).toContain(list[0].expires_at.slice(0, 10));
    expect(mail?.text).not.toContain(token.slice(4));
  });

  it('refuses no scopes, unknown scopes, no expiry and more than 365 days', async () => {
    const a = await newAccount(s);
    for (const body of [
      { p_name: 'x', p_scopes: [], p_expires_days: 30 },
      { p_name: 'x', p_scopes: ['servers:admin'], p_expires_days: 30 },
      { p_name: 'x', p_scopes: ['servers:read'] },
      { p_name: 'x', p_scopes: ['servers:read'], p_expires_days: 366 },
      { p_name: ' ', p_scopes: ['servers:read'], p_expires_days: 30 },
    ])
      expectErrorShape(await s.rpc('ApiTokenCreate', body, a.token), 400, 'VALIDATION_FAILED');
    expect(await scalar(s, `SELECT count(*) FROM api_tokens WHERE client_id = $1`, [a.clientId])).toBe(0);
  });

  it('records the last use’s time and address', async () => {
    const a = await newAccount(s);
    const { token, id } = await createToken(a.token, ['account:read']);
    expect((await s.get('MyProfile', token)).status).toBe(200);
    const row = (await s.db.owner.query(`SELECT last_used_at, last_used_ip FROM api_tokens WHERE id = $1`, [id])).rows[0];
    expect(row.last_used_at).toBeInstanceOf(Date);
    expect(row.last_used_ip).toMatch(/127\.0\.0\.1/);
  });
});

describe('scopes', () => {
  it('lets a read-only servers token list servers but not start one', async () => {
    const a = await newAccount(s);
    const vm = await createTestVm(s.db, { clientId: a.clientId, name: 'ro-vm', power: 'STOPPED' });
    const { token } = await createToken(a.token, ['servers:read']);
    const list = await s.get('MyVMs2', token);
    expect(list.status).toBe(200);
    expect(list.body.map((v: { name: string }) => v.name)).toEqual(['ro-vm']);
    scopeRefusal(await start(token, vm.provisionedId), 'servers:write');
    expect(await scalar(s, `SELECT count(*) FROM vm_operations WHERE provisioned_id = $1`, [vm.provisionedId])).toBe(0);
  });

  it('lets a servers:write token start a server', async () => {
    const a = await newAccount(s);
    const vm = await createTestVm(s.db, { clientId: a.clientId, name: 'rw-vm', power: 'STOPPED' });
    const { token } = await createToken(a.token, ['servers:write']);
    const r = await start(token, vm.provisionedId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The account's log says the start came through the token, and which one.
    const log = await s.db.owner.query(`SELECT actor_email, target FROM audit_log WHERE client_id = $1 AND action = 'VmStart'`, [
      a.clientId,
    ]);
    expect(log.rows).toEqual([{ actor_email: a.email, target: expect.stringMatching(/rw-vm.*\(API token "ci"\)$/) }]);
    expect((await s.get('MyVMs2', token)).status).toBe(200);
  });

  it('keeps a billing token to billing: invoices yes, servers and the network no', async () => {
    const a = await newAccount(s);
    const { token } = await createToken(a.token, ['billing:read']);
    expect((await s.get('MyInvoices', token)).status).toBe(200);
    expect((await s.get('MyBalance', token)).status).toBe(200);
    scopeRefusal(await s.get('MyVMs2', token), 'servers:read');
    scopeRefusal(await s.get('MyIPs', token), 'network:read');
    scopeRefusal(await s.get('MyProfile', token), 'account:read');
  });

  it('lets an account:write token change the language, an account:read one only read the profile', async () => {
    const a = await newAccount(s);
    const ro = await createToken(a.token, ['account:read']);
    const rw = await createToken(a.token, ['account:write']);
    expect((await s.get('MyProfile', ro.token)).status).toBe(200);
    scopeRefusal(await s.rpc('ProfileUpdateLanguage', { p_language: 'de' }, ro.token), 'account:write');
    const r = await s.rpc('ProfileUpdateLanguage', { p_language: 'de' }, rw.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await s.get('MyIPs', rw.token)).status).toBe(403);
  });

  it('never lets a token delete the account, change a password, end sessions, manage users or tokens', async () => {
    const a = await newAccount(s);
    const all = ['servers:write', 'network:write', 'billing:write', 'account:write'];
    const { token, id } = await createToken(a.token, all);
    const none = 'none (personal API tokens are refused)';
    const calls: Array<[string, unknown]> = [
      ['AccountDelete', { p_password: a.password }],
      ['ResetPassword', { p_old_password: a.password, p_new_password: 'another-pass-1' }],
      ['ProfilesSetPassword', {}],
      ['ProfileUpdateTimeout', { p_minutes: 5 }],
      ['RefreshToken', {}],
      ['ApiTokenCreate', { p_name: 'more', p_scopes: all, p_expires_days: 30 }],
      ['ApiTokenRevoke', { p_id: id }],
      ['Logout', {}],
      ['SessionsEndAll', { p_confirm: true }],
      ['AddMyUser', {}],
      ['GrantClaimsToMyUser', {}],
    ];
    for (const [name, body] of calls) scopeRefusal(await s.rpc(name, body, token), none);
    scopeRefusal(await s.get('MyApiTokens', token), none);
    scopeRefusal(await s.get('MySessions', token), none);
    // Nothing happened: the account, its password, its tokens and its session are as they were.
    expect(await scalar(s, `SELECT count(*) FROM clients WHERE id = $1`, [a.clientId])).toBe(1);
    expect(await scalar(s, `SELECT count(*) FROM api_tokens WHERE client_id = $1 AND revoked_at IS NULL`, [a.clientId])).toBe(1);
    expect((await s.get('MyProfile', a.token)).status).toBe(200);
    expect(await s.login(a.email, a.password)).toBeTruthy();
  });

  it('refuses staff routes to a staff member’s token, whatever its scopes', async () => {
    const session = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const { token } = await createToken(session, ['servers:write', 'network:write', 'billing:write', 'account:write']);
    expect((await s.get('Clients', session)).status).toBe(200);
    scopeRefusal(await s.get('Clients', token), 'none (personal API tokens are refused)');
  });

  it('reads a view widened for staff (ServerStats) as the own account only with a token', async () => {
    const session = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const { token } = await createToken(session, ['servers:read']);
    const wide = await s.get('ServerStats', session);
    const own = await s.get('ServerStats', token);
    expect([wide.status, own.status]).toEqual([200, 200]);
    expect(wide.body.length).toBeGreaterThan(own.body.length);
  });

  it('runs a public route as anonymous for a token', async () => {
    const a = await newAccount(s);
    const { token } = await createToken(a.token, ['servers:read']);
    expect((await s.get('HostingLocations', token)).status).toBe(200);
  });
});

describe('a sub-user’s token', () => {
  it('cannot exceed the sub-user’s claims, whatever its scopes', async () => {
    const owner = await idsOf(s, DEMO_USERS.demo.email);
    const sub = await createSubUser(s, owner.clientId, { claims: ['menu-see-cloud-servers'] });
    const session = await s.login(sub.email, sub.password);
    const { token } = await createToken(session, ['servers:write', 'billing:write']);
    expect((await s.get('MyVMs2', token)).status).toBe(200);
    expectErrorShape(await s.get('MyInvoices', token), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.rpc('VmDelete', { p_provisioned_id: 1 }, token), 403, 'CLAIM_REQUIRED');
  });

  it('is listed to the owner, who may revoke it; the sub-user sees only their own and cannot revoke the owner’s', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-cloud-servers'] });
    const subSession = await s.login(sub.email, sub.password);
    const subToken = await createToken(subSession, ['servers:read'], 'sub token');
    const ownerToken = await createToken(a.token, ['servers:read'], 'owner token');
    const ownerList = (await s.get('MyApiTokens', a.token)).body.map((t: { name: string; user_email: string }) => [
      t.name,
      t.user_email,
    ]);
    expect(ownerList.sort()).toEqual([
      ['owner token', a.email],
      ['sub token', sub.email],
    ]);
    expect((await s.get('MyApiTokens', subSession)).body.map((t: { name: string }) => t.name)).toEqual(['sub token']);
    expectErrorShape(await s.rpc('ApiTokenRevoke', { p_id: ownerToken.id }, subSession), 404, 'NotFound');
    expect((await s.get('MyVMs2', ownerToken.token)).status).toBe(200);
    expect((await s.rpc('ApiTokenRevoke', { p_id: subToken.id }, a.token)).status).toBe(200);
    expectErrorShape(await s.get('MyVMs2', subToken.token), 401, 'API_TOKEN_REVOKED');
    // Another account never sees or revokes them.
    const b = await newAccount(s);
    expect((await s.get('MyApiTokens', b.token)).body).toEqual([]);
    expectErrorShape(await s.rpc('ApiTokenRevoke', { p_id: ownerToken.id }, b.token), 404, 'NotFound');
  });
});

describe('refused tokens', () => {
  it('refuses a revoked token at once', async () => {
    const a = await newAccount(s);
    const { token, id } = await createToken(a.token, ['account:read']);
    expect((await s.get('MyProfile', token)).status).toBe(200);
    expect((await s.rpc('ApiTokenRevoke', { p_id: id }, a.token)).status).toBe(200);
    expectErrorShape(await s.get('MyProfile', token), 401, 'API_TOKEN_REVOKED');
    expectErrorShape(await s.rpc('ApiTokenRevoke', { p_id: id }, a.token), 404, 'NotFound');
  });

  it('refuses an expired token at once', async () => {
    const a = await newAccount(s);
    const { token, id } = await createToken(a.token, ['account:read']);
    await s.db.owner.query(
      `UPDATE api_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expectErrorShape(await s.get('MyProfile', token), 401, 'API_TOKEN_EXPIRED');
  });

  it('refuses the token of a blocked user, an unknown token and a malformed one', async () => {
    const a = await newAccount(s);
    const { token } = await createToken(a.token, ['account:read']);
    await s.db.owner.query(`UPDATE users SET blocked = true WHERE id = $1`, [a.userId]);
    expectErrorShape(await s.get('MyProfile', token), 401, 'API_TOKEN_REVOKED');
    const unknown = `pst_${crypto.randomBytes(32).toString('base64url')}`;
    expectErrorShape(await s.get('MyProfile', unknown), 401, 'API_TOKEN_INVALID');
    expectErrorShape(await s.get('MyProfile', 'pst_short'), 401, 'API_TOKEN_INVALID');
  });
});

describe('the rate limit', () => {
  it('answers 429 in the catalogue’s shape once a token made its requests of the minute', async () => {
    const limited = await startTestServer({ rateLimit: NO_RATE_LIMIT, apiTokenRatePerMinute: 3 });
    try {
      const session = await limited.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      const r = await limited.rpc('ApiTokenCreate', { p_name: 'x', p_scopes: ['account:read'], p_expires_days: 1 }, session);
      const token = r.body.token as string;
      // The minute may turn between requests: then the count starts again, so ask until refused.
      let refused: Awaited<ReturnType<TestServer['get']>> | null = null;
      for (let i = 0; i < 8 && !refused; i++) {
        const a = await limited.get('MyProfile', token);
        if (a.status !== 200) refused = a;
      }
      expectErrorShape(refused!, 429, 'API_TOKEN_RATE_LIMITED');
      // The session is not counted against the token.
      expect((await limited.get('MyProfile', session)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('row-level security of api_tokens', () => {
  it('shows the owner every token of the account, a sub-user only their own, another account and no context none', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId, { claims: [] });
    await createToken(a.token, ['servers:read'], 'owner’s');
    await createToken(await s.login(sub.email, sub.password), ['servers:read'], 'sub’s');
    const b = await newAccount(s);
    const names = (who: { clientId: string; userId: string }) =>
      s.db.run({ kind: 'tenant', ...who }, async (tx) =>
        (await tx.query<{ name: string }>(`SELECT name FROM api_tokens ORDER BY name`)).rows.map((r) => r.name),
      );
    expect(await names(a)).toEqual(['owner’s', 'sub’s']);
    expect(await names({ clientId: a.clientId, userId: sub.userId })).toEqual(['sub’s']);
    expect(await names(b)).toEqual([]);
    expect((await s.db.app.query(`SELECT count(*)::int AS n FROM api_tokens`)).rows[0].n).toBe(0);
    // A sub-user cannot revoke the owner's token even in SQL.
    const changed = await s.db.run(
      { kind: 'tenant', clientId: a.clientId, userId: sub.userId },
      async (tx) => (await tx.query(`UPDATE api_tokens SET revoked_at = now() WHERE user_id = $1`, [a.userId])).rowCount,
    );
    expect(changed).toBe(0);
  });
});
