/**
 * Dedicated servers (issue 17) through real HTTP on real PostgreSQL, on simulated BMCs: the list
 * and the details page's data, another account's serial refused by every call, the claim, the
 * hostname, ILO password and WireGuard key rules, IPMI access, additional addresses, and installs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ILO_CUSTOMER_LOGIN } from '@portside/contract/schemas/dedicated';
import { startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, detailLines, expectErrorShape, newAccount, scalar } from './factories.js';
import { rentServer, staffOf } from './dedicated-factories.js';
import { syncDedicatedServers } from '../src/modules/dedicated/dedicated-sync.js';
import {
  setSimulatedDriveHealth,
  setSimulatedFailure,
  simulatedAccount,
} from '../src/drivers/baremetal/simulator-bmc.repository.js';
import { createSimulatorBmc } from '../src/drivers/baremetal/simulator-bmc.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const WG_KEY = 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=';
const stats = async (token: string, serial: string) => (await s.get(`ServerStats?serial=eq.${serial}`, token)).body as Json[];

describe('the list and the details', () => {
  it('shows the account its servers with what the BMC reported and the price breakdown', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId, { baseCents: 10000 });
    const list = await s.get('MyDedicatedServers', a.token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      serial: srv.serial,
      power_state: 'On',
      bmc_reachable: true,
      health: 'OK',
      cpu_family: 'Intel Xeon',
      location: 'lisbon',
      client: a.clientId,
    });
    const [row] = await stats(a.token, srv.serial);
    expect(row.disks.length).toBeGreaterThan(0);
    expect(row.ram_modules.length).toBeGreaterThan(0);
    expect(row.sensors.length).toBeGreaterThan(0);
    expect(row.power_actions).toEqual(
      expect.arrayContaining(['on', 'graceful-shutdown', 'force-off', 'graceful-restart', 'force-restart', 'power-cycle']),
    );
    const ram = row.ram_modules.reduce((n: number, m: Json) => n + m.monthly_cents, 0);
    const disks = row.disks.reduce((n: number, d: Json) => n + d.monthly_cents, 0);
    expect(ram).toBeGreaterThan(0);
    expect(row.price).toEqual({
      base_cents: 10000,
      ram_cents: ram,
      disks_cents: disks,
      ips_cents: 0,
      total_cents: 10000 + ram + disks,
    });
    expect(row.total_cents).toBe(10000 + ram + disks);
    // The server's service is billed at the same total.
    expect(await scalar(s, `SELECT monthly_cents FROM services WHERE equipment_id = $1`, [row.equipment_id])).toBe(
      10000 + ram + disks,
    );
    // Nothing about the BMC itself reaches the browser.
    expect(JSON.stringify(row)).not.toContain(srv.bmc);
    expect(row.ilo_ip).toBeNull();
  });

  it('offers only the power functions the BMC advertises', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId, {
      system: { resetTypes: ['On', 'ForceOff', 'GracefulShutdown', 'ForceRestart', 'Nmi', 'PushPowerButton'] },
    });
    const [row] = await stats(a.token, srv.serial);
    expect(row.power_actions).toEqual(['on', 'force-off', 'graceful-shutdown', 'force-restart']);
    const r = await s.rpc('ServerPowerAction', { p_serial: srv.serial, p_action: 'power-cycle' }, a.token);
    expectErrorShape(r, 422, 'POWER_ACTION_UNSUPPORTED');
  });

  it('sees a drive turn unhealthy at the next inventory read, and a BMC that stops answering', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const [before] = await stats(a.token, srv.serial);
    const drive = before.disks[0].serial as string;
    await setSimulatedDriveHealth(s.db.owner, { bmc: srv.bmc, serial: drive, health: 'Critical' });
    await s.db.owner.query(`UPDATE dedicated_servers SET synced_at = now() - interval '1 hour' WHERE serial = $1`, [srv.serial]);
    await syncDedicatedServers(s.jobDeps());
    const [after] = await stats(a.token, srv.serial);
    expect(after.disks.find((d: Json) => d.serial === drive).health).toBe('Critical');

    await setSimulatedFailure(s.db.owner, srv.bmc, 'unreachable');
    await syncDedicatedServers(s.jobDeps());
    const [away] = await stats(a.token, srv.serial);
    expect(away).toMatchObject({ bmc_reachable: false, power_state: 'On' });
    const pw = await s.rpc('ServerUpdateIloPassword', { p_serial: srv.serial, p_password: 'ABCD1234' }, a.token);
    expectErrorShape(pw, 503, 'BMC_UNAVAILABLE');
  });
});

describe('another account, the claim and staff calls', () => {
  it('refuses another account’s serial in every call and view', async () => {
    const owner = await newAccount(s);
    const other = await newAccount(s);
    const srv = await rentServer(s, owner.clientId);
    expect(await stats(other.token, srv.serial)).toEqual([]);
    expect((await s.get('MyDedicatedServers', other.token)).body).toEqual([]);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['ServerPowerAction', { p_action: 'force-off' }],
      ['ServerUpdateHostname', { p_hostname: 'stolen' }],
      ['ServerUpdateIloPassword', { p_password: 'ABCD1234' }],
      ['ServerUpdateIPMIAccess', { p_enabled: true }],
      ['ClientSetWgPubkey', { p_pubkey: WG_KEY }],
      ['ServerAdditionalSubnets', {}],
      ['ServersOrderIP', {}],
    ];
    for (const [name, body] of calls) {
      const r = await s.rpc(name, { p_serial: srv.serial, ...body }, other.token);
      expectErrorShape(r, 404, 'DEDICATED_NOT_FOUND');
    }
    const [mine] = await stats(owner.token, srv.serial);
    expect(mine.hostname).not.toBe('stolen');
    expect(await scalar(s, `SELECT count(*) FROM dedicated_power_jobs WHERE server_serial = $1`, [srv.serial])).toBe(0);
  });

  it('needs the claim menu-see-dedicated-servers, and keeps the staff calls to staff', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const sub = await createSubUser(s, a.clientId, { claims: ['menu-see-cloud-servers'] });
    const subToken = await s.login(sub.email, sub.password);
    expectErrorShape(await s.get('MyDedicatedServers', subToken), 403);
    expectErrorShape(await s.rpc('ServerPowerAction', { p_serial: srv.serial, p_action: 'on' }, subToken), 403);
    const withClaim = await createSubUser(s, a.clientId, { claims: ['menu-see-dedicated-servers'] });
    expect((await s.get('MyDedicatedServers', await s.login(withClaim.email, withClaim.password))).body).toHaveLength(1);
    for (const name of ['RegisterBmc', 'DedicatedServerCreate', 'ServerInstallCreate', 'ServerInstallStep'])
      expectErrorShape(await s.rpc(name, {}, a.token), 403);
  });
});

describe('rules of the details page', () => {
  it('renames with letters, digits and hyphens only', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const bad = await s.rpc('ServerUpdateHostname', { p_serial: srv.serial, p_hostname: 'web_1.example' }, a.token);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.details).toBe('p_hostname: hostname_dedicated_invalid');
    expect((await s.rpc('ServerUpdateHostname', { p_serial: srv.serial, p_hostname: 'web-1' }, a.token)).status).toBe(200);
    expect((await stats(a.token, srv.serial))[0].hostname).toBe('web-1');
  });

  it('sets the ILO password on the BMC: exactly 8 uppercase characters', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    for (const p of ['abcd1234', 'ABCD123', 'ABCD12345', 'ABCD 123']) {
      const r = await s.rpc('ServerUpdateIloPassword', { p_serial: srv.serial, p_password: p }, a.token);
      expectErrorShape(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toBe('p_password: ilo_password_invalid');
    }
    expect((await stats(a.token, srv.serial))[0].ilo_login).toBeNull();
    const ok = await s.rpc('ServerUpdateIloPassword', { p_serial: srv.serial, p_password: 'AB#$12!?' }, a.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ success: true, ilo_login: ILO_CUSTOMER_LOGIN });
    expect((await stats(a.token, srv.serial))[0].ilo_login).toBe(ILO_CUSTOMER_LOGIN);
    // The password reached the BMC: the customer's account is there and logs in with it.
    expect(await simulatedAccount(s.db.owner, srv.bmc, ILO_CUSTOMER_LOGIN)).toMatchObject({ enabled: true });
    const asCustomer = createSimulatorBmc(s.db.owner, {
      address: srv.bmc,
      systemId: '1',
      username: ILO_CUSTOMER_LOGIN,
      password: 'AB#$12!?',
    });
    expect((await asCustomer.system()).powerState).toBe('On');
    // It is never audited or stored by the portal.
    expect(await scalar(s, `SELECT count(*) FROM audit_log WHERE target LIKE '%AB#$12!?%'`)).toBe(0);
  });

  it('gives IPMI access over WireGuard: the tunnel once the key is set, the BMC only through it', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId, { hostname: 'ipmi-test' });
    expectErrorShape(
      await s.rpc('ClientSetWgPubkey', { p_serial: srv.serial, p_pubkey: WG_KEY }, a.token),
      409,
      'IPMI_ACCESS_OFF',
    );
    expect((await s.rpc('ServerUpdateIPMIAccess', { p_serial: srv.serial, p_enabled: true }, a.token)).status).toBe(200);
    let [row] = await stats(a.token, srv.serial);
    expect(row.ipmi_access).toBe(true);
    expect(row.ilo_ip).toMatch(/^10\.78\.\d+\.\d+$/);
    expect(row.ipmi_tunnel).toBeNull();
    for (const key of ['not-a-key', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', WG_KEY.replace('w=', 'x=')]) {
      const bad = await s.rpc('ClientSetWgPubkey', { p_serial: srv.serial, p_pubkey: key }, a.token);
      expectErrorShape(bad, 400, 'VALIDATION_FAILED');
      expect(bad.body.details).toBe('p_pubkey: wg_pubkey_invalid');
    }
    expect((await s.rpc('ClientSetWgPubkey', { p_serial: srv.serial, p_pubkey: WG_KEY }, a.token)).status).toBe(200);
    [row] = await stats(a.token, srv.serial);
    expect(row.wg_pubkey).toBe(WG_KEY);
    expect(row.ipmi_tunnel).toMatchObject({
      address: expect.stringMatching(/^10\.77\.\d+\.\d+\/32$/),
      endpoint: 'wg-lis.portside.test:51820',
      allowed_ips: `${row.ilo_ip}/32`,
    });
    expect(row.ipmi_tunnel.peer_public_key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // Two servers never share a tunnel address.
    const b = await rentServer(s, a.clientId);
    await s.rpc('ServerUpdateIPMIAccess', { p_serial: b.serial, p_enabled: true }, a.token);
    const [other] = await stats(a.token, b.serial);
    expect(other.ilo_ip).not.toBe(row.ilo_ip);
    expect((await s.rpc('ServerUpdateIPMIAccess', { p_serial: srv.serial, p_enabled: false }, a.token)).status).toBe(200);
    [row] = await stats(a.token, srv.serial);
    expect(row).toMatchObject({ ipmi_access: false, ilo_ip: null, ipmi_tunnel: null });
  });

  it('orders additional addresses billed monthly, and comments them', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const ordered = await s.rpc('ServersOrderIP', { p_serial: srv.serial }, a.token);
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    expect(ordered.body).toMatchObject({ family: 4, comment: null, monthly_cents: 150 });
    expect(ordered.body.address).toMatch(/\/32$/);
    const second = await s.rpc('ServersOrderIP', { p_serial: srv.serial }, a.token);
    expect(second.body.address).not.toBe(ordered.body.address);
    const subnets = await s.rpc('ServerAdditionalSubnets', { p_serial: srv.serial }, a.token);
    expect(subnets.body.map((x: Json) => x.address).sort()).toEqual([ordered.body.address, second.body.address].sort());
    const [row] = await stats(a.token, srv.serial);
    expect(row.price.ips_cents).toBe(300);
    // A service of the account, its parent the server's.
    expect(
      await scalar(s, `SELECT count(*) FROM services WHERE parent_equipment_id = $1 AND category = 'ip-address'`, [
        row.equipment_id,
      ]),
    ).toBe(2);
    const c = await s.rpc(
      'ServicesUpdateAdditionalIPComment',
      { p_equipment_id: ordered.body.equipment_id, p_comment: 'mail server' },
      a.token,
    );
    expect(c.status).toBe(200);
    expect(
      (await stats(a.token, srv.serial))[0].additional_ips.find((x: Json) => x.equipment_id === ordered.body.equipment_id)
        .comment,
    ).toBe('mail server');
    const other = await newAccount(s);
    expectErrorShape(
      await s.rpc(
        'ServicesUpdateAdditionalIPComment',
        { p_equipment_id: ordered.body.equipment_id, p_comment: 'x' },
        other.token,
      ),
      404,
      'ADDITIONAL_IP_NOT_FOUND',
    );
  });
});

describe('additional subnets', () => {
  it('orders a routed /29 and /28 at the address price per address, never overlapping anything held', async () => {
    const a = await newAccount(s);
    const srv = await rentServer(s, a.clientId);
    const bad = await s.rpc('ServersOrderIP', { p_serial: srv.serial, p_prefix: 30 }, a.token);
    expectErrorShape(bad, 400, 'VALIDATION_FAILED');
    expect(detailLines(bad)).toContain('p_prefix: invalid_data');
    const small = await s.rpc('ServersOrderIP', { p_serial: srv.serial, p_prefix: 29 }, a.token);
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(small.body).toMatchObject({ family: 4, gateway: null, monthly_cents: 8 * 150 });
    expect(small.body.address).toMatch(/\.(\d+)\/29$/);
    expect(Number(/\.(\d+)\//.exec(small.body.address)![1]) % 8).toBe(0);
    const big = await s.rpc('ServersOrderIP', { p_serial: srv.serial, p_prefix: 28 }, a.token);
    expect(big.body).toMatchObject({ monthly_cents: 16 * 150 });
    expect(big.body.address).toMatch(/\/28$/);
    const single = await s.rpc('ServersOrderIP', { p_serial: srv.serial }, a.token);
    // No two blocks, and no address any server holds, overlap.
    const overlaps = await scalar(
      s,
      `SELECT count(*) FROM dedicated_ips x JOIN dedicated_ips y ON x.equipment_id < y.equipment_id AND x.address && y.address`,
    );
    expect(overlaps).toBe(0);
    const held = await scalar(
      s,
      `SELECT count(*) FROM dedicated_ips di WHERE di.address::text IN ($1, $2)
          AND (EXISTS (SELECT 1 FROM vms v WHERE v.ipv4 <<= di.address AND v.state <> 'deleted')
            OR EXISTS (SELECT 1 FROM dedicated_servers d WHERE d.ipv4 <<= di.address)
            OR EXISTS (SELECT 1 FROM ip_pools p WHERE p.gateway <<= di.address))`,
      [small.body.address, big.body.address],
    );
    expect(held).toBe(0);
    const [row] = await stats(a.token, srv.serial);
    expect(row.price.ips_cents).toBe(8 * 150 + 16 * 150 + single.body.monthly_cents);
    // The subnet's service is named in the reader's language by its key.
    const services = (await s.get('MyServices', a.token)).body as Json[];
    expect(services.find((x) => x.equipment_id === small.body.equipment_id)).toMatchObject({
      category: 'ip-address',
      description: 'Additional IPv4 subnet /29 (8 addresses)',
      description_key: 'services:description.ipv4_subnet',
      description_params: { prefix: 29, count: 8 },
    });
  });
});

describe('installs', () => {
  it('shows the customer the steps staff move it through, forward only', async () => {
    const a = await newAccount(s);
    const staff = await staffOf(s);
    const offer = (await s.get('ServerOffers?location=eq.frankfurt&limit=1')).body[0];
    const made = await s.rpc(
      'ServerInstallCreate',
      { p_client: a.clientId, p_offer: offer.offer_id, p_hostname: 'new-box' },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const ref = made.body.serial as string;
    expect(ref).toMatch(/^INST-\d{6}$/);
    let [row] = (await s.get(`MyServerInstalls?serial=eq.${ref}`, a.token)).body as Json[];
    expect(row).toMatchObject({
      step: 'ordered',
      hostname: 'new-box',
      location: 'frankfurt',
      offer_name: offer.name,
      racked_at: null,
    });
    const racked = await s.rpc('ServerInstallStep', { p_serial: ref, p_step: 'racked', p_new_serial: 'CZJ1234567' }, staff);
    expect(racked.body.serial).toBe('CZJ1234567');
    expectErrorShape(
      await s.rpc('ServerInstallStep', { p_serial: 'CZJ1234567', p_step: 'ordered' }, staff),
      409,
      'INSTALL_STEP_BACKWARDS',
    );
    [row] = (await s.get(`MyServerInstalls?serial=eq.CZJ1234567`, a.token)).body as Json[];
    expect(row.step).toBe('racked');
    expect(row.racked_at).not.toBeNull();
    expect((await s.get('MyServerInstalls', (await newAccount(s)).token)).body).toEqual([]);
  });
});
