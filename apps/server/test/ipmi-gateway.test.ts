/**
 * The IPMI gateways' agent calls (issue 17: the BMC reachable only through the customer's tunnel):
 * a location's gateway fetches, with its own token, the WireGuard peers of the servers with IPMI
 * access and the nftables rules that send each peer to its one BMC and drop everything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, newAccount } from './factories.js';
import { rentServer, staffOf } from './dedicated-factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const KEY_A = 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=';
const KEY_B = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';

async function agent(location: string, file: string, token?: string) {
  const res = await fetch(`${s.url}/svc/ipmi-gateway/${location}/${file}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status: res.status, body, headers: res.headers, text };
}

async function tokenFor(location: string): Promise<string> {
  const r = await s.rpc('IpmiGatewayToken', { p_location: location }, await staffOf(s));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

/** Turns IPMI access on with `key`; answers the server's tunnel addresses. */
async function openTunnel(token: string, serial: string, key: string) {
  expect((await s.rpc('ServerUpdateIPMIAccess', { p_serial: serial, p_enabled: true }, token)).status).toBe(200);
  expect((await s.rpc('ClientSetWgPubkey', { p_serial: serial, p_pubkey: key }, token)).status).toBe(200);
  const row = (await s.get(`ServerStats?serial=eq.${serial}`, token)).body[0];
  return { wg: (row.ipmi_tunnel.address as string).replace('/32', ''), bmc: row.ilo_ip as string, row };
}

describe('the IPMI gateway agent', () => {
  it('is refused without the gateway’s own token, and the token is staff’s to make', async () => {
    const a = await newAccount(s);
    expectErrorShape(await s.rpc('IpmiGatewayToken', { p_location: 'lisbon' }, a.token), 403);
    expectErrorShape(await s.rpc('IpmiGatewayToken', { p_location: 'atlantis' }, await staffOf(s)), 400, 'VALIDATION_FAILED');
    const lisbon = await tokenFor('lisbon');
    expectErrorShape(await agent('lisbon', 'wg-peers.conf'), 401, 'IPMI_GATEWAY_TOKEN');
    expectErrorShape(await agent('lisbon', 'wg-peers.conf', 'x'.repeat(43)), 401, 'IPMI_GATEWAY_TOKEN');
    expectErrorShape(await agent('frankfurt', 'nftables.conf', lisbon), 401, 'IPMI_GATEWAY_TOKEN');
    expectErrorShape(await agent('no-such-place', 'nftables.conf', lisbon), 401, 'IPMI_GATEWAY_TOKEN');
    expect((await agent('lisbon', 'wg-peers.conf', lisbon)).status).toBe(200);
    // A new token replaces the old one at once.
    const again = await tokenFor('lisbon');
    expectErrorShape(await agent('lisbon', 'wg-peers.conf', lisbon), 401, 'IPMI_GATEWAY_TOKEN');
    expect((await agent('lisbon', 'wg-peers.conf', again)).status).toBe(200);
  });

  it('carries each customer’s peer to its own BMC only, and drops the peer when access is turned off', async () => {
    const a = await newAccount(s);
    const b = await newAccount(s);
    const staff = await staffOf(s);
    const bmc = await s.rpc(
      'RegisterBmc',
      {
        p_name: `ilo-${Date.now()}`,
        p_driver: 'redfish',
        p_address: 'https://10.0.8.21',
        p_username: 'portal',
        p_password: 'secret-pw',
      },
      staff,
    );
    expect(bmc.status, JSON.stringify(bmc.body)).toBe(200);
    const serial = `R${Date.now()}`;
    const made = await s.rpc(
      'DedicatedServerCreate',
      {
        p_serial: serial,
        p_location: 'lisbon',
        p_hostname: 'ilo-box',
        p_model: 'ProLiant DL380 Gen10',
        p_cpu_family: 'Intel Xeon',
        p_cpu_name: 'Xeon Gold 6230',
        p_base_cents: 9900,
        p_bmc: bmc.body.id,
        p_client: a.clientId,
      },
      staff,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const simulated = await rentServer(s, b.clientId);
    const ta = await openTunnel(a.token, serial, KEY_A);
    const tb = await openTunnel(b.token, simulated.serial, KEY_B);
    // The customer sees tunnel addresses only, never the BMC's own.
    expect(JSON.stringify(ta.row)).not.toContain('10.0.8.21');

    const token = await tokenFor('lisbon');
    const peers = await agent('lisbon', 'wg-peers.conf', token);
    expect(peers.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(peers.text).toContain(`[Peer]\nPublicKey = ${KEY_A}\nAllowedIPs = ${ta.wg}/32`);
    expect(peers.text).toContain(`[Peer]\nPublicKey = ${KEY_B}\nAllowedIPs = ${tb.wg}/32`);

    const nft = (await agent('lisbon', 'nftables.conf', token)).text;
    expect(nft).toContain(`iifname "wg-ipmi" ip saddr ${ta.wg} ip daddr ${ta.bmc} dnat ip to 10.0.8.21`);
    expect(nft).toContain(`iifname "wg-ipmi" ip saddr ${ta.wg} ip daddr 10.0.8.21 accept`);
    expect(nft).toContain('iifname "wg-ipmi" drop');
    // A simulated BMC has nowhere to be routed to: said, not guessed.
    expect(nft).toContain(`# ${simulated.serial}: its BMC has no IPv4 address`);
    expect(nft).not.toContain(`ip saddr ${tb.wg}`);
    // The gateway of another location carries none of them.
    const fra = await agent('frankfurt', 'wg-peers.conf', await tokenFor('frankfurt'));
    expect(fra.text).not.toContain(KEY_A);

    expect((await s.rpc('ServerUpdateIPMIAccess', { p_serial: serial, p_enabled: false }, a.token)).status).toBe(200);
    expect((await agent('lisbon', 'wg-peers.conf', token)).text).not.toContain(KEY_A);
    expect((await agent('lisbon', 'nftables.conf', token)).text).not.toContain('10.0.8.21');
  });
});
