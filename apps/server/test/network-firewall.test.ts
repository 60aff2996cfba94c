/**
 * A server's firewall and the account's IP sets (issue 15) through real HTTP on the seeded
 * simulated cluster: the batch as one operation with revisions, what the cluster then has and how
 * it judges packets, every refusal changing nothing, the limits (1000 IPs per set, 50 sets per
 * server), PATCH of an IP set, and isolation from other accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, newAccount } from './factories.js';
import { createTestVm } from './vm-factories.js';
import type { SimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';

let s: TestServer;
let demo: string;
let demoClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => s?.stop());

let serial = 0;
const fresh = (clientId = demoClient) => createTestVm(s.db, { clientId, name: `fw${Date.now().toString(36)}${serial++}` });
const sim = async (id: number) => {
  const r = await s.db.owner.query<{ cluster_id: number; vmid: number }>(
    `SELECT cluster_id, vmid FROM vms WHERE provisioned_id = $1`,
    [id],
  );
  const row = r.rows[0]!;
  return { driver: (await s.hypervisors.forCluster(row.cluster_id)) as SimulatorHypervisor, vmid: row.vmid };
};
const vm = async (id: number, token = demo) => (await s.get(`MyVMs2?provisioned_id=eq.${id}`, token)).body[0];
const rules = async (id: number, token = demo) => (await s.get(`MyFirewallRules?provisioned_id=eq.${id}`, token)).body;
const lastOperation = async (id: number) =>
  (
    await s.db.owner.query<{ action: string; status: string; message: string }>(
      `SELECT action, status, message FROM vm_operations WHERE provisioned_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [id],
    )
  ).rows[0]!;
async function save(id: number, body: Record<string, unknown>, token = demo) {
  const r = await s.rpc(
    'AddFirewallRule',
    { p_provisioned_id: id, p_block_others: false, p_revision: 0, p_rules: [], ...body },
    token,
  );
  await s.jobsIdle();
  return r;
}
let setSerial = 0;
async function newSet(ips = '', token = demo) {
  const r = await s.rpc('CreateIpset', { p_name: `set-${Date.now().toString(36)}-${setSerial++}`, p_ips: ips }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { ipset: number; name: string; added: number; duplicates: number; count: number };
}

describe('firewall batch', () => {
  it('saves two rules and block everything else as one operation, and the cluster plays them', async () => {
    const { provisionedId: id } = await fresh();
    const r = await save(id, {
      p_block_others: true,
      p_rules: [
        { source: '203.0.113.0/24', dport: '22', proto: 'tcp', action: 'ACCEPT', comment: 'office ssh' },
        { source: '', dport: '80:443', proto: 'tcp', action: 'ACCEPT' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.action).toBe('firewall');
    expect(await lastOperation(id)).toMatchObject({ action: 'firewall', status: 'succeeded' });
    const list = await rules(id);
    expect(
      list.map((x: { pos: number; source: string; dport: string; applied: boolean }) => [x.pos, x.source, x.dport, x.applied]),
    ).toEqual([
      [1, '203.0.113.0/24', '22', true],
      [2, '', '80:443', true],
    ]);
    const row = await vm(id);
    expect([row.firewall_block_others, row.firewall_revision, row.firewall_applied_revision]).toEqual([true, 1, 1]);
    const { driver, vmid } = await sim(id);
    expect(await driver.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });
    expect((await driver.firewallRules(vmid)).map((x) => [x.source, x.dport, x.proto])).toEqual([
      ['203.0.113.0/24', '22', 'tcp'],
      ['', '80:443', 'tcp'],
    ]);
    expect(await driver.firewallVerdict(vmid, { source: '203.0.113.9', proto: 'tcp', dport: 22 })).toBe('ACCEPT');
    expect(await driver.firewallVerdict(vmid, { source: '198.51.100.1', proto: 'tcp', dport: 22 })).toBe('DROP');
    expect(await driver.firewallVerdict(vmid, { source: '198.51.100.1', proto: 'tcp', dport: 443 })).toBe('ACCEPT');
    expect(await driver.firewallVerdict(vmid, { source: '198.51.100.1', proto: 'udp', dport: 53 })).toBe('DROP');
  });

  it('refuses a draft made from an older revision and keeps the saved rules', async () => {
    const { provisionedId: id } = await fresh();
    expect((await save(id, { p_rules: [{ dport: '25', proto: 'tcp', action: 'DROP' }] })).status).toBe(200);
    const r = await save(id, { p_revision: 0, p_rules: [] });
    expectErrorShape(r, 409, 'FIREWALL_CHANGED');
    expect((await rules(id)).length).toBe(1);
    expect((await vm(id)).firewall_revision).toBe(1);
  });

  it("answers 'Invalid data' naming the field for a bad port or source, and changes nothing", async () => {
    const { provisionedId: id } = await fresh();
    for (const [rule, field, key] of [
      [{ dport: '70000', proto: 'tcp', action: 'ACCEPT' }, 'p_rules.0.dport', 'firewall_port_invalid'],
      [{ source: '10.0.0.1/24', proto: 'any', action: 'ACCEPT' }, 'p_rules.0.source', 'firewall_source_invalid'],
      [{ dport: '22', proto: 'icmp', action: 'ACCEPT' }, 'p_rules.0.proto', 'firewall_port_needs_protocol'],
      [{ proto: 'tcp', action: 'REJECT' }, 'p_rules.0.action', 'firewall_action_invalid'],
    ] as const) {
      const r = await save(id, { p_rules: [rule] });
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toContain(`${field}: ${key}`);
    }
    expect(await rules(id)).toEqual([]);
    expect((await vm(id)).firewall_revision).toBe(0);
    expect(await lastOperation(id)).toBeUndefined();
  });

  it('deletes rules as one batch and numbers the rest again', async () => {
    const { provisionedId: id } = await fresh();
    await save(id, {
      p_rules: [
        { dport: '21', proto: 'tcp', action: 'DROP' },
        { dport: '22', proto: 'tcp', action: 'ACCEPT' },
        { dport: '23', proto: 'tcp', action: 'DROP' },
      ],
    });
    const before = await rules(id);
    const r = await s.rpc(
      'DeleteFirewallRule',
      { p_provisioned_id: id, p_ids: [before[0].id, before[2].id], p_revision: 1 },
      demo,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await s.jobsIdle();
    expect((await rules(id)).map((x: { pos: number; dport: string }) => [x.pos, x.dport])).toEqual([[1, '22']]);
    const { driver, vmid } = await sim(id);
    expect((await driver.firewallRules(vmid)).map((x) => x.dport)).toEqual(['22']);
    expectErrorShape(
      await s.rpc('DeleteFirewallRule', { p_provisioned_id: id, p_ids: [before[0].id], p_revision: 2 }, demo),
      404,
      'FIREWALL_RULE_NOT_FOUND',
    );
  });

  it('names an attached IP set as a source, follows its entries on the cluster, and keeps it while a rule names it', async () => {
    const { provisionedId: id } = await fresh();
    const set = await newSet('192.0.2.10, 192.0.2.11');
    const rule = { source_ipset: set.ipset, dport: '3306', proto: 'tcp', action: 'ACCEPT' };
    expectErrorShape(await save(id, { p_rules: [rule], p_block_others: true }), 422, 'IPSET_NOT_ATTACHED');
    expect((await s.rpc('AddIpsetToVMs', { p_ipset: set.ipset, p_provisioned_ids: [id] }, demo)).status).toBe(200);
    expect((await save(id, { p_rules: [rule], p_block_others: true })).status).toBe(200);
    expect((await rules(id))[0]).toMatchObject({ source: '', source_ipset: set.ipset, source_ipset_name: set.name });
    const { driver, vmid } = await sim(id);
    expect(await driver.firewallVerdict(vmid, { source: '192.0.2.11', proto: 'tcp', dport: 3306 })).toBe('ACCEPT');
    expect(await driver.firewallVerdict(vmid, { source: '192.0.2.12', proto: 'tcp', dport: 3306 })).toBe('DROP');
    // New entries reach the cluster's copy.
    expect((await s.rpc('AddIPsToIpsets', { p_ipset: set.ipset, p_ips: '192.0.2.12' }, demo)).body.added).toBe(1);
    await s.jobsIdle();
    expect(await driver.firewallVerdict(vmid, { source: '192.0.2.12', proto: 'tcp', dport: 3306 })).toBe('ACCEPT');
    // Neither detached nor deleted while the rule names it.
    expectErrorShape(
      await s.rpc('DeleteIpsetFromVMs', { p_ipset: set.ipset, p_provisioned_ids: [id] }, demo),
      409,
      'IPSET_IN_USE',
    );
    expectErrorShape(await s.rpc('DeleteIpset', { p_ipset: set.ipset }, demo), 409, 'IPSET_IN_USE');
    // Once the rule is gone, the set goes and the cluster's copy with the next push.
    await save(id, { p_revision: 1, p_rules: [] });
    expect((await s.rpc('DeleteIpset', { p_ipset: set.ipset }, demo)).status).toBe(200);
    expect((await driver.ipsets('ps-ipset-')).map((x) => x.name)).not.toContain(`ps-ipset-${set.ipset}`);
  });

  it('is refused without vm-settings-firewall and allowed with it', async () => {
    const { provisionedId: id } = await fresh();
    const without = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const withClaim = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers', 'vm-settings-firewall'] });
    const t1 = await s.login(without.email, without.password);
    const t2 = await s.login(withClaim.email, withClaim.password);
    expectErrorShape(await save(id, {}, t1), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.get(`MyFirewallRules?provisioned_id=eq.${id}`, t1), 403, 'CLAIM_REQUIRED');
    expect((await save(id, { p_rules: [{ proto: 'icmp', action: 'ACCEPT' }] }, t2)).status).toBe(200);
    expect((await rules(id, t2)).length).toBe(1);
  });

  it("never touches another account's server", async () => {
    const other = await newAccount(s);
    const { provisionedId: id } = await fresh(other.clientId);
    expectErrorShape(await save(id, {}), 404);
    expect(await rules(id)).toEqual([]);
    expect((await vm(id, other.token)).firewall_revision).toBe(0);
  });
});

describe('IP sets', () => {
  it('creates a set from a comma separated list with repeats removed', async () => {
    const set = await newSet('198.51.100.1, 198.51.100.1,2001:db8::/48\n198.51.100.0/30 ; 2001:DB8:0::1');
    expect([set.added, set.duplicates, set.count]).toEqual([4, 1, 4]);
    const ips = (await s.rpc('GetIPsFromIpset', { p_ipset: set.ipset }, demo)).body.map((x: { ip: string }) => x.ip);
    expect(ips).toEqual(['198.51.100.0/30', '198.51.100.1', '2001:db8::/48', '2001:db8::1']);
    const row = (await s.get(`MyIpsets?ipset=eq.${set.ipset}`, demo)).body[0];
    expect(row).toMatchObject({ name: set.name, ip_count: 4, server_count: 0 });
  });

  it('refuses a name with spaces, a taken name in any case, and a list with an invalid entry, creating nothing', async () => {
    expectErrorShape(await s.rpc('CreateIpset', { p_name: 'my set' }, demo), 400, 'VALIDATION_FAILED');
    const set = await newSet();
    expectErrorShape(await s.rpc('CreateIpset', { p_name: set.name.toUpperCase() }, demo), 409, 'IPSET_NAME_TAKEN');
    const name = `bad-${Date.now()}`;
    const r = await s.rpc('CreateIpset', { p_name: name, p_ips: '10.0.0.1, 10.0.0.300' }, demo);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(r.body.details).toContain('p_ips: ip_list_invalid');
    expect((await s.get(`MyIpsets?name=eq.${name}`, demo)).body).toEqual([]);
  });

  it('holds at most 1000 IPs: the 1001st is refused and the set keeps its 1000', async () => {
    const set = await newSet();
    const ips = Array.from({ length: 1000 }, (_, i) => `10.${Math.floor(i / 250)}.${i % 250}.1`).join(',');
    const started = Date.now();
    expect((await s.rpc('AddIPsToIpsets', { p_ipset: set.ipset, p_ips: ips }, demo)).body).toMatchObject({
      added: 1000,
      count: 1000,
    });
    const r = await s.rpc('AddIPsToIpsets', { p_ipset: set.ipset, p_ips: '10.9.9.9' }, demo);
    expectErrorShape(r, 422, 'IPSET_FULL');
    // A repeat of an entry it has is no new entry, so it is not refused.
    expect((await s.rpc('AddIPsToIpsets', { p_ipset: set.ipset, p_ips: '10.0.0.1' }, demo)).body).toMatchObject({
      added: 0,
      count: 1000,
    });
    const all = await s.rpc('GetIPsFromIpset', { p_ipset: set.ipset }, demo);
    expect(all.body.length).toBe(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await s.rpc('DeleteIpFromIpset', { p_ipset: set.ipset, p_ips: ['10.0.0.1', '10.0.1.1'] }, demo)).body).toEqual({
      removed: 2,
      count: 998,
    });
  });

  it('attaches at most 50 sets to a server: the 51st is refused', async () => {
    const { provisionedId: id } = await fresh();
    const sets = [];
    for (let i = 0; i < 51; i++) sets.push(await newSet());
    for (const set of sets.slice(0, 50))
      expect((await s.rpc('AddIpsetToVMs', { p_ipset: set.ipset, p_provisioned_ids: [id] }, demo)).status).toBe(200);
    // Attaching one it has again is no new set.
    expect((await s.rpc('AddIpsetToVMs', { p_ipset: sets[0]!.ipset, p_provisioned_ids: [id] }, demo)).status).toBe(200);
    const r = await s.rpc('AddIpsetToVMs', { p_ipset: sets[50]!.ipset, p_provisioned_ids: [id] }, demo);
    expectErrorShape(r, 422, 'IPSET_SERVER_LIMIT');
    expect((await s.get(`ClientIpsetsVms?provisioned_id=eq.${id}`, demo)).body.length).toBe(50);
  });

  it('never lets two attachments pass the limit together', async () => {
    const { provisionedId: id } = await fresh();
    const sets = [];
    for (let i = 0; i < 55; i++) sets.push(await newSet());
    await Promise.all(sets.map((set) => s.rpc('AddIpsetToVMs', { p_ipset: set.ipset, p_provisioned_ids: [id] }, demo)));
    expect((await s.get(`ClientIpsetsVms?provisioned_id=eq.${id}`, demo)).body.length).toBe(50);
  });

  it('renames with PATCH /api/MyIpsets and refuses a bad filter', async () => {
    const set = await newSet();
    const name = `renamed-${Date.now()}`;
    const r = await s.call('PATCH', `/api/MyIpsets?ipset=eq.${set.ipset}`, { token: demo, body: { name, comment: 'office' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual([expect.objectContaining({ ipset: set.ipset, name, comment: 'office' })]);
    expectErrorShape(await s.call('PATCH', `/api/MyIpsets?name=eq.x`, { token: demo, body: { name: 'y' } }), 400);
    expectErrorShape(await s.call('PATCH', `/api/MyIpsets?ipset=eq.${set.ipset}`, { token: demo, body: { name: 'a b' } }), 400);
    expectErrorShape(await s.call('PATCH', `/api/MyIpsets?ipset=eq.${set.ipset}`, { token: demo, body: {} }), 400);
    expectErrorShape(await s.rpc('UpdateIpset', { p_ipset: set.ipset, name: 'x' }, demo), 404);
  });

  it("refuses another account's IP set everywhere", async () => {
    const other = await newAccount(s);
    const theirs = await newSet('192.0.2.1', other.token);
    const { provisionedId: mine } = await fresh();
    const p = { p_ipset: theirs.ipset };
    for (const [name, body] of [
      ['GetIPsFromIpset', p],
      ['AddIPsToIpsets', { ...p, p_ips: '192.0.2.2' }],
      ['DeleteIpFromIpset', { ...p, p_ips: ['192.0.2.1'] }],
      ['AddIpsetToVMs', { ...p, p_provisioned_ids: [mine] }],
      ['DeleteIpsetFromVMs', { ...p, p_provisioned_ids: [mine] }],
      ['DeleteIpset', p],
    ] as const)
      expectErrorShape(await s.rpc(name, body, demo), 404, 'IPSET_NOT_FOUND');
    expectErrorShape(
      await s.call('PATCH', `/api/MyIpsets?ipset=eq.${theirs.ipset}`, { token: demo, body: { name: 'mine' } }),
      404,
      'IPSET_NOT_FOUND',
    );
    const rule = { source_ipset: theirs.ipset, proto: 'tcp', action: 'ACCEPT' };
    expectErrorShape(await save(mine, { p_rules: [rule] }), 422, 'IPSET_NOT_ATTACHED');
    expect((await s.get(`MyIpsets?ipset=eq.${theirs.ipset}`, demo)).body).toEqual([]);
    const still = await s.rpc('GetIPsFromIpset', p, other.token);
    expect(still.body.map((x: { ip: string }) => x.ip)).toEqual(['192.0.2.1']);
  });

  it('is refused without menu-see-ipsets', async () => {
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const t = await s.login(sub.email, sub.password);
    expectErrorShape(await s.get('MyIpsets', t), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.rpc('CreateIpset', { p_name: 'x' }, t), 403, 'CLAIM_REQUIRED');
  });
});
