/**
 * The account's addresses (issue 15) through real HTTP with the simulated DNS and gateway: my IPs
 * (added, and recorded at sign-in), the servers' addresses with reverse DNS pushed to the DNS, port
 * forwards on the location's gateway (never one port twice, also under concurrency), and custom
 * domains proven by a TXT record, with the claims and isolation from other accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, newAccount } from './factories.js';
import { createTestVm } from './vm-factories.js';
import type { SimulatorDns } from '../src/drivers/dns/dns.js';

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
/** A server of the account with a static IPv6 address of the Lisbon pool, and an IPv4 one unless `ipv4` is false. */
async function fresh(o: { clientId?: string; ipv4?: boolean } = {}) {
  const made = await createTestVm(s.db, { clientId: o.clientId ?? demoClient, name: `net${Date.now().toString(36)}${serial++}` });
  const n = 0x6000 + made.provisionedId;
  await s.db.owner.query(`UPDATE vms SET ipv6 = $2::inet, ipv4 = $3::inet WHERE provisioned_id = $1`, [
    made.provisionedId,
    `2a0e:1d80:10::${n.toString(16)}`,
    o.ipv4 === false ? null : `192.0.2.${(n % 200) + 20}`,
  ]);
  return made.provisionedId;
}
const dns = () => s.network.dns as SimulatorDns;

describe('my IPs', () => {
  it('lists the address a user signed in from, and adds and deletes addresses of the account', async () => {
    const seen = (await s.get('MyIPs', demo)).body;
    expect(seen.some((x: { address: string; source: string }) => x.address === '127.0.0.1' && x.source === 'login')).toBe(true);
    const added = await s.rpc('MyIPAdd', { p_address: '198.51.100.0/24', p_comment: 'office' }, demo);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ address: '198.51.100.0/24', comment: 'office', source: 'manual' });
    expectErrorShape(await s.rpc('MyIPAdd', { p_address: '198.51.100.0/24' }, demo), 409, 'IP_EXISTS');
    expectErrorShape(await s.rpc('MyIPAdd', { p_address: '198.51.100.1/24' }, demo), 400, 'VALIDATION_FAILED');
    expect((await s.rpc('IPDelete', { p_id: added.body.id }, demo)).status).toBe(200);
    expectErrorShape(await s.rpc('IPDelete', { p_id: added.body.id }, demo), 404, 'IP_NOT_FOUND');
  });

  it("keeps another account's list to itself", async () => {
    const other = await newAccount(s);
    const theirs = (await s.rpc('MyIPAdd', { p_address: '203.0.113.77' }, other.token)).body;
    expect((await s.get('MyIPs', demo)).body.map((x: { id: number }) => x.id)).not.toContain(theirs.id);
    expectErrorShape(await s.rpc('IPDelete', { p_id: theirs.id }, demo), 404, 'IP_NOT_FOUND');
  });
});

describe('reverse DNS', () => {
  it('lists each address of a server with its default name, and pushes a name set and reset to the DNS', async () => {
    const id = await fresh();
    const rows = (await s.get(`MySystemIPs?provisioned_id=eq.${id}`, demo)).body;
    expect(rows.map((r: { family: number }) => r.family)).toEqual([4, 6]);
    const v6 = rows[1];
    expect(v6).toMatchObject({ ptr: null, ptr_state: 'ok' });
    expect(v6.ptr_default).toMatch(/^2a0e-1d80-10--[0-9a-f]+\.lisbon\.ptr\.portside\.test$/);
    const r = await s.rpc('SetReverseDns', { p_address: v6.address, p_hostname: 'Mail.Example.com.' }, demo);
    expect(r.body).toEqual({ address: v6.address, ptr: 'mail.example.com', ptr_state: 'pending' });
    await s.jobsIdle();
    expect((await s.get(`MySystemIPs?address=eq.${v6.address}`, demo)).body[0]).toMatchObject({
      ptr: 'mail.example.com',
      ptr_state: 'ok',
    });
    expect(await dns().ptr(v6.address)).toBe('mail.example.com');
    await s.rpc('SetReverseDns', { p_address: v6.address, p_hostname: '' }, demo);
    await s.jobsIdle();
    expect(await dns().ptr(v6.address)).toBe(v6.ptr_default);
    expect((await s.get(`MySystemIPs?address=eq.${v6.address}`, demo)).body[0]).toMatchObject({ ptr: null, ptr_state: 'ok' });
  });

  it('refuses a bad name and an address that is not one of the account’s servers’', async () => {
    const id = await fresh();
    const [v4] = (await s.get(`MySystemIPs?provisioned_id=eq.${id}`, demo)).body;
    const bad = await s.rpc('SetReverseDns', { p_address: v4.address, p_hostname: 'no_underscores.example.com' }, demo);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toBe('p_hostname: ptr_invalid');
    const other = await newAccount(s);
    const theirs = await fresh({ clientId: other.clientId });
    const [their4] = (await s.get(`MySystemIPs?provisioned_id=eq.${theirs}`, other.token)).body;
    expectErrorShape(
      await s.rpc('SetReverseDns', { p_address: their4.address, p_hostname: 'x.example.com' }, demo),
      404,
      'ADDRESS_NOT_YOURS',
    );
    expect((await s.get(`MySystemIPs?provisioned_id=eq.${theirs}`, demo)).body).toEqual([]);
  });
});

