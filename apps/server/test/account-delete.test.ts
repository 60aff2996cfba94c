/**
 * AccountDelete (spec 1 §1, §5): DELETE plus four ticks, owner only, immediate and irreversible;
 * every session ends, registration data goes to the offline archive for 6 months, billing data
 * stays when invoices were issued, and the log keeps the entry of the deletion itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { png, upload } from './verification-fixtures.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, newAccount, scalar } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  // Tables of later issues that reference accounts, one of them only deletable after the other,
  // and a billing table that deletion must keep when invoices were issued.
  await s.db.owner.query(`
    CREATE TABLE probe_notes (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, client_id uuid NOT NULL REFERENCES clients(id), note text);
    CREATE TABLE probe_links (client_id uuid NOT NULL REFERENCES clients(id), note_id int NOT NULL REFERENCES probe_notes(id));
    CREATE TABLE probe_invoices (client_id uuid NOT NULL REFERENCES clients(id), number text);
    GRANT SELECT, INSERT, UPDATE, DELETE ON probe_notes, probe_links, probe_invoices TO portside_app;`);
});
afterAll(async () => s?.stop());

const OK = { p_confirm: 'DELETE', p_acknowledgements: [true, true, true, true] };
const count = (sql: string, params: unknown[]) => scalar(s, sql, params);

/** An account with a sub-user holding a claim, a second project, notes and links, and two sessions. */
async function populated() {
  const a = await newAccount(s);
  const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-users'] });
  await s.db.owner.query(`INSERT INTO projects (client_id, name) VALUES ($1, 'web')`, [a.clientId]);
  const note = await s.db.owner.query(`INSERT INTO probe_notes (client_id, note) VALUES ($1, 'x') RETURNING id`, [a.clientId]);
  await s.db.owner.query(`INSERT INTO probe_links (client_id, note_id) VALUES ($1, $2)`, [a.clientId, note.rows[0].id]);
  await s.rpc('TelegramRequest', { p_telegram_id: '@someone' }, a.token);
  return { ...a, sub, subToken: await s.login(sub.email, sub.password), second: await s.login(a.email, a.password) };
}

async function rowsOf(clientId: string) {
  const out: Record<string, number> = {};
  for (const t of ['clients', 'users', 'user_claims', 'projects', 'probe_notes', 'probe_links', 'probe_invoices']) {
    out[t] = await count(`SELECT count(*) FROM ${t} WHERE ${t === 'clients' ? 'id' : 'client_id'} = $1`, [clientId]);
  }
  return out;
}

