/**
 * VPN servers' calls (issue 17) through real HTTP on the seeded simulated clusters: the demo's
 * VPN server and its peer, adding and removing peers (the server's new configuration pushed), every
 * refusal in the catalogue's shape changing nothing, the 50-peer limit, another account's server
 * and the claim menu-see-vpn-servers. The pushes themselves: vpn-push.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vpnEndpoint, vpnPeerAddresses } from '@portside/contract/rules/vpn';
import { DEMO_VPN } from '../src/db/seed-vpn.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf } from './factories.js';
import { createTestVm } from './vm-factories.js';
import { createVpnServer, deviceKey, driverOf, vpnRow } from './vpn-factories.js';

let s: TestServer;
let demo: string;
let other: string;
let demoClient: string;
let otherClient: string;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  demo = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  demoClient = (await idsOf(s, DEMO_USERS.demo.email)).clientId;
  otherClient = (await idsOf(s, DEMO_USERS.other.email)).clientId;
});
afterAll(async () => s?.stop());

const servers = async (token = demo) => (await s.get('MyVpnServers', token)).body as Json[];
const peers = async (id: number, token = demo) => (await s.get(`MyVpnPeers?provisioned_id=eq.${id}`, token)).body as Json[];
const add = async (id: number, name: string, key = deviceKey().publicKey, token = demo) => {
  const r = await s.rpc('VpnPeerAdd', { p_provisioned_id: id, p_name: name, p_public_key: key }, token);
  await s.jobsIdle();
  return r;
};
const remove = async (id: number, peer: number, token = demo) => {
  const r = await s.rpc('VpnPeerDelete', { p_provisioned_id: id, p_peer: peer }, token);
  await s.jobsIdle();
  return r;
};
const wgPeers = async (id: number, vmid: number) =>
  (await (await driverOf(s.db, s.hypervisors, id)).guestExec(vmid, ['wg', 'show', 'wg0', 'peers'])).stdout;

describe('MyVpnServers and MyVpnPeers', () => {
  it('list the demo’s VPN server in Lisbon, not yet configured, with its one peer; it is a cloud server too', async () => {
    const mine = await servers();
    const vpn = mine.find((r) => r.name === DEMO_VPN.name);
    expect(vpn).toMatchObject({
      location: 'lisbon',
      location_name: 'Lisbon',
      ipv4: DEMO_VPN.ipv4,
      ipv6: DEMO_VPN.ipv6,
      power_status: 'RUNNING',
      state: 'active',
      public_key: null,
      endpoint: vpnEndpoint(DEMO_VPN.ipv4, DEMO_VPN.ipv6),
      peers_count: 1,
      config_revision: 2,
      applied_revision: 0,
      push_error: null,
    });
    // Only the servers made from the wireguard image are VPN servers.
    expect(mine.every((r) => r.name.startsWith('vpn'))).toBe(true);
    expect((await peers(vpn.provisioned_id)).map((p) => [p.name, p.public_key, p.address_v4, p.address_v6])).toEqual([
      [DEMO_VPN.peer.name, DEMO_VPN.peer.publicKey, '10.99.0.2', 'fd99::2'],
    ]);
    const vms = (await s.get(`MyVMs2?provisioned_id=eq.${vpn.provisioned_id}`, demo)).body;
    expect(vms[0]).toMatchObject({ name: DEMO_VPN.name, image: 'wireguard' });
  });

  it('show another account nothing of the demo’s VPN servers', async () => {
    expect((await servers(other)).some((r) => r.name === DEMO_VPN.name)).toBe(false);
    const vpn = (await servers()).find((r) => r.name === DEMO_VPN.name);
    expect(await peers(vpn.provisioned_id, other)).toEqual([]);
  });

  it('bracket the IPv6 address in the endpoint of a server without IPv4', async () => {
    const v6 = await createVpnServer(s.db, demoClient, { ipv4: false });
    const row = (await servers()).find((r) => r.provisioned_id === v6.id);
    expect(row.endpoint).toBe(vpnEndpoint(null, v6.ipv6));
    expect(row.endpoint).toMatch(/^\[2a0e:1d80:10::[0-9a-f]+\]:51820$/);
  });
});

describe('VpnPeerAdd and VpnPeerDelete', () => {
  it('adds a peer at the lowest free address, answers what its configuration needs, and the server takes it', async () => {
    const v = await createVpnServer(s.db, demoClient);
    const key = deviceKey().publicKey;
    const r = await add(v.id, 'phone', key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await vpnRow(s.db, v.id);
    expect(r.body).toMatchObject({
      provisioned_id: v.id,
      name: 'phone',
      public_key: key,
      address_v4: vpnPeerAddresses(2).ipv4,
      address_v6: vpnPeerAddresses(2).ipv6,
      server_public_key: row!.public_key,
      endpoint: `${v.ipv4}:51820`,
      config_revision: 2,
    });
    expect(row).toMatchObject({ config_revision: 2, applied_revision: 2, push_error: null });
    expect(await wgPeers(v.id, v.vmid)).toBe(`${key}\n`);
    expect((await servers()).find((x) => x.provisioned_id === v.id)).toMatchObject({ peers_count: 1, applied_revision: 2 });
    // The next one takes the next address; a removed peer's address is given again.
    const second = await add(v.id, 'laptop');
    expect(second.body.address_v4).toBe('10.99.0.3');
    expect((await remove(v.id, r.body.id)).status).toBe(200);
    expect((await add(v.id, 'tablet')).body).toMatchObject({ address_v4: '10.99.0.2', address_v6: 'fd99::2' });
  });

  it('removes a peer: the server no longer has it once its configuration is applied', async () => {
    const v = await createVpnServer(s.db, demoClient);
    const keep = deviceKey().publicKey;
    await add(v.id, 'keep', keep);
    const gone = await add(v.id, 'gone');
    const r = await remove(v.id, gone.body.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ success: true, config_revision: 4 });
    expect((await peers(v.id)).map((p) => p.name)).toEqual(['keep']);
    expect(await wgPeers(v.id, v.vmid)).toBe(`${keep}\n`);
    expect(await vpnRow(s.db, v.id)).toMatchObject({ config_revision: 4, applied_revision: 4 });
    expectErrorShape(await remove(v.id, gone.body.id), 404, 'VPN_PEER_NOT_FOUND');
  });

  it('logs both calls with the server and the peer', async () => {
    const v = await createVpnServer(s.db, demoClient);
    const made = await add(v.id, 'logged');
    await remove(v.id, made.body.id);
    const log = await s.db.owner.query<{ action: string; target: string; result: string }>(
      `SELECT action, target, result FROM audit_log WHERE client_id = $1 AND action LIKE 'VpnPeer%' AND target LIKE $2 ORDER BY id`,
      [demoClient, `server "${v.name}"%`],
    );
    expect(log.rows).toEqual([
      { action: 'VpnPeerAdd', target: `server "${v.name}" (#${v.id}), VPN peer "logged" (#${made.body.id})`, result: 'ok' },
      { action: 'VpnPeerDelete', target: `server "${v.name}" (#${v.id}), VPN peer #${made.body.id}`, result: 'ok' },
    ]);
  });

  it('refuses a bad name or key, a taken name (whatever its case) or key, and the server’s own key, changing nothing', async () => {
    const v = await createVpnServer(s.db, demoClient);
    const key = deviceKey().publicKey;
    await add(v.id, 'Phone', key);
    const before = await vpnRow(s.db, v.id);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ p_name: 'my phone' }, 400, 'VALIDATION_FAILED'],
      [{ p_name: '' }, 400, 'VALIDATION_FAILED'],
      [{ p_public_key: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' }, 400, 'VALIDATION_FAILED'],
      [{ p_public_key: 'not a key' }, 400, 'VALIDATION_FAILED'],
      [{ p_name: 'phone' }, 409, 'VPN_PEER_NAME_TAKEN'],
      [{ p_public_key: key }, 409, 'VPN_PEER_KEY_TAKEN'],
      [{ p_public_key: before!.public_key }, 409, 'VPN_PEER_KEY_TAKEN'],
    ];
    for (const [over, status, code] of cases) {
      const r = await s.rpc(
        'VpnPeerAdd',
        { p_provisioned_id: v.id, p_name: `n${status}x`, p_public_key: deviceKey().publicKey, ...over },
        demo,
      );
      expectErrorShape(r, status, code);
    }
    const invalid = await s.rpc('VpnPeerAdd', { p_provisioned_id: v.id, p_name: 'x y', p_public_key: 'bad' }, demo);
    expect(invalid.body.details).toBe('p_name: vpn_peer_name_invalid\np_public_key: wg_pubkey_invalid');
    expect(await vpnRow(s.db, v.id)).toEqual(before);
    expect((await peers(v.id)).map((p) => p.name)).toEqual(['Phone']);
  });

  it('refuses the 51st peer of a server', async () => {
    const v = await createVpnServer(s.db, demoClient);
    await add(v.id, 'first');
    // 49 more, as earlier calls would have left them.
    for (let h = 3; h <= 51; h++)
      await s.db.owner.query(
        `INSERT INTO vpn_peers (provisioned_id, client_id, name, public_key, host) VALUES ($1, $2, $3, $4, $5)`,
        [v.id, demoClient, `peer-${h}`, deviceKey().publicKey, h],
      );
    expect((await peers(v.id)).length).toBe(50);
    const before = await vpnRow(s.db, v.id);
    expectErrorShape(await add(v.id, 'one-too-many'), 422, 'VPN_PEER_LIMIT');
    expect((await peers(v.id)).length).toBe(50);
    expect(await vpnRow(s.db, v.id)).toEqual(before);
  });

  it('answers NotFound for another account’s VPN server and for a server that is no VPN server', async () => {
    const theirs = await createVpnServer(s.db, otherClient);
    const theirPeer = await add(theirs.id, 'theirs', undefined, other);
    expect(theirPeer.status).toBe(200);
    const plain = await createTestVm(s.db, { clientId: demoClient, name: `plain${Date.now().toString(36)}` });
    for (const id of [theirs.id, plain.provisionedId, 999_999]) {
      expectErrorShape(await add(id, 'intruder'), 404, 'NotFound');
      expectErrorShape(await remove(id, theirPeer.body.id), 404, 'NotFound');
    }
    expect((await peers(theirs.id, other)).map((p) => p.name)).toEqual(['theirs']);
    expect(await vpnRow(s.db, plain.provisionedId)).toBeNull();
  });
});

describe('the claim menu-see-vpn-servers', () => {
  it('keeps a sub-user without it out of every VPN call, and lets one holding only it in', async () => {
    const v = await createVpnServer(s.db, demoClient);
    const without = await createSubUser(s, demoClient, { claims: ['menu-see-cloud-servers'] });
    const withIt = await createSubUser(s, demoClient, { claims: ['menu-see-vpn-servers'] });
    const no = await s.login(without.email, without.password);
    const yes = await s.login(withIt.email, withIt.password);
    for (const r of [
      await s.get('MyVpnServers', no),
      await s.get(`MyVpnPeers?provisioned_id=eq.${v.id}`, no),
      await s.rpc('VpnPeerAdd', { p_provisioned_id: v.id, p_name: 'x', p_public_key: deviceKey().publicKey }, no),
      await s.rpc('VpnPeerDelete', { p_provisioned_id: v.id, p_peer: 1 }, no),
    ])
      expectErrorShape(r, 403, 'CLAIM_REQUIRED');
    expect((await servers(yes)).some((r) => r.provisioned_id === v.id)).toBe(true);
    const r = await add(v.id, 'sub-device', undefined, yes);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
