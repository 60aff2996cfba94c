/**
 * Projects (spec 1 §5, spec 2 §7-§8) through real HTTP: MyProjects, AddMyProject,
 * UpdateProjectName, MakeProjectDefault, DeleteMyProject and VmsUpdateProject — every name rule
 * and message, the one default per account, the delete refusals, tenant isolation (404, never
 * 403), audit entries, and that a refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portside/contract/constants';
import { TEST_KEYS } from '@portside/contract/rules/ssh-key.fixtures';
import { seed } from '../src/db/seed.js';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, idsOf, newAccount, scalar } from './factories.js';
import { addProject, auditCount, defaultProjectOf, projectState, projectsOf } from './project-factories.js';

let s: TestServer;
let demo: string;
let other: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
});
afterAll(async () => s?.stop());

describe('GET /api/MyProjects', () => {
  it('lists the seeded demo projects, default first, with VM count and SSH keys', async () => {
    const rows = await projectsOf(s, demo);
    expect(rows.map((p) => [p.name, p.is_default, p.vm_count, p.ssh_key_count])).toEqual([
      // The demo's default project holds web-1, db-1, win-desktop and the VPN server vpn-lisbon.
      ['default', true, 4, 1],
      ['staging', false, 2, 0],
    ]);
    expect(Object.keys(rows[0]).sort()).toEqual([
      'created_at',
      'is_default',
      'name',
      'project',
      'ssh_key_count',
      'ssh_keys',
      'vm_count',
    ]);
    expect(rows[0].ssh_keys).toEqual([
      { id: expect.any(Number), name: 'dana@demo-laptop', fingerprint: 'SHA256:Fdbi+5jCIhDGqfkcM7LUZ6HQidH3nIcbKC7byf2kzCs' },
    ]);
    expect(rows[1].ssh_keys).toEqual([]);
  });

  it('is seeded idempotently: seeding again adds no project and no key', async () => {
    const before = await projectState(s);
    await seed(s.db.owner);
    expect(await projectState(s)).toBe(before);
  });

  it('gives a new account exactly its default project', async () => {
    const a = await newAccount(s);
    expect((await projectsOf(s, a.token)).map((p) => [p.name, p.is_default])).toEqual([['default', true]]);
  });

  it('filters, selects and counts like every view', async () => {
    const r = await s.get('MyProjects?select=name&name=eq.staging', demo, { prefer: 'count=exact' });
    expect(r.body).toEqual([{ name: 'staging' }]);
    expect(r.headers.get('content-range')).toBe('0-0/1');
  });
});

describe('AddMyProject', () => {
  it('adds a non-default project and writes an audit entry', async () => {
    const a = await newAccount(s);
    const r = await s.rpc('AddMyProject', { p_name: 'web_prod-1.eu' }, a.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, project: expect.any(Number) });
    expect((await projectsOf(s, a.token)).map((p) => [p.project, p.name, p.is_default])).toContainEqual([
      r.body.project,
      'web_prod-1.eu',
      false,
    ]);
    expect(await auditCount(s, a.clientId, 'AddMyProject')).toBe(1);
  });

  it.each([
    ['my project', 'project_name_spaces', 'Project name cannot contain spaces'],
    [' web', 'project_name_spaces', 'Project name cannot contain spaces'],
    ['proj@x', 'project_name_invalid_chars', 'Project name contains invalid characters'],
    ['projé', 'project_name_invalid_chars', 'Project name contains invalid characters'],
    ['ab', 'project_name_too_short', 'Project name is too short'],
    ['a'.repeat(LIMITS.projectNameMax + 1), 'project_name_too_long', 'Project name is too long'],
    ['', 'project_name_empty', 'Project name is empty'],
  ])('refuses %j with %s and writes nothing', async (name, key, text) => {
    const before = await projectState(s);
    const audits = await scalar(s, 'SELECT count(*) FROM audit_log');
    const r = await s.rpc('AddMyProject', { p_name: name }, demo);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual([`p_name: ${key}`]);
    expect(r.body.hint).toBe(text);
    expect(await projectState(s)).toBe(before);
    expect(await scalar(s, 'SELECT count(*) FROM audit_log')).toBe(audits);
  });

  it('refuses a name the account already has, ignoring case, with the spec’s message', async () => {
    const before = await projectState(s);
    const r = await s.rpc('AddMyProject', { p_name: 'STAGING' }, demo);
    expectErrorShape(r, 409, 'PROJECT_NAME_TAKEN');
    expect(r.body.message).toBe('Project name must be unique');
    expect(r.body.details).toBe('p_name: project_name_not_unique');
    expect(await projectState(s)).toBe(before);
    const { clientId } = await idsOf(s, DEMO_USERS.demo.email);
    expect(await auditCount(s, clientId, 'AddMyProject', 'error')).toBeGreaterThanOrEqual(1);
  });

  it('lets another account use the same name (unique per account)', async () => {
    const a = await newAccount(s);
    await addProject(s, a.token, 'staging');
  });

  it('lets only one of two racing requests for one name win', async () => {
    const a = await newAccount(s);
    const answers = await Promise.all(Array.from({ length: 6 }, () => s.rpc('AddMyProject', { p_name: 'race' }, a.token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await projectsOf(s, a.token)).filter((p) => p.name === 'race')).toHaveLength(1);
  });
});

describe('UpdateProjectName', () => {
  it('renames, also to the same name in other letter case', async () => {
    const a = await newAccount(s);
    const id = await addProject(s, a.token, 'alpha');
    expect((await s.rpc('UpdateProjectName', { p_project: id, p_name: 'beta' }, a.token)).body).toEqual({ success: true });
    expect((await s.rpc('UpdateProjectName', { p_project: id, p_name: 'Beta' }, a.token)).status).toBe(200);
    expect((await projectsOf(s, a.token, `?project=eq.${id}`))[0].name).toBe('Beta');
    expect(await auditCount(s, a.clientId, 'UpdateProjectName')).toBe(2);
  });

  it('says "Name unchanged, not updating" for the same name', async () => {
    const a = await newAccount(s);
    const id = await addProject(s, a.token, 'alpha');
    const r = await s.rpc('UpdateProjectName', { p_project: id, p_name: 'alpha' }, a.token);
    expectErrorShape(r, 422, 'PROJECT_NAME_UNCHANGED');
    expect(r.body.message).toBe('Name unchanged, not updating');
    expect(r.body.details).toBe('p_name: project_name_unchanged');
  });

  it('refuses another project’s name and every name rule', async () => {
    const a = await newAccount(s);
    const id = await addProject(s, a.token, 'alpha');
    const taken = await s.rpc('UpdateProjectName', { p_project: id, p_name: 'DEFAULT' }, a.token);
    expectErrorShape(taken, 409, 'PROJECT_NAME_TAKEN');
    const spaced = await s.rpc('UpdateProjectName', { p_project: id, p_name: 'a b c' }, a.token);
    expect(detailLines(spaced)).toEqual(['p_name: project_name_spaces']);
    expect((await projectsOf(s, a.token, `?project=eq.${id}`))[0].name).toBe('alpha');
  });

  it('renames the default project too', async () => {
    const a = await newAccount(s);
    const id = await defaultProjectOf(s, a.token);
    expect((await s.rpc('UpdateProjectName', { p_project: id, p_name: 'main' }, a.token)).status).toBe(200);
    expect((await projectsOf(s, a.token)).map((p) => [p.name, p.is_default])).toEqual([['main', true]]);
  });

  it('answers 404 for a project that does not exist', async () => {
    expectErrorShape(await s.rpc('UpdateProjectName', { p_project: 99_999_999, p_name: 'valid' }, demo), 404, 'NotFound');
  });
});

describe('MakeProjectDefault', () => {
  it('switches the default so that exactly one project is default', async () => {
    const a = await newAccount(s);
    const id = await addProject(s, a.token, 'next');
    expect((await s.rpc('MakeProjectDefault', { p_project: id }, a.token)).body).toEqual({ success: true });
    expect((await projectsOf(s, a.token)).map((p) => [p.name, p.is_default])).toEqual([
      ['next', true],
      ['default', false],
    ]);
    expect((await s.rpc('MakeProjectDefault', { p_project: id }, a.token)).status).toBe(200);
    expect(await auditCount(s, a.clientId, 'MakeProjectDefault')).toBe(2);
  });

  it('keeps exactly one default under concurrent switches', async () => {
    const a = await newAccount(s);
    const ids = [await defaultProjectOf(s, a.token), await addProject(s, a.token, 'one'), await addProject(s, a.token, 'two')];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => s.rpc('MakeProjectDefault', { p_project: ids[i % 3] }, a.token)),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await projectsOf(s, a.token)).filter((p) => p.is_default)).toHaveLength(1);
  });

  it('answers 404 for an unknown project and changes nothing', async () => {
    const before = await projectState(s);
    expectErrorShape(await s.rpc('MakeProjectDefault', { p_project: 99_999_999 }, demo), 404, 'NotFound');
    expect(await projectState(s)).toBe(before);
  });

  it('is backed by the database: an account cannot be left without a default project', async () => {
    const a = await newAccount(s);
    const run = s.db.run({ kind: 'tenant', clientId: a.clientId, userId: a.userId }, (tx) =>
      tx.query(`UPDATE projects SET is_default = false`),
    );
    await expect(run).rejects.toMatchObject({ code: '23000' });
    expect((await projectsOf(s, a.token)).filter((p) => p.is_default)).toHaveLength(1);
  });
});

describe('DeleteMyProject', () => {
  it('deletes an empty project', async () => {
    const a = await newAccount(s);
    const id = await addProject(s, a.token, 'temp');
    expect((await s.rpc('DeleteMyProject', { p_project: id }, a.token)).body).toEqual({ success: true });
    expect((await projectsOf(s, a.token)).map((p) => p.name)).toEqual(['default']);
    expect(await auditCount(s, a.clientId, 'DeleteMyProject')).toBe(1);
  });

  it('refuses the default project', async () => {
    const a = await newAccount(s);
    const r = await s.rpc('DeleteMyProject', { p_project: await defaultProjectOf(s, a.token) }, a.token);
    expectErrorShape(r, 409, 'PROJECT_IS_DEFAULT');
    expect(r.body.message).toBe('The default project cannot be deleted');
    expect(await projectsOf(s, a.token)).toHaveLength(1);
    expect(await auditCount(s, a.clientId, 'DeleteMyProject', 'error')).toBe(1);
  });

  it('refuses a project holding SSH keys with the spec’s message, and deletes it once they are gone', async () => {
    const a = await newAccount(s);
    const id = await addProject(s, a.token, 'keys');
    const up = await s.rpc('UploadSSHKeys', { p_keys: TEST_KEYS.ed25519.line, p_project: id }, a.token);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const r = await s.rpc('DeleteMyProject', { p_project: id }, a.token);
    expectErrorShape(r, 409, 'PROJECT_NOT_EMPTY');
    expect(r.body.message).toBe('Project cannot be deleted if it contains VMs or SSH keys');
    expect(r.body.details).toContain('ssh_keys: 1');
    expect(await projectsOf(s, a.token, `?project=eq.${id}`)).toHaveLength(1);
    await s.rpc('DeleteSSHKeys', { p_ids: [up.body.keys[0].id] }, a.token);
    expect((await s.rpc('DeleteMyProject', { p_project: id }, a.token)).status).toBe(200);
  });

  it('answers 404 for an unknown project', async () => {
    expectErrorShape(await s.rpc('DeleteMyProject', { p_project: 99_999_999 }, demo), 404, 'NotFound');
  });
});

describe('VmsUpdateProject', () => {
  it('moves the account’s servers into another project, and MyProjects counts them there', async () => {
    const [aDefault, aStaging] = (await projectsOf(s, demo)).map((p) => p.project as number);
    const inDefault = (await s.get(`MyVMs2?select=provisioned_id&project=eq.${aDefault}&order=provisioned_id`, demo))
      .body as Array<{ provisioned_id: number }>;
    const ids = inDefault.slice(0, 2).map((v) => String(v.provisioned_id));
    expect((await s.rpc('VmsUpdateProject', { p_vms: ids, p_project: aStaging }, demo)).body).toEqual({ success: true });
    expect((await projectsOf(s, demo)).map((p) => p.vm_count)).toEqual([2, 4]);
    expect((await s.rpc('VmsUpdateProject', { p_vms: ids, p_project: aDefault }, demo)).status).toBe(200);
    expect((await projectsOf(s, demo)).map((p) => p.vm_count)).toEqual([4, 2]);
  });

  it('moves nothing when one of the servers is another account’s (404 naming it)', async () => {
    const [aDefault, aStaging] = (await projectsOf(s, demo)).map((p) => p.project as number);
    const mine = (await s.get(`MyVMs2?select=provisioned_id&project=eq.${aDefault}&limit=1`, demo)).body[0]
      .provisioned_id as number;
    const theirs = (await s.get('MyVMs2?select=provisioned_id&limit=1', other)).body[0].provisioned_id as number;
    const r = await s.rpc('VmsUpdateProject', { p_vms: [String(mine), String(theirs)], p_project: aStaging }, demo);
    expectErrorShape(r, 404, 'NotFound');
    expect(r.body.details).toBe(`p_vms: ${theirs}`);
    expect((await projectsOf(s, demo)).map((p) => p.vm_count)).toEqual([4, 2]);
  });

  it('answers 404 naming a server the account does not have', async () => {
    const r = await s.rpc('VmsUpdateProject', { p_vms: ['vm-100'], p_project: await defaultProjectOf(s, demo) }, demo);
    expectErrorShape(r, 404, 'NotFound');
    expect(r.body.details).toBe('p_vms: vm-100');
  });

  it('answers 404 for an unknown project and 400 for an empty list', async () => {
    expectErrorShape(await s.rpc('VmsUpdateProject', { p_vms: ['vm-1'], p_project: 99_999_999 }, demo), 404, 'NotFound');
    const empty = await s.rpc('VmsUpdateProject', { p_vms: [], p_project: 1 }, demo);
    expect(detailLines(empty)).toEqual(['p_vms: vms_empty']);
  });
});

describe('tenant isolation', () => {
  it('never shows customer A’s projects to customer B', async () => {
    const aIds = (await projectsOf(s, demo)).map((p) => p.project);
    const bRows = await projectsOf(s, other);
    expect(bRows.map((p) => p.name)).toEqual(['default']);
    expect(bRows.some((p) => aIds.includes(p.project))).toBe(false);
    for (const id of aIds) expect(await projectsOf(s, other, `?project=eq.${id}`)).toEqual([]);
  });

  it('answers 404 (not 403) to every call of B on A’s project and changes nothing', async () => {
    const [aDefault, aStaging] = (await projectsOf(s, demo)).map((p) => p.project as number);
    const before = await projectState(s);
    const calls: Array<[string, object]> = [
      ['UpdateProjectName', { p_project: aStaging, p_name: 'stolen' }],
      ['MakeProjectDefault', { p_project: aStaging }],
      ['DeleteMyProject', { p_project: aStaging }],
      ['DeleteMyProject', { p_project: aDefault }],
      ['VmsUpdateProject', { p_vms: ['vm-1'], p_project: aStaging }],
    ];
    for (const [name, body] of calls) expectErrorShape(await s.rpc(name, body, other), 404, 'NotFound');
    expect(await projectState(s)).toBe(before);
  });

  it('gives the account’s projects to a sub-user holding menu-see-cloud-servers, and refuses one without it (docs/access.md)', async () => {
    const { clientId } = await idsOf(s, DEMO_USERS.demo.email);
    const cloud = await createSubUser(s, clientId, { claims: ['menu-see-cloud-servers'] });
    expect((await projectsOf(s, await s.login(cloud.email, cloud.password))).map((p) => p.name)).toEqual(['default', 'staging']);
    const bare = await createSubUser(s, clientId, { claims: [] });
    const none = await s.login(bare.email, bare.password);
    expectErrorShape(await s.get('MyProjects', none), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.rpc('AddMyProject', { p_name: 'nope' }, none), 403, 'CLAIM_REQUIRED');
  });

  it('refuses the calls without a token with 401', async () => {
    expectErrorShape(await s.get('MyProjects'), 401, 'JWT_MISSING');
    expectErrorShape(await s.rpc('AddMyProject', { p_name: 'valid' }), 401, 'JWT_MISSING');
  });
});
