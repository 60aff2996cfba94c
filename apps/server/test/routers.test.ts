/**
 * The provider's network operations (issue 18) through real HTTP on real PostgreSQL, on the demo's
 * simulated routers: the five reads and what they answer from the portal's own data, every call's
 * claim (a customer gets nothing of it, staff without the claim are refused), the validators and
 * rules of each call (bad input changes nothing), a router that does not answer (503, last state
 * kept), the rebuild job, and each change's audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, newAccount, scalar } from './factories.js';
import { setSimulatedRouterFailure } from '../src/drivers/router/simulator-router.repository.js';

let s: TestServer;
let staff: string;
let lisbon: number;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  const subnets = (await s.get('RoutersSubnets?network=eq.185.66.10.0/24', staff)).body as Json[];
  lisbon = subnets[0].id;
});
afterAll(async () => s?.stop());

const ipRow = async (address: string) =>
  ((await s.get(`RoutersIPs?subnet=eq.${lisbon}&address=eq.${address}`, staff)).body as Json[])[0];
const simLease = async (mac: string) =>
  (
    await s.db.owner.query(`SELECT host(address) AS address, comment, dynamic FROM sim_router_leases WHERE mac = $1::macaddr`, [
      mac,
    ])
  ).rows[0];
const leaseCount = () => scalar(s, `SELECT count(*)::int AS n FROM router_dhcp_leases`);

describe('the reads', () => {
  it('lists the routers and their subnets, related to the address pools, with use counts', async () => {
    const routers = (await s.get('Routers', staff)).body as Json[];
    expect(routers.map((r) => [r.name, r.location, r.reachable, r.subnets])).toEqual([
      ['demo-router-fra', 'frankfurt', true, 2],
      ['demo-router-lis', 'lisbon', true, 2],
    ]);
    const [pub] = (await s.get(`RoutersSubnets?id=eq.${lisbon}`, staff)).body as Json[];
    const pool = await scalar(s, `SELECT id AS n FROM ip_pools WHERE network = '185.66.10.0/24'`);
    expect(pub).toMatchObject({
      router_name: 'demo-router-lis',
      gateway: '185.66.10.1',
      pool,
      hosts: 254,
      interface: 'ether1-public',
    });
    const used = await scalar(
      s,
      `SELECT count(*)::int AS n FROM (SELECT ipv4 FROM vms WHERE state <> 'deleted' AND ipv4 << '185.66.10.0/24'
         UNION SELECT ipv4 FROM dedicated_servers WHERE ipv4 << '185.66.10.0/24') x`,
    );
    expect(pub.used).toBe(used);
    expect(pub.reserved).toBe(2);
    // The colocated device's reservation is not a server's: free = hosts - gateway - used - that one.
    expect(pub.free).toBe(254 - 1 - used - 1);
    const bmc = ((await s.get('RoutersSubnets?network=eq.10.78.0.0/22', staff)).body as Json[])[0];
    expect(bmc).toMatchObject({ pool: null, hosts: 1022 });
  });

  it("answers each address's use, server and account from the portal's data, with paging, count and search", async () => {
    const page = await s.call('GET', `/api/RoutersIPs?subnet=eq.${lisbon}&limit=50&offset=0`, {
      token: staff,
      headers: { Prefer: 'count=exact' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(50);
    expect(page.headers.get('content-range')).toBe('0-49/254');
    expect(page.body[0]).toMatchObject({ address: '185.66.10.1', use: 'gateway' });
    const demo = await idsOf(s, DEMO_USERS.demo.email);
    expect(await ipRow('185.66.10.250')).toMatchObject({
      use: 'dedicated',
      server: expect.any(String),
      server_id: 'CZ20450LIS',
      client: demo.clientId,
      mac: 'AC:1F:6B:45:02:50',
      dhcp: 'static',
      arp_mac: 'AC:1F:6B:45:02:50',
      comment: 'CZ20450LIS eth0',
    });
    expect(await ipRow('185.66.10.21')).toMatchObject({ use: 'vm', client: expect.any(String), dhcp: 'dynamic' });
    expect(await ipRow('185.66.10.99')).toMatchObject({ use: 'free', server: null, client: null, mac: null });
    const found = (await s.get(`RoutersIPs?subnet=eq.${lisbon}&search=ilike.*00:25:90:ab*`, staff)).body as Json[];
    expect(found.map((r) => r.address)).toEqual(['185.66.10.60']);
  });

  it('lists the ARP tables (searchable by IP or MAC) and the switch connections', async () => {
    const arp = (await s.get('RoutersArpEntries?router_name=eq.demo-router-lis', staff)).body as Json[];
    expect(arp.find((e) => e.address === '185.66.10.77')).toMatchObject({ mac: null, status: 'failed' });
    const byMac = (await s.get('RoutersArpEntries?search=ilike.*3c:ec:ef*', staff)).body as Json[];
    expect(byMac.map((e) => [e.router_name, e.address])).toEqual([['demo-router-fra', '91.198.40.250']]);
    const sw = (await s.get('SwitchesConnections?server=eq.CZ20450LIS', staff)).body as Json[];
    expect(sw.map((c) => [c.switch_name, c.port, c.server_port])).toEqual([
      ['sw-lis-01', 'ge-0/0/1', 'eth0'],
      ['sw-lis-01', 'ge-0/0/2', 'eth1'],
      ['sw-lis-01', 'ge-0/0/47', 'ipmi'],
    ]);
  });
});

describe('who may', () => {
  const VIEWS = ['Routers', 'RoutersSubnets', 'RoutersIPs', 'RoutersArpEntries'];
  const RPCS: Array<[string, Json]> = [
    ['RoutersRebuildSubnets', {}],
    ['RoutersDHCPAssignMACToIP', { p_subnet: 1, p_ip: '185.66.10.90', p_mac: 'AA:00:00:00:00:90' }],
    ['RoutersReleaseDHCPMac', { p_subnet: 1, p_mac: '00:25:90:AB:00:60' }],
    ['RoutersUpdateDHCPComment', { p_subnet: 1, p_mac: '00:25:90:AB:00:60', p_comment: 'x' }],
    ['RouterIPsUpdateClient', { p_ip: '185.66.10.91', p_client: '00000000-0000-4000-8000-000000000000' }],
    ['RouterIPsDeleteClient', { p_ip: '185.66.10.91' }],
  ];

  it('refuses a customer every read and call, and changes nothing', async () => {
    const before = await leaseCount();
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    for (const v of VIEWS) expectErrorShape(await s.get(v, demo), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.get('SwitchesConnections', demo), 403, 'ROLE_REQUIRED');
    for (const [name, body] of RPCS) expectErrorShape(await s.rpc(name, body, demo), 403, 'CLAIM_REQUIRED');
    expect(await leaseCount()).toBe(before);
  });

  it('refuses staff without the claim of the page, and lets one with only that claim through', async () => {
    const ids = await idsOf(s, DEMO_USERS.staff.email);
    const bare = await createSubUser(s, ids.clientId, { roles: ['staff'] });
    const token = await s.login(bare.email, bare.password);
    for (const v of VIEWS) expectErrorShape(await s.get(v, token), 403, 'CLAIM_REQUIRED');
    expect((await s.get('SwitchesConnections', token)).status).toBe(200);
    expectErrorShape(await s.rpc('RoutersReleaseDHCPMac', RPCS[2]![1], token), 403, 'CLAIM_REQUIRED');
    const arpOnly = await createSubUser(s, ids.clientId, { roles: ['staff'], claims: ['menu-see-routers-arp-entries'] });
    const t2 = await s.login(arpOnly.email, arpOnly.password);
    expect((await s.get('RoutersArpEntries', t2)).status).toBe(200);
    expectErrorShape(await s.get('RoutersIPs', t2), 403, 'CLAIM_REQUIRED');
    expectErrorShape(await s.rpc('RoutersRebuildSubnets', {}, t2), 403, 'CLAIM_REQUIRED');
  });
});

describe('DHCP reservations', () => {
  it('refuses a bad MAC, a bad address and a bad comment with the field, changing nothing', async () => {
    const before = await leaseCount();
    const r = await s.rpc(
      'RoutersDHCPAssignMACToIP',
      { p_subnet: lisbon, p_ip: '185.66.10.300', p_mac: '01:00:5E:00:00:01' },
      staff,
    );
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(String(r.body.details).split('\n').sort()).toEqual(['p_ip: router_ip_invalid', 'p_mac: mac_invalid']);
    const c = await s.rpc(
      'RoutersDHCPAssignMACToIP',
      { p_subnet: lisbon, p_ip: '185.66.10.90', p_mac: 'AA:00:00:00:00:90', p_comment: 'a\nb' },
      staff,
    );
    expect(c.body.details).toBe('p_comment: control_characters');
    const long = await s.rpc(
      'RoutersUpdateDHCPComment',
      { p_subnet: lisbon, p_mac: '00:25:90:AB:00:60', p_comment: 'x'.repeat(121) },
      staff,
    );
    expect(long.body.details).toBe('p_comment: field_too_long');
    expect(await leaseCount()).toBe(before);
  });

  it('refuses the gateway, the broadcast, an address outside the subnet, and a taken MAC or address', async () => {
    const assign = (p_ip: string, p_mac: string, p_subnet = lisbon) =>
      s.rpc('RoutersDHCPAssignMACToIP', { p_subnet, p_ip, p_mac }, staff);
    expectErrorShape(await assign('185.66.10.1', 'AA:00:00:00:00:90'), 422, 'IP_NOT_IN_SUBNET');
    expectErrorShape(await assign('185.66.10.255', 'AA:00:00:00:00:90'), 422, 'IP_NOT_IN_SUBNET');
    expectErrorShape(await assign('91.198.40.90', 'AA:00:00:00:00:90'), 422, 'IP_NOT_IN_SUBNET');
    expectErrorShape(await assign('185.66.10.90', 'AA:00:00:00:00:90', 999_999), 404, 'SUBNET_NOT_FOUND');
    expectErrorShape(await assign('185.66.10.90', '00:25:90:AB:00:60'), 409, 'DHCP_MAC_TAKEN');
    expectErrorShape(await assign('185.66.10.60', 'AA:00:00:00:00:90'), 409, 'DHCP_IP_TAKEN');
    expect(await simLease('AA:00:00:00:00:90')).toBeUndefined();
  });

  it('reserves, comments and releases an address on the router, each audited with its target', async () => {
    const ok = await s.rpc(
      'RoutersDHCPAssignMACToIP',
      { p_subnet: lisbon, p_ip: '185.66.10.90', p_mac: 'aa-00-00-00-00-90', p_comment: 'new colo box' },
      staff,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await simLease('AA:00:00:00:00:90')).toEqual({ address: '185.66.10.90', comment: 'new colo box', dynamic: false });
    expect(await ipRow('185.66.10.90')).toMatchObject({ mac: 'AA:00:00:00:00:90', dhcp: 'static', comment: 'new colo box' });
    const c = await s.rpc(
      'RoutersUpdateDHCPComment',
      { p_subnet: lisbon, p_mac: 'AA:00:00:00:00:90', p_comment: 'rack 7' },
      staff,
    );
    expect(c.status).toBe(200);
    expect((await simLease('AA:00:00:00:00:90')).comment).toBe('rack 7');
    expect((await ipRow('185.66.10.90')).comment).toBe('rack 7');
    const rel = await s.rpc('RoutersReleaseDHCPMac', { p_subnet: lisbon, p_mac: 'AA:00:00:00:00:90' }, staff);
    expect(rel.body).toEqual({ success: true, address: '185.66.10.90' });
    expect(await simLease('AA:00:00:00:00:90')).toBeUndefined();
    expect(await ipRow('185.66.10.90')).toMatchObject({ mac: null, dhcp: null });
    expectErrorShape(
      await s.rpc('RoutersReleaseDHCPMac', { p_subnet: lisbon, p_mac: 'AA:00:00:00:00:90' }, staff),
      404,
      'DHCP_RESERVATION_NOT_FOUND',
    );
    const logs = await s.db.owner.query<{ action: string; target: string; result: string }>(
      `SELECT action, target, result FROM audit_log WHERE actor_email = $1 AND action LIKE 'RoutersDHCP%' ORDER BY id`,
      [DEMO_USERS.staff.email],
    );
    expect(logs.rows.filter((l) => l.result === 'ok').map((l) => l.action)).toContain('RoutersDHCPAssignMACToIP');
    expect(logs.rows.find((l) => l.result === 'ok')!.target).toMatch(/185\.66\.10\.90.*AA:00:00:00:00:90/);
  });

  it('answers 503 in the catalogue shape when the router does not answer, records nothing and keeps the last state', async () => {
    const before = await ipRow('185.66.10.60');
    await setSimulatedRouterFailure(s.db.owner, 'demo-router-lis', 'unreachable');
    try {
      const r = await s.rpc('RoutersReleaseDHCPMac', { p_subnet: lisbon, p_mac: '00:25:90:AB:00:60' }, staff);
      expectErrorShape(r, 503, 'ROUTER_UNAVAILABLE');
      expect(await ipRow('185.66.10.60')).toEqual(before);
      const [router] = (await s.get('Routers?name=eq.demo-router-lis', staff)).body as Json[];
      expect(router).toMatchObject({ reachable: false, last_error: expect.stringMatching(/^UNAVAILABLE/) });
      // A rebuild while it is away keeps the subnets and what was read.
      expect((await s.rpc('RoutersRebuildSubnets', { p_router: router.id }, staff)).body).toEqual({ success: true, routers: 1 });
      await s.jobsIdle();
      expect(((await s.get(`RoutersSubnets?router=eq.${router.id}`, staff)).body as Json[]).length).toBe(2);
      expect(await ipRow('185.66.10.60')).toEqual(before);
    } finally {
      await setSimulatedRouterFailure(s.db.owner, 'demo-router-lis', null);
    }
  });
});

describe('rebuilding the subnets', () => {
  it('re-reads the routers in a job: a new subnet appears, one gone disappears, the rebuild is no longer pending', async () => {
    await s.db.owner.query(
      `INSERT INTO sim_router_addresses (router, address, interface) VALUES ('demo-router-fra', '172.30.0.1/28', 'ether9')`,
    );
    expectErrorShape(await s.rpc('RoutersRebuildSubnets', { p_router: 999_999 }, staff), 404, 'ROUTER_NOT_FOUND');
    expectErrorShape(await s.rpc('RoutersRebuildSubnets', { p_router: 'all' }, staff), 400, 'VALIDATION_FAILED');
    const r = await s.rpc('RoutersRebuildSubnets', {}, staff);
    expect(r.body).toEqual({ success: true, routers: 2 });
    await s.jobsIdle();
    const fra = (await s.get('RoutersSubnets?router_name=eq.demo-router-fra', staff)).body as Json[];
    expect(fra.map((x) => x.network)).toContain('172.30.0.0/28');
    expect(((await s.get('Routers', staff)).body as Json[]).every((x) => !x.sync_pending && x.reachable)).toBe(true);
    await s.db.owner.query(`DELETE FROM sim_router_addresses WHERE router = 'demo-router-fra' AND address = '172.30.0.1/28'`);
    await s.rpc('RoutersRebuildSubnets', {}, staff);
    await s.jobsIdle();
    const after = (await s.get('RoutersSubnets?router_name=eq.demo-router-fra', staff)).body as Json[];
    expect(after.map((x) => x.network)).not.toContain('172.30.0.0/28');
  });
});

describe("an address's account", () => {
  it('gives a free address to an account and takes it back; a server\u2019s address, the gateway and foreign addresses are refused', async () => {
    const a = await newAccount(s);
    const set = (p_ip: string, p_client = a.clientId) => s.rpc('RouterIPsUpdateClient', { p_ip, p_client }, staff);
    expect((await set('185.66.10.120')).status).toBe(200);
    expect(await ipRow('185.66.10.120')).toMatchObject({ use: 'client', client: a.clientId, client_name: expect.any(String) });
    expectErrorShape(await set('185.66.10.250'), 409, 'IP_HELD_BY_SERVER');
    expectErrorShape(await set('185.66.10.1'), 422, 'IP_NOT_IN_SUBNET');
    expectErrorShape(await set('203.0.113.5'), 404, 'IP_NOT_PROVIDERS');
    expectErrorShape(await set('185.66.10.121', '00000000-0000-4000-8000-000000000000'), 404, 'IP_CLIENT_UNKNOWN');
    expect((await s.rpc('RouterIPsDeleteClient', { p_ip: '185.66.10.120' }, staff)).status).toBe(200);
    expect(await ipRow('185.66.10.120')).toMatchObject({ use: 'free', client: null });
    expectErrorShape(await s.rpc('RouterIPsDeleteClient', { p_ip: '185.66.10.120' }, staff), 404, 'IP_CLIENT_NOT_SET');
  });

  it("counts every address of a dedicated server's routed block as the server's", async () => {
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const block = await s.rpc('ServersOrderIP', { p_serial: 'CZ20450LIS', p_prefix: 29 }, demo);
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    const [network] = String(block.body.address).split('/');
    const first = Number(network!.split('.')[3]);
    const rows = (await s.get(`RoutersIPs?subnet=eq.${lisbon}&server_id=eq.CZ20450LIS&order=seq.asc`, staff)).body as Json[];
    const inBlock = rows.filter((r) => Number(r.address.split('.')[3]) >= first && Number(r.address.split('.')[3]) < first + 8);
    expect(inBlock).toHaveLength(8);
    expect(inBlock.every((r) => r.use === 'dedicated')).toBe(true);
    expectErrorShape(
      await s.rpc(
        'RouterIPsUpdateClient',
        { p_ip: inBlock[3].address, p_client: (await idsOf(s, DEMO_USERS.other.email)).clientId },
        staff,
      ),
      409,
      'IP_HELD_BY_SERVER',
    );
  });
});

describe('switch connections', () => {
  it('staff cable a server port to a switch port (replacing what was there) and remove it; unknown ends change nothing', async () => {
    const sw = ((await s.get('SwitchesConnections?switch_name=eq.sw-lis-01&limit=1', staff)).body as Json[])[0].switch;
    const set = (over: Json) =>
      s.rpc(
        'SwitchConnectionSet',
        { p_switch: sw, p_port: 'ge-0/0/9', p_server: 'CZ20450LIS', p_server_port: 'eth2', ...over },
        staff,
      );
    expectErrorShape(await set({ p_switch: 999_999 }), 404, 'SWITCH_NOT_FOUND');
    expectErrorShape(await set({ p_server: 'NO-SUCH' }), 404, 'DEDICATED_NOT_FOUND');
    expectErrorShape(await set({ p_port: 'ge 0/0/9', p_vlan: 5000 }), 400, 'VALIDATION_FAILED');
    expect((await set({ p_vlan: 300, p_speed_mbps: 10_000, p_note: 'second uplink' })).status).toBe(200);
    const port = async (p: string) =>
      ((await s.get(`SwitchesConnections?port=eq.${p}&switch=eq.${sw}`, staff)).body as Json[])[0];
    expect(await port('ge-0/0/9')).toMatchObject({ server: 'CZ20450LIS', server_port: 'eth2', vlan: 300, speed_mbps: 10_000 });
    // The server's eth2 moves to another port: the old cabling goes.
    expect((await set({ p_port: 'ge-0/0/10' })).status).toBe(200);
    expect(await port('ge-0/0/9')).toBeUndefined();
    expect((await s.rpc('SwitchConnectionDelete', { p_switch: sw, p_port: 'ge-0/0/10' }, staff)).status).toBe(200);
    expectErrorShape(
      await s.rpc('SwitchConnectionDelete', { p_switch: sw, p_port: 'ge-0/0/10' }, staff),
      404,
      'SWITCH_NOT_FOUND',
    );
    const demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expectErrorShape(await s.rpc('SwitchConnectionDelete', { p_switch: sw, p_port: 'ge-0/0/1' }, demo), 403, 'ROLE_REQUIRED');
    expect(await port('ge-0/0/1')).toBeDefined();
  });
});
