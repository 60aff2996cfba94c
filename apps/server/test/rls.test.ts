import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbScope } from '../src/db/database.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { idsOf, scalar } from './factories.js';

let s: TestServer;
let A: { userId: string; clientId: string };
let B: { userId: string; clientId: string };
const TENANT_TABLES = ['users', 'clients', 'projects', 'user_claims', 'audit_log'] as const;

beforeAll(async () => {
  s = await startTestServer();
  A = await idsOf(s, DEMO_USERS.demo.email);
  B = await idsOf(s, DEMO_USERS.other.email);
  // Something of every account in every tenant table, so "no rows" means hidden, not absent.
  await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  await s.db.owner.query(`INSERT INTO user_claims (user_id, client_id, claim) VALUES ($1, $2, 'logs-see')`, [
    B.userId,
    B.clientId,
  ]);
});
afterAll(async () => s?.stop());

const tenant = (who: { userId: string; clientId: string }): DbScope => ({
  kind: 'tenant',
  clientId: who.clientId,
  userId: who.userId,
});
const pgError = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  return { code: 'no error', message: '' };
};

describe('the application role', () => {
  it('is portside_app, not a superuser and without BYPASSRLS', async () => {
    const r = await s.db.app.query(
      `SELECT current_user AS who, r.rolsuper, r.rolbypassrls FROM pg_roles r WHERE r.rolname = current_user`,
    );
    expect(r.rows).toEqual([{ who: 'portside_app', rolsuper: false, rolbypassrls: false }]);
  });

  it('sees no row of any tenant table without a request context', async () => {
    for (const t of TENANT_TABLES) {
      expect(await scalar(s, `SELECT count(*) FROM ${t}`), `${t} has rows for the owner`).toBeGreaterThan(0);
      expect((await s.db.app.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n, t).toBe(0);
    }
    for (const t of ['email_codes', 'mail_outbox', 'rate_events']) {
      expect((await s.db.app.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n, t).toBe(0);
    }
  });

  it('sees only the own account’s rows with portside.client_id set to it', async () => {
    for (const t of TENANT_TABLES) {
      const ids = await s.db.run(tenant(A), async (tx) =>
        (await tx.query(`SELECT DISTINCT ${t === 'clients' ? 'id' : 'client_id'} AS c FROM ${t}`)).rows.map((r) => r.c),
      );
      expect(ids, t).toEqual([A.clientId]);
    }
    const bSees = await s.db.run(tenant(B), async (tx) => (await tx.query(`SELECT email FROM users`)).rows.map((r) => r.email));
    expect(bSees).toEqual([DEMO_USERS.other.email]);
  });

  it('sees nothing in the anonymous context and everything in the system context', async () => {
    expect(
      await s.db.run({ kind: 'anonymous' }, async (tx) => (await tx.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n),
    ).toBe(0);
    const all = await scalar(s, 'SELECT count(*) FROM users');
    expect(await s.db.system(async (tx) => (await tx.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n)).toBe(all);
  });

  it('updates and deletes 0 rows of another account, which stay unchanged', async () => {
    const n = await s.db.run(tenant(A), async (tx) => {
      const u = await tx.query(`UPDATE clients SET city = 'Hacked' WHERE id = $1`, [B.clientId]);
      const v = await tx.query(`UPDATE users SET roles = '{staff}' WHERE client_id = $1`, [B.clientId]);
      const d = await tx.query(`DELETE FROM projects WHERE client_id = $1`, [B.clientId]);
      return [u.rowCount, v.rowCount, d.rowCount];
    });
    expect(n).toEqual([0, 0, 0]);
    expect((await s.db.owner.query(`SELECT city FROM clients WHERE id = $1`, [B.clientId])).rows[0].city).toBe('Frankfurt');
    expect(await scalar(s, `SELECT count(*) FROM projects WHERE client_id = $1`, [B.clientId])).toBe(1);
    expect(await scalar(s, `SELECT count(*) FROM users WHERE client_id = $1 AND 'staff' = ANY(roles)`, [B.clientId])).toBe(0);
  });

  it('cannot insert a row into another account or move a row there', async () => {
    const ins = await pgError(
      s.db.run(tenant(A), (tx) => tx.query(`INSERT INTO projects (client_id, name) VALUES ($1, 'sneaky')`, [B.clientId])),
    );
    expect(ins.code).toBe('42501');
    expect(ins.message).toMatch(/row-level security/);
    const move = await pgError(
      s.db.run(tenant(A), (tx) => tx.query(`UPDATE projects SET client_id = $1 WHERE client_id = $2`, [B.clientId, A.clientId])),
    );
    expect(move.code).toBe('42501');
    expect(await scalar(s, `SELECT count(*) FROM projects WHERE client_id = $1`, [B.clientId])).toBe(1);
  });

  it('may append to audit_log but never update or delete it, even in the system context', async () => {
    await s.db.run(tenant(A), (tx) =>
      tx.query(`INSERT INTO audit_log (client_id, user_id, action, result) VALUES ($1, $2, 'probe', 'ok')`, [
        A.clientId,
        A.userId,
      ]),
    );
    for (const sql of [`UPDATE audit_log SET result = 'error'`, `DELETE FROM audit_log`]) {
      for (const scope of [tenant(A), { kind: 'system' } as DbScope]) {
        const e = await pgError(s.db.run(scope, (tx) => tx.query(sql)));
        expect(e.code, sql).toBe('42501');
        expect(e.message).toMatch(/permission denied/);
      }
    }
    expect(await scalar(s, `SELECT count(*) FROM audit_log WHERE action = 'probe' AND result = 'ok'`)).toBe(1);
  });

  it('cannot rewrite prices or reference tables, or read the migration table', async () => {
    // Staff's price-list calls add models and offers and set their flags (migrations 0041, 0042);
    // a price itself never changes in place: a new one is a dated row of price_changes.
    const writes = [
      `UPDATE vm_models SET monthly_price_cents = 0`,
      `UPDATE vm_prices SET monthly_price_cents = 0`,
      `UPDATE server_offers SET monthly_price_cents = 0`,
      `UPDATE dedicated_part_prices SET cents_per_unit = 0`,
      `DELETE FROM vm_models`,
      `UPDATE hosting_locations SET name = 'x'`,
      `INSERT INTO vouchers (code) VALUES ('FREE100')`,
      `UPDATE timezones SET name = 'x'`,
      `SELECT * FROM pgmigrations`,
    ];
    for (const sql of writes) {
      const e = await pgError(s.db.system((tx) => tx.query(sql)));
      expect(e.code, sql).toBe('42501');
    }
    expect(await scalar(s, `SELECT count(*) FROM vm_models WHERE monthly_price_cents = 0`)).toBe(0);
  });
});

describe('audit of mutating calls', () => {
  const auditRows = (action: string) =>
    s.db.owner
      .query(`SELECT client_id, user_id, actor_email, result FROM audit_log WHERE action = $1 ORDER BY id`, [action])
      .then((r) => r.rows);

  it('writes an audit_log entry for ProfileUpdateLanguage with result ok, and the change is visible', async () => {
    const token = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const before = (await auditRows('ProfileUpdateLanguage')).length;
    expect((await s.rpc('ProfileUpdateLanguage', { p_language: 'pl' }, token)).body).toEqual({ success: true });
    const rows = await auditRows('ProfileUpdateLanguage');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toEqual({ client_id: A.clientId, user_id: A.userId, actor_email: DEMO_USERS.demo.email, result: 'ok' });
    expect((await s.get('MyProfile', token)).body[0].language).toBe('pl');
    expect((await s.db.owner.query(`SELECT language FROM clients WHERE id = $1`, [B.clientId])).rows[0].language).toBe('en');
  });

  it('writes nothing and changes nothing when the body fails validation', async () => {
    const token = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
    const before = await scalar(s, 'SELECT count(*) FROM audit_log');
    for (const body of [{}, { p_language: 'xx' }, { p_language: 'EN' }]) {
      const r = await s.rpc('ProfileUpdateLanguage', body, token);
      expect(r.status).toBe(400);
      expect(r.body.details).toBe('p_language: language_invalid');
    }
    expect(await scalar(s, 'SELECT count(*) FROM audit_log')).toBe(before);
    expect((await s.db.owner.query(`SELECT language FROM clients WHERE id = $1`, [B.clientId])).rows[0].language).toBe('en');
  });
});
