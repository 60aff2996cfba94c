/**
 * SSH keys through real HTTP: MySSHKeys, UploadSSHKeys (every line a real OpenSSH key, bad and
 * repeated lines named, all or nothing), UpdateSSHKeyName, DeleteSSHKeys and
 * CopySSHKeysToProject — with tenant isolation (404, never 403), audit entries, and the database
 * refusing a key in another account's project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEYS } from '@portside/contract/rules/ssh-key.fixtures';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, detailLines, expectErrorShape, idsOf, newAccount } from './factories.js';
import { addProject, auditCount, defaultProjectOf, keysOf, projectState } from './project-factories.js';

let s: TestServer;
let demo: string;
let other: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
});
afterAll(async () => s?.stop());

const upload = (token: string, keys: string, project?: number) =>
  s.rpc('UploadSSHKeys', { p_keys: keys, ...(project ? { p_project: project } : {}) }, token);
const ALL = [TEST_KEYS.ed25519, TEST_KEYS.ecdsa256, TEST_KEYS.ecdsa384, TEST_KEYS.ecdsa521, TEST_KEYS.rsa2048, TEST_KEYS.rsa4096];

describe('GET /api/MySSHKeys', () => {
  it('lists the seeded demo key with the columns of the view', async () => {
    const rows = await keysOf(s, demo);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        name: 'dana@demo-laptop',
        key_type: 'ssh-ed25519',
        bits: 256,
        fingerprint: 'SHA256:Fdbi+5jCIhDGqfkcM7LUZ6HQidH3nIcbKC7byf2kzCs',
        comment: 'dana@demo-laptop',
        public_key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIBAPBh0IvROX+DhV3DiRwPEZNyxBpuHIzq4WtCNgC7V dana@demo-laptop',
        project: await defaultProjectOf(s, demo),
        project_name: 'default',
        created_at: expect.any(String),
      },
    ]);
  });

  it('shows customer B none of A’s keys', async () => {
    expect(await keysOf(s, other)).toEqual([]);
  });
});

describe('UploadSSHKeys', () => {
  it('saves one key into the default project, named by its comment, with ssh-keygen’s fingerprint', async () => {
    const a = await newAccount(s);
    const r = await upload(a.token, TEST_KEYS.ed25519.line);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      keys: [{ id: expect.any(Number), name: 'test-ed25519@portside', fingerprint: TEST_KEYS.ed25519.fingerprint, line: 1 }],
    });
    const [row] = await keysOf(s, a.token);
    expect(row).toMatchObject({
      key_type: 'ssh-ed25519',
      bits: 256,
      fingerprint: TEST_KEYS.ed25519.fingerprint,
      project_name: 'default',
    });
    expect(await auditCount(s, a.clientId, 'UploadSSHKeys')).toBe(1);
  });

  it('saves every supported type from one upload, one per line, into the chosen project', async () => {
    const a = await newAccount(s);
    const project = await addProject(s, a.token, 'infra');
    const r = await upload(a.token, `\r\n${ALL.map((k) => k.line).join('\r\n\n')}\n`, project);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await keysOf(s, a.token, '?order=id');
    expect(rows.map((k) => [k.key_type, k.bits, k.fingerprint, k.project])).toEqual(
      ALL.map((k) => [k.type, k.bits, k.fingerprint, project]),
    );
    expect(r.body.keys.map((k: { line: number }) => k.line)).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('names a key without a comment by its type and fingerprint', async () => {
    const a = await newAccount(s);
    expect((await upload(a.token, TEST_KEYS.ed25519NoComment.line)).body.keys[0].name).toBe('ed25519-p2/zJ/19');
  });

  it('names every bad line and saves nothing, also the good lines', async () => {
    const a = await newAccount(s);
    const before = await projectState(s);
    const text = [
      TEST_KEYS.ed25519.line,
      TEST_KEYS.rsa2048.line,
      TEST_KEYS.rsa1024.line,
      TEST_KEYS.dsa.line,
      'ssh-ed25519 AAAA!!!! x',
    ].join('\n');
    const r = await upload(a.token, text);
    expectErrorShape(r, 400, 'SSH_KEY_INVALID');
    expect(r.body.message).toBe(
      'line 3: RSA keys must have at least 2048 bits; line 4: Unsupported key type: use ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa; line 5: The key data is not valid base64',
    );
    expect(r.body.details.split('\n')).toEqual([
      'p_keys.3: ssh_key_rsa_too_short',
      'p_keys.4: ssh_key_type_unsupported',
      'p_keys.5: ssh_key_base64_invalid',
    ]);
    expect(r.body.hint).toMatch(/^Nothing was saved/);
    expect(await projectState(s)).toBe(before);
    expect(await auditCount(s, a.clientId, 'UploadSSHKeys', 'error')).toBe(1);
  });

  it('refuses a key whose type name does not match its data', async () => {
    const a = await newAccount(s);
    const r = await upload(a.token, `ssh-rsa ${TEST_KEYS.ed25519.line.split(' ')[1]} x`);
    expect(r.body.message).toBe('line 1: The key type does not match the key data');
  });

  it('refuses a pasted private key once, naming its first line', async () => {
    const a = await newAccount(s);
    const r = await upload(
      a.token,
      `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n`,
    );
    expectErrorShape(r, 400, 'SSH_KEY_INVALID');
    expect(r.body.message).toBe('line 1: This is a private key: paste only the public key (the .pub file)');
  });

  it('names a key repeated inside the upload', async () => {
    const a = await newAccount(s);
    const r = await upload(
      a.token,
      `${TEST_KEYS.ed25519.line}\n${TEST_KEYS.ecdsa256.line}\n${TEST_KEYS.ed25519.line.replace('test-', 'copy-')}`,
    );
    expectErrorShape(r, 400, 'SSH_KEY_INVALID');
    expect(r.body.message).toBe('line 3: The same key is on an earlier line (line 1)');
    expect(await keysOf(s, a.token)).toEqual([]);
  });

  it('names a key the project already holds and saves nothing; another project takes it', async () => {
    const a = await newAccount(s);
    await upload(a.token, TEST_KEYS.ed25519.line);
    const r = await upload(a.token, `${TEST_KEYS.ecdsa384.line}\n${TEST_KEYS.ed25519.line}`);
    expectErrorShape(r, 409, 'SSH_KEY_EXISTS');
    expect(r.body.message).toBe('line 2: This key is already in the project');
    expect(r.body.details).toBe('p_keys.2: ssh_key_exists');
    expect(await keysOf(s, a.token)).toHaveLength(1);
    const staging = await addProject(s, a.token, 'staging');
    expect((await upload(a.token, TEST_KEYS.ed25519.line, staging)).status).toBe(200);
  });

  it('says which lines are wrong when many are, listing all in the details', async () => {
    const a = await newAccount(s);
    const r = await upload(a.token, Array.from({ length: 8 }, (_, i) => `junk${i}`).join('\n'));
    expect(r.body.message).toMatch(/^line 1: .*; line 5: [^;]*; and 3 more$/);
    expect(r.body.details.split('\n')).toHaveLength(8);
  });

  it('refuses an empty text and more than 100 keys before reading them', async () => {
    expect(detailLines(await upload(demo, '  \n '))).toEqual(['p_keys: ssh_keys_empty']);
    expect(detailLines(await upload(demo, Array(101).fill(TEST_KEYS.ed25519.line).join('\n')))).toEqual([
      'p_keys: ssh_keys_too_many',
    ]);
  });

  it('answers 404 for an unknown project or customer B’s project, saving nothing', async () => {
    const before = await projectState(s);
    expectErrorShape(await upload(demo, TEST_KEYS.ecdsa521.line, 99_999_999), 404, 'NotFound');
    expectErrorShape(await upload(other, TEST_KEYS.ecdsa521.line, await defaultProjectOf(s, demo)), 404, 'NotFound');
    expect(await projectState(s)).toBe(before);
  });
});

describe('UpdateSSHKeyName', () => {
  it('renames a key, trimmed', async () => {
    const a = await newAccount(s);
    const id = (await upload(a.token, TEST_KEYS.ed25519.line)).body.keys[0].id;
    expect((await s.rpc('UpdateSSHKeyName', { p_id: id, p_name: '  laptop 2024 ' }, a.token)).body).toEqual({ success: true });
    expect((await keysOf(s, a.token))[0].name).toBe('laptop 2024');
    expect(await auditCount(s, a.clientId, 'UpdateSSHKeyName')).toBe(1);
  });

  it('refuses an empty or multi-line name', async () => {
    const id = (await keysOf(s, demo))[0].id;
    expect(detailLines(await s.rpc('UpdateSSHKeyName', { p_id: id, p_name: ' ' }, demo))).toEqual(['p_name: ssh_key_name_empty']);
    expect(detailLines(await s.rpc('UpdateSSHKeyName', { p_id: id, p_name: 'a\nb' }, demo))).toEqual([
      'p_name: ssh_key_name_invalid',
    ]);
  });

  it('answers 404 to customer B for A’s key and leaves it alone', async () => {
    const key = (await keysOf(s, demo))[0];
    expectErrorShape(await s.rpc('UpdateSSHKeyName', { p_id: key.id, p_name: 'mine' }, other), 404, 'NotFound');
    expect((await keysOf(s, demo))[0].name).toBe(key.name);
  });
});

describe('DeleteSSHKeys', () => {
  it('deletes several keys at once', async () => {
    const a = await newAccount(s);
    const ids = (
      await upload(a.token, `${TEST_KEYS.ed25519.line}\n${TEST_KEYS.rsa3072.line}\n${TEST_KEYS.ecdsa256.line}`)
    ).body.keys.map((k: { id: number }) => k.id);
    expect((await s.rpc('DeleteSSHKeys', { p_ids: ids.slice(0, 2) }, a.token)).body).toEqual({ success: true, deleted: 2 });
    expect((await keysOf(s, a.token)).map((k) => k.id)).toEqual([ids[2]]);
    expect(await auditCount(s, a.clientId, 'DeleteSSHKeys')).toBe(1);
  });

  it('deletes nothing when one of the keys is customer A’s (B asking) and answers 404', async () => {
    const b = await newAccount(s);
    const own = (await upload(b.token, TEST_KEYS.ed25519.line)).body.keys[0].id;
    const aKey = (await keysOf(s, demo))[0].id;
    const r = await s.rpc('DeleteSSHKeys', { p_ids: [own, aKey] }, b.token);
    expectErrorShape(r, 404, 'NotFound');
    expect(r.body.details).toBe(`p_ids: ${aKey}`);
    expect(await keysOf(s, b.token)).toHaveLength(1);
    expect(await keysOf(s, demo)).toHaveLength(1);
  });

  it('needs at least one id', async () => {
    expect(detailLines(await s.rpc('DeleteSSHKeys', { p_ids: [] }, demo))).toEqual(['p_ids: ssh_keys_none_selected']);
  });
});

describe('CopySSHKeysToProject', () => {
  it('copies keys to another project and skips the ones it already holds', async () => {
    const a = await newAccount(s);
    const target = await addProject(s, a.token, 'target');
    const ids = (await upload(a.token, `${TEST_KEYS.ed25519.line}\n${TEST_KEYS.ecdsa256.line}`)).body.keys.map(
      (k: { id: number }) => k.id,
    );
    await upload(a.token, TEST_KEYS.ecdsa256.line, target);
    const r = await s.rpc('CopySSHKeysToProject', { p_ids: ids, p_project: target }, a.token);
    expect(r.body).toEqual({ success: true, copied: 1, skipped: 1 });
    const inTarget = await keysOf(s, a.token, `?project=eq.${target}&order=fingerprint`);
    expect(inTarget.map((k) => k.fingerprint).sort()).toEqual(
      [TEST_KEYS.ecdsa256.fingerprint, TEST_KEYS.ed25519.fingerprint].sort(),
    );
    expect(await keysOf(s, a.token)).toHaveLength(4);
    expect(await auditCount(s, a.clientId, 'CopySSHKeysToProject')).toBe(1);
  });

  it('answers 404 for B copying A’s keys, or copying into A’s project, and copies nothing', async () => {
    const b = await newAccount(s);
    const own = (await upload(b.token, TEST_KEYS.ed25519Deploy.line)).body.keys[0].id;
    const before = await projectState(s);
    const aKey = (await keysOf(s, demo))[0].id;
    expectErrorShape(
      await s.rpc('CopySSHKeysToProject', { p_ids: [aKey], p_project: await defaultProjectOf(s, b.token) }, b.token),
      404,
      'NotFound',
    );
    expectErrorShape(
      await s.rpc('CopySSHKeysToProject', { p_ids: [own], p_project: await defaultProjectOf(s, demo) }, b.token),
      404,
      'NotFound',
    );
    expect(await projectState(s)).toBe(before);
  });
});

describe('the database behind the rules', () => {
  it('refuses a key that points at another account’s project even when the request context is forged', async () => {
    const b = await idsOf(s, DEMO_USERS.other.email);
    const aProject = await defaultProjectOf(s, demo);
    const run = s.db.run({ kind: 'tenant', ...b }, (tx) =>
      tx.query(
        `INSERT INTO ssh_keys (client_id, project_id, name, public_key, key_type, bits, fingerprint)
         VALUES (portside_client(), $1, 'x', 'x', 'ssh-ed25519', 256, $2)`,
        [aProject, TEST_KEYS.ed25519.fingerprint],
      ),
    );
    await expect(run).rejects.toMatchObject({ code: '23503' });
  });

  it('removes an account’s keys and projects with the account', async () => {
    const a = await newAccount(s);
    await upload(a.token, `${TEST_KEYS.ed25519.line}\n${TEST_KEYS.rsa2048.line}`, await addProject(s, a.token, 'extra'));
    await s.db.owner.query(`DELETE FROM clients WHERE id = $1`, [a.clientId]);
    const left = await s.db.owner.query(
      `SELECT (SELECT count(*) FROM ssh_keys WHERE client_id = $1)::int AS k, (SELECT count(*) FROM projects WHERE client_id = $1)::int AS p`,
      [a.clientId],
    );
    expect(left.rows[0]).toEqual({ k: 0, p: 0 });
  });

  it('pages with count=exact', async () => {
    const a = await newAccount(s);
    await upload(a.token, ALL.map((k) => k.line).join('\n'));
    const r = await s.get('MySSHKeys?limit=4&offset=4&order=id', a.token, { prefer: 'count=exact' });
    expect(r.body).toHaveLength(2);
    expect(r.headers.get('content-range')).toBe('4-5/6');
  });
});