describe('port forwarding', () => {
  it('forwards the next free port of the gateway to a server without a public IPv4, and removes it', async () => {
    const id = await fresh({ ipv4: false });
    const r = await s.rpc(
      'AddPortForwarding',
      { p_provisioned_id: id, p_internal_port: 22, p_protocol: 'tcp', p_comment: 'ssh' },
      demo,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.external_port).toBeGreaterThanOrEqual(20000);
    await s.jobsIdle();
    const [row] = (await s.get(`GetPortForwardings?provisioned_id=eq.${id}`, demo)).body;
    expect(row).toMatchObject({
      gateway: r.body.gateway,
      external_port: r.body.external_port,
      internal_port: 22,
      state: 'active',
    });
    // Destination NAT keeps the family: the server got a private IPv4 address for its next boot.
    expect(row.internal_address).toMatch(/^10\.10\./);
    const { cluster_id: clusterId, vmid } = (
      await s.db.owner.query(`SELECT cluster_id, vmid FROM vms WHERE provisioned_id = $1`, [id])
    ).rows[0];
    const network = (await (await s.hypervisors.forCluster(clusterId)).config(vmid)).network;
    expect(network?.ipv4).toEqual({ address: row.internal_address, prefix: 16, gateway: '10.10.0.1' });
    const onGateway = await s.network.gateway.forwards(r.body.gateway);
    expect(onGateway).toContainEqual(
      expect.objectContaining({
        protocol: 'tcp',
        externalPort: r.body.external_port,
        target: row.internal_address,
        targetPort: 22,
      }),
    );
    const live = await s.db.owner.query(
      `SELECT payload FROM hub_messages WHERE provisioned_id = $1 AND kind = 'port-forwarding' ORDER BY id`,
      [id],
    );
    expect(live.rows.map((m) => m.payload.state)).toEqual(['pending', 'active']);
    expectErrorShape(
      await s.rpc('AddPortForwarding', { p_provisioned_id: id, p_internal_port: 22, p_protocol: 'tcp' }, demo),
      409,
      'FORWARD_EXISTS',
    );
    expect((await s.rpc('DelPortForwarding', { p_id: row.id }, demo)).status).toBe(200);
    await s.jobsIdle();
    expect((await s.network.gateway.forwards(r.body.gateway)).map((f) => f.externalPort)).not.toContain(r.body.external_port);
  });

  it('refuses a server with a public IPv4, a taken port, and another account’s server', async () => {
    const withV4 = await fresh();
    expectErrorShape(
      await s.rpc('AddPortForwarding', { p_provisioned_id: withV4, p_internal_port: 80, p_protocol: 'tcp' }, demo),
      409,
      'FORWARD_HAS_IPV4',
    );
    const a = await fresh({ ipv4: false });
    const b = await fresh({ ipv4: false });
    const first = await s.rpc(
      'AddPortForwarding',
      { p_provisioned_id: a, p_internal_port: 80, p_protocol: 'tcp', p_external_port: 28080 },
      demo,
    );
    expect(first.body.external_port).toBe(28080);
    expectErrorShape(
      await s.rpc(
        'AddPortForwarding',
        { p_provisioned_id: b, p_internal_port: 80, p_protocol: 'tcp', p_external_port: 28080 },
        demo,
      ),
      409,
      'FORWARD_PORT_TAKEN',
    );
    // The same port for another protocol is another forward.
    expect(
      (
        await s.rpc(
          'AddPortForwarding',
          { p_provisioned_id: b, p_internal_port: 53, p_protocol: 'udp', p_external_port: 28080 },
          demo,
        )
      ).status,
    ).toBe(200);
    const other = await newAccount(s);
    const theirs = await fresh({ clientId: other.clientId, ipv4: false });
    expectErrorShape(
      await s.rpc('AddPortForwarding', { p_provisioned_id: theirs, p_internal_port: 80, p_protocol: 'tcp' }, demo),
      404,
    );
    expectErrorShape(await s.rpc('DelPortForwarding', { p_id: first.body.id }, other.token), 404, 'FORWARD_NOT_FOUND');
  });

  it('never gives two concurrent forwards of different accounts one external port', async () => {
    const other = await newAccount(s);
    const servers = [];
    for (let i = 0; i < 6; i++) servers.push({ id: await fresh({ ipv4: false }), token: demo });
    for (let i = 0; i < 6; i++) servers.push({ id: await fresh({ clientId: other.clientId, ipv4: false }), token: other.token });
    const answers = await Promise.all(
      servers.flatMap((x) =>
        [8001, 8002].map((port) =>
          s.rpc('AddPortForwarding', { p_provisioned_id: x.id, p_internal_port: port, p_protocol: 'tcp' }, x.token),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ports = answers.map((a) => `${a.body.gateway}:${a.body.external_port}`);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('keeps a server with port forwards from an IPv4 assignment that would cut them off', async () => {
    const id = await fresh({ ipv4: false });
    await s.rpc('AddPortForwarding', { p_provisioned_id: id, p_internal_port: 443, p_protocol: 'tcp' }, demo);
    await s.jobsIdle();
    expectErrorShape(await s.rpc('VmAssignIPv4', { p_provisioned_id: id }, demo), 409, 'PORT_FORWARDS_EXIST');
  });

  it('takes a deleted server’s forwards off the gateway and gives its addresses their default names back', async () => {
    const id = await fresh({ ipv4: false });
    const f = (await s.rpc('AddPortForwarding', { p_provisioned_id: id, p_internal_port: 25, p_protocol: 'tcp' }, demo)).body;
    const [v6] = (await s.get(`MySystemIPs?provisioned_id=eq.${id}`, demo)).body;
    await s.rpc('SetReverseDns', { p_address: v6.address, p_hostname: 'gone.example.com' }, demo);
    await s.jobsIdle();
    expect(await dns().ptr(v6.address)).toBe('gone.example.com');
    await s.db.owner.query(`UPDATE vms SET state = 'deleted', deleted_at = now() WHERE provisioned_id = $1`, [id]);
    const { runNetworkSweep } = await import('../src/modules/network/network-sweep.js');
    await runNetworkSweep(s.jobDeps());
    await s.jobsIdle();
    expect(await dns().ptr(v6.address)).toBe(v6.ptr_default);
    expect((await s.network.gateway.forwards(f.gateway)).map((x) => x.externalPort)).not.toContain(f.external_port);
    const left = await s.db.owner.query(
      `SELECT 1 FROM port_forwards WHERE provisioned_id = $1 UNION ALL SELECT 1 FROM reverse_dns WHERE provisioned_id = $1`,
      [id],
    );
    expect(left.rowCount).toBe(0);
  });

  it('is refused without vm-settings-firewall', async () => {
    const sub = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers', 'menu-see-ip-management'] });
    const t = await s.login(sub.email, sub.password);
    expectErrorShape(await s.get('GetPortForwardings', t), 403, 'CLAIM_REQUIRED');
  });
});

describe('custom domains', () => {
  it('proves a domain by its TXT record and points it at another server', async () => {
    const id = await fresh();
    const domain = `shop${Date.now().toString(36)}.example.com`;
    const r = await s.rpc('MyDomainAdd', { p_domain: `${domain.toUpperCase()}.`, p_provisioned_id: id }, demo);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.challenge_name).toBe(`_portside-challenge.${domain}`);
    expect(r.body.challenge_value).toMatch(/^portside-verification=[a-z0-9]{32}$/);
    expectErrorShape(await s.rpc('MyDomainAdd', { p_domain: domain, p_provisioned_id: id }, demo), 409, 'DOMAIN_EXISTS');
    expectErrorShape(await s.rpc('MyDomainVerify', { p_id: r.body.id }, demo), 422, 'DOMAIN_NOT_VERIFIED');
    await dns().setTxt(r.body.challenge_name, ['v=spf1 -all', r.body.challenge_value]);
    const v = await s.rpc('MyDomainVerify', { p_id: r.body.id }, demo);
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body.verified).toBe(true);
    const other = await fresh();
    expect((await s.rpc('MyDomainEdit', { p_id: r.body.id, p_provisioned_id: other }, demo)).status).toBe(200);
    const [row] = (await s.get(`MyDomains?id=eq.${r.body.id}`, demo)).body;
    expect(row).toMatchObject({ domain, provisioned_id: other, verified: true, challenge_value: r.body.challenge_value });
  });

  it('is verified by the network sweep as well, and then belongs to that account only', async () => {
    const id = await fresh();
    const domain = `api${Date.now().toString(36)}.example.net`;
    const mine = (await s.rpc('MyDomainAdd', { p_domain: domain, p_provisioned_id: id }, demo)).body;
    // Another account may claim it while it is unverified, and cannot once it is verified.
    const other = await newAccount(s);
    const theirServer = await fresh({ clientId: other.clientId });
    expect((await s.rpc('MyDomainAdd', { p_domain: domain, p_provisioned_id: theirServer }, other.token)).status).toBe(200);
    await dns().setTxt(mine.challenge_name, [mine.challenge_value]);
    const { runNetworkSweep } = await import('../src/modules/network/network-sweep.js');
    await runNetworkSweep(s.jobDeps());
    expect((await s.get(`MyDomains?id=eq.${mine.id}`, demo)).body[0].verified).toBe(true);
    const later = await newAccount(s);
    const laterServer = await fresh({ clientId: later.clientId });
    expectErrorShape(
      await s.rpc('MyDomainAdd', { p_domain: domain, p_provisioned_id: laterServer }, later.token),
      409,
      'DOMAIN_TAKEN',
    );
    const theirs = (await s.get('MyDomains', other.token)).body.find((d: { domain: string }) => d.domain === domain);
    expectErrorShape(await s.rpc('MyDomainVerify', { p_id: theirs.id }, other.token), 422, 'DOMAIN_NOT_VERIFIED');
  });

  it('refuses an invalid name, a server of another account, and another account’s domain', async () => {
    const id = await fresh();
    for (const bad of ['', 'localhost', 'exa mple.com', '-a.example.com', 'example.123'])
      expectErrorShape(await s.rpc('MyDomainAdd', { p_domain: bad, p_provisioned_id: id }, demo), 400, 'VALIDATION_FAILED');
    const other = await newAccount(s);
    const theirServer = await fresh({ clientId: other.clientId });
    expectErrorShape(await s.rpc('MyDomainAdd', { p_domain: 'x.example.org', p_provisioned_id: theirServer }, demo), 404);
    const theirs = (
      await s.rpc('MyDomainAdd', { p_domain: `t${Date.now()}.example.org`, p_provisioned_id: theirServer }, other.token)
    ).body;
    for (const name of ['MyDomainVerify', 'MyDomainDelete'])
      expectErrorShape(await s.rpc(name, { p_id: theirs.id }, demo), 404, 'DOMAIN_NOT_FOUND');
    expectErrorShape(await s.rpc('MyDomainEdit', { p_id: theirs.id, p_provisioned_id: id }, demo), 404, 'DOMAIN_NOT_FOUND');
  });
});