describe('AccountDelete refuses', () => {
  it.each([
    [{ ...OK, p_confirm: 'delete' }, 'p_confirm: delete_confirm_invalid'],
    [{ ...OK, p_confirm: '' }, 'p_confirm: delete_confirm_invalid'],
    [{ ...OK, p_acknowledgements: [true, true, true] }, 'p_acknowledgements: delete_acknowledgements_required'],
    [{ ...OK, p_acknowledgements: [true, true, false, true] }, 'p_acknowledgements: delete_acknowledgements_required'],
    [{ p_confirm: 'DELETE' }, 'p_acknowledgements: delete_acknowledgements_required'],
  ])('%j without deleting anything', async (body, line) => {
    const a = await populated();
    const before = await rowsOf(a.clientId);
    const r = await s.rpc('AccountDelete', body, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual([line]);
    expect(await rowsOf(a.clientId)).toEqual(before);
    expect((await s.get('MyProfile', a.token)).status).toBe(200);
  });

  it('a sub-user, even with every tick: OWNER_REQUIRED, logged, nothing deleted', async () => {
    const a = await populated();
    const before = await rowsOf(a.clientId);
    expectErrorShape(await s.rpc('AccountDelete', OK, a.subToken), 422, 'OWNER_REQUIRED');
    expect(await rowsOf(a.clientId)).toEqual(before);
    const log = await s.db.owner.query(
      `SELECT actor_email, result FROM audit_log WHERE client_id = $1 AND action = 'AccountDelete'`,
      [a.clientId],
    );
    expect(log.rows).toEqual([{ actor_email: a.sub.email, result: 'error' }]);
  });

  it('an anonymous caller', async () => {
    expectErrorShape(await s.rpc('AccountDelete', OK), 401, 'JWT_MISSING');
  });
});

describe('AccountDelete deletes', () => {
  it('the account at once: every row of it, its mails, and every session of every user', async () => {
    const a = await populated();
    expect(await count(`SELECT count(*) FROM mail_outbox WHERE lower(to_address) = $1`, [a.email])).toBeGreaterThan(0);
    const r = await s.rpc('AccountDelete', OK, a.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: true, billing_kept: false });
    expect(await rowsOf(a.clientId)).toEqual({
      clients: 0,
      users: 0,
      user_claims: 0,
      projects: 0,
      probe_notes: 0,
      probe_links: 0,
      probe_invoices: 0,
    });
    expect(await count(`SELECT count(*) FROM email_codes WHERE user_id = $1`, [a.userId])).toBe(0);
    expect(
      await count(`SELECT count(*) FROM mail_outbox WHERE lower(to_address) = ANY ($1)`, [[a.email, a.sub.email.toLowerCase()]]),
    ).toBe(0);
    for (const token of [a.token, a.second, a.subToken]) {
      expectErrorShape(await s.get('MyProfile', token), 401, 'JWT_REVOKED');
      expectErrorShape(await s.rpc('RefreshToken', {}, token), 401, 'JWT_REVOKED');
    }
    expectErrorShape(await s.rpc('login', { p_email: a.email, p_password: a.password }), 401, 'INVALID_CREDENTIALS');
    expectErrorShape(await s.rpc('login', { p_email: a.sub.email, p_password: a.sub.password }), 401, 'INVALID_CREDENTIALS');
  });

  it('keeps the registration data offline for 6 months, without password hashes', async () => {
    const a = await populated();
    await s.rpc('AccountDelete', OK, a.token);
    const rows = (
      await s.db.owner.query(
        `SELECT registration, billing_kept, purge_after::date = (deleted_at + interval '6 months')::date AS six_months FROM account_archive WHERE client_id = $1`,
        [a.clientId],
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ billing_kept: false, six_months: true });
    expect(rows[0].registration.client).toMatchObject({ id: a.clientId, city: 'Porto', telegram_id: '@someone' });
    expect(rows[0].registration.users.map((u: { email: string }) => u.email).sort()).toEqual([a.email, a.sub.email].sort());
    expect(JSON.stringify(rows[0].registration)).not.toMatch(/password|\$argon2/);
    // Nothing in the API reads the archive, and the application role cannot read it at all.
    await expect(s.db.system((tx) => tx.query(`SELECT * FROM account_archive`))).rejects.toThrow(/permission denied/);
  });

  it('keeps only the entry of the deletion in the account’s log', async () => {
    const a = await populated();
    expect(await count(`SELECT count(*) FROM audit_log WHERE client_id = $1`, [a.clientId])).toBeGreaterThan(1);
    await s.rpc('AccountDelete', OK, a.token);
    const log = await s.db.owner.query(`SELECT action, result, actor_email, target FROM audit_log WHERE client_id = $1`, [
      a.clientId,
    ]);
    expect(log.rows).toEqual([{ action: 'AccountDelete', result: 'ok', actor_email: a.email, target: 'account' }]);
  });

  it('leaves other accounts alone: B deleting itself changes nothing of A', async () => {
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const demoIds = (await s.get('MyProfile', demo)).body[0];
    const before = await rowsOf(demoIds.client);
    const b = await populated();
    await s.rpc('AccountDelete', OK, b.token);
    expect(await rowsOf(demoIds.client)).toEqual(before);
    expect((await s.get('MyProfile', demo)).status).toBe(200);
    await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  it('keeps the billing data (account row and billing tables) when invoices were issued', async () => {
    const a = await populated();
    await s.db.owner.query(`INSERT INTO probe_invoices (client_id, number) VALUES ($1, 'INV-1')`, [a.clientId]);
    await s.db.owner.query(`CREATE OR REPLACE FUNCTION billing_records_exist(p_client uuid) RETURNS boolean LANGUAGE sql STABLE AS
      $$ SELECT EXISTS (SELECT 1 FROM probe_invoices WHERE client_id = p_client) $$`);
    await s.db.owner.query(
      `CREATE OR REPLACE FUNCTION billing_tables() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$ SELECT '{probe_invoices}'::text[] $$`,
    );
    try {
      const r = await s.rpc('AccountDelete', OK, a.token);
      expect(r.body).toEqual({ success: true, billing_kept: true });
      expect(await rowsOf(a.clientId)).toEqual({
        clients: 1,
        users: 0,
        user_claims: 0,
        projects: 0,
        probe_notes: 0,
        probe_links: 0,
        probe_invoices: 1,
      });
      const c = (await s.db.owner.query(`SELECT * FROM clients WHERE id = $1`, [a.clientId])).rows[0];
      expect(c).toMatchObject({
        first_name: 'Rita',
        address: 'Rua Nova 1',
        city: 'Porto',
        postcode: '4000-001',
        telegram_id: null,
        telegram_pending: false,
      });
      expect(c.deleted_at).not.toBeNull();
      expectErrorShape(await s.get('MyProfile', a.token), 401, 'JWT_REVOKED');
      expectErrorShape(await s.rpc('login', { p_email: a.email, p_password: a.password }), 401, 'INVALID_CREDENTIALS');
      expect(
        (await s.db.owner.query(`SELECT billing_kept FROM account_archive WHERE client_id = $1`, [a.clientId])).rows,
      ).toEqual([{ billing_kept: true }]);
      // The e-mail address is free again: the same person may register anew.
      expect(await count(`SELECT count(*) FROM users WHERE lower(email) = $1`, [a.email])).toBe(0);
    } finally {
      await s.db.owner.query(
        `CREATE OR REPLACE FUNCTION billing_records_exist(p_client uuid) RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT false $$`,
      );
      await s.db.owner.query(
        `CREATE OR REPLACE FUNCTION billing_tables() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$ SELECT '{}'::text[] $$`,
      );
    }
  });
});

describe('AccountDelete and identity documents', () => {
  it('removes the account ID document files from storage, not only their rows', async () => {
    const a = await newAccount(s);
    const r = await upload(s, a.token, { kind: 'document', bytes: png(901) });
    expect(r.status).toBe(200);
    const key = (await s.db.owner.query(`SELECT storage_key FROM verification_documents WHERE client_id = $1`, [a.clientId]))
      .rows[0].storage_key;
    const file = path.join(s.config.dataDir, 'uploads', key);
    const exists = () =>
      fs.stat(file).then(
        () => true,
        () => false,
      );
    expect(await exists()).toBe(true);
    expect((await s.rpc('AccountDelete', OK, a.token)).status).toBe(200);
    expect(await exists()).toBe(false);
  });

  it('removes the files the account uploaded for tickets too', async () => {
    const a = await newAccount(s);
    const form = new FormData();
    form.append('p_category', 'ticket');
    form.append('file', new Blob([new Uint8Array(png(902))], { type: 'image/png' }), 'shot.png');
    const up = await fetch(`${s.url}/api/rpc/FileUpload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const key = (await s.db.owner.query(`SELECT storage_key FROM files WHERE client_id = $1`, [a.clientId])).rows[0].storage_key;
    const file = path.join(s.config.dataDir, 'uploads', key);
    await fs.stat(file);
    expect((await s.rpc('AccountDelete', OK, a.token)).status).toBe(200);
    await expect(fs.stat(file)).rejects.toThrow();
  });
});
