/**
 * The request path at its floor (issue 11) stays exactly as strict: the caller is read afresh for
 * every request (one statement, portside_principal), so blocking, a new token version, an ended
 * session and a claim taken away all count from the very next request; view reads run as prepared
 * statements shared by every account on a pooled connection, and row-level security still shows
 * each account only its own rows. Real PostgreSQL through real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, newAccount } from './factories.js';
import { createTestVm } from './vm-factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe('every request reads its caller afresh', () => {
  it('refuses the next request after blocking, a token version change or the session’s end', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-cloud-servers'] });
    const changes: Array<[string, (token: string) => Promise<unknown>]> = [
      ['blocked', () => s.db.owner.query(`UPDATE users SET blocked = true WHERE id = $1`, [sub.userId])],
      ['token version', () => s.db.owner.query(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [sub.userId])],
      [
        'session ended',
        (token) => s.db.owner.query(`UPDATE sessions SET ended_at = now(), end_reason = 'logout' WHERE id = $1`, [sidOf(token)]),
      ],
    ];
    for (const [label, change] of changes) {
      await s.db.owner.query(`UPDATE users SET blocked = false WHERE id = $1`, [sub.userId]);
      const token = await s.login(sub.email, sub.password);
      expect((await s.get('MyVMs2', token)).status, label).toBe(200);
      await change(token);
      expectErrorShape(await s.get('MyVMs2', token), 401, 'JWT_REVOKED');
      expectErrorShape(await s.rpc('ProfileUpdateLanguage', { p_language: 'en' }, token), 401, 'JWT_REVOKED');
    }
  });

  it('refuses a claim taken away from the very next request, and lets it in again once given back', async () => {
    const a = await newAccount(s);
    const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-cloud-servers'] });
    const token = await s.login(sub.email, sub.password);
    expect((await s.get('MyVMs2', token)).status).toBe(200);
    await s.db.owner.query(`DELETE FROM user_claims WHERE user_id = $1`, [sub.userId]);
    expectErrorShape(await s.get('MyVMs2', token), 403, 'CLAIM_REQUIRED');
    await s.db.owner.query(`INSERT INTO user_claims (user_id, client_id, claim) VALUES ($1, $2, 'menu-see-cloud-servers')`, [
      sub.userId,
      a.clientId,
    ]);
    expect((await s.get('MyVMs2', token)).status).toBe(200);
  });
});

describe('prepared view reads and row-level security', () => {
  it('shows each account only its own servers, however often the accounts take turns on the pool', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    await createTestVm(s.db, { clientId: a.clientId, name: 'only-a' });
    await createTestVm(s.db, { clientId: b.clientId, name: 'only-b' });
    // More reads than the pool has connections, alternating and concurrent: every connection
    // runs the same prepared statement for both accounts.
    const reads = Array.from({ length: 60 }, (_, i) => (i % 2 ? (['b', b.token] as const) : (['a', a.token] as const)));
    const answers = await Promise.all(reads.map(async ([who, token]) => [who, await s.get('MyVMs2', token)] as const));
    for (const [who, r] of answers) {
      expect(r.status).toBe(200);
      expect((r.body as Array<{ name: string }>).map((v) => v.name)).toEqual([`only-${who}`]);
    }
    // Without a token, a tenant's view is not read at all.
    expectErrorShape(await s.get('MyVMs2'), 401);
  });
});
