/**
 * TestClusterConnection (issue 18, /infrastructure): staff test a Proxmox VE cluster's API token
 * before registering it (nothing is stored) or a registered cluster by id (its sealed secret
 * opened on the server), against the fake PVE on loopback: success with the version and node
 * count, a wrong token, a cluster that hangs (503 within the time-out), an untrusted certificate
 * (named as TLS) and the same with its CA pasted, the simulator; customers are refused, the
 * secret is never answered, and each test is audited.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, expectErrorShape, scalar } from './factories.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { selfSignedCertificate } from './tls-fixture.js';

describe('TestClusterConnection', () => {
  let s: TestServer;
  let pve: FakePve;
  let tlsPve: FakePve;
  let hang: net.Server;
  let hangUrl: string;
  const held: net.Socket[] = [];
  let staff: string;
  let cert: string;
  const TIMEOUT_MS = 400;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    s = await startTestServer({ rateLimit: NO_RATE_LIMIT, vms: { ...base.vms, proxmoxTimeoutMs: TIMEOUT_MS } });
    pve = await startFakePve({ nodes: [{ name: 'pve-a' }, { name: 'pve-b' }, { name: 'pve-c', online: false }] });
    const tls = selfSignedCertificate('pve.test');
    cert = tls.cert;
    tlsPve = await startFakePve({ tls });
    // A cluster that takes the connection and never answers.
    hang = net.createServer((socket) => void held.push(socket));
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    hangUrl = `http://127.0.0.1:${(hang.address() as AddressInfo).port}`;
    staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  });
  afterAll(async () => {
    await s?.stop();
    await pve?.close();
    await tlsPve?.close();
    held.forEach((socket) => socket.destroy());
    await new Promise((r) => hang?.close(r));
  });

  const form = (over: Record<string, unknown> = {}) => ({
    p_driver: 'proxmox',
    p_name: 'pve-test',
    p_location: 'lisbon',
    p_api_url: pve.url,
    p_token_id: pve.tokenId,
    p_secret: pve.secret,
    ...over,
  });
  const clusters = () => scalar(s, `SELECT count(*)::int AS n FROM clusters`);

  it('answers the version, the node count and the latency for a form, storing nothing', async () => {
    const before = await clusters();
    const r = await s.rpc('TestClusterConnection', form(), staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ok: true, details: { product: 'Proxmox VE', version: '8.2.4', count_of: 'nodes', count: 3 } });
    expect(r.body.details.latency_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(r.body)).not.toContain(pve.secret);
    expect(await clusters()).toBe(before);
    const seen = pve.requests.filter((q) => q.path === '/api2/json/version' || q.path === '/api2/json/nodes');
    expect(seen.map((q) => q.method)).toEqual(['GET', 'GET']);
    const audit = await s.db.owner.query(
      `SELECT target, result FROM audit_log WHERE action = 'TestClusterConnection' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]).toMatchObject({ result: 'ok' });
    expect(audit.rows[0].target).toContain('pve-test');
    expect(audit.rows[0].target).not.toContain(pve.secret);
  });

  it('names a wrong token secret as refused credentials, without quoting it', async () => {
    const wrong = '00000000-1111-2222-3333-444444444444';
    const r = await s.rpc('TestClusterConnection', form({ p_secret: wrong }), staff);
    expectErrorShape(r, 422, 'CONNECTION_AUTH_FAILED');
    expect(JSON.stringify(r.body)).not.toContain(wrong);
  });

  it('answers 503 CLUSTER_UNAVAILABLE within the time-out when the cluster never answers', async () => {
    const started = Date.now();
    const r = await s.rpc('TestClusterConnection', form({ p_api_url: hangUrl }), staff);
    expectErrorShape(r, 503, 'CLUSTER_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(r.body.details).toMatch(/within 400 ms/);
  });

  it('names an untrusted certificate as a TLS problem, and succeeds once its CA is pasted', async () => {
    const untrusted = await s.rpc('TestClusterConnection', form({ p_api_url: tlsPve.url, p_secret: tlsPve.secret }), staff);
    expectErrorShape(untrusted, 422, 'CONNECTION_TLS_FAILED');
    const trusted = await s.rpc(
      'TestClusterConnection',
      form({ p_api_url: tlsPve.url, p_secret: tlsPve.secret, p_ca_pem: cert }),
      staff,
    );
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(200);
    expect(trusted.body.details.count).toBe(2);
    const badCa = await s.rpc('TestClusterConnection', form({ p_ca_pem: 'not a certificate' }), staff);
    expectErrorShape(badCa, 400, 'VALIDATION_FAILED');
    expect(badCa.body.details).toBe('p_ca_pem: invalid_data');
  });

  it('tests a registered cluster by id with its sealed secret, and a simulated one', async () => {
    const reg = await s.rpc('RegisterCluster', form({ p_name: 'pve-registered' }), staff);
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const byId = await s.rpc('TestClusterConnection', { p_id: reg.body.id }, staff);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.details).toMatchObject({ product: 'Proxmox VE', count: 3 });
    const [sim] = (await s.get('Clusters?driver=eq.simulator&limit=1', staff)).body as Json[];
    const simById = await s.rpc('TestClusterConnection', { p_id: sim.id }, staff);
    expect(simById.status, JSON.stringify(simById.body)).toBe(200);
    expect(simById.body.details).toMatchObject({ product: 'Portside simulator', count_of: 'nodes' });
    expect(simById.body.details.count).toBeGreaterThan(0);
    const simForm = await s.rpc(
      'TestClusterConnection',
      { p_driver: 'simulator', p_name: 'sim-new', p_location: 'lisbon', p_nodes: sim.nodes },
      staff,
    );
    expect(simForm.body.details?.count, JSON.stringify(simForm.body)).toBe(sim.nodes.length);
    expectErrorShape(await s.rpc('TestClusterConnection', { p_id: 999_999 }, staff), 404, 'NotFound');
  });

  it('refuses a form without its token, an id together with form fields, and a customer', async () => {
    const missing = await s.rpc('TestClusterConnection', form({ p_secret: undefined }), staff);
    expectErrorShape(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body.details).toBe('p_secret: invalid_data');
    const both = await s.rpc('TestClusterConnection', { p_id: 1, p_api_url: pve.url }, staff);
    expectErrorShape(both, 400, 'VALIDATION_FAILED');
    expect(both.body.details).toBe('p_api_url: invalid_data');
    const customer = await s.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const refused = await s.rpc('TestClusterConnection', form(), customer);
    expectErrorShape(refused, 403);
  });
});
