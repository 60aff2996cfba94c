import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/drivers/gateway/create-gateway.js';
import type { GatewayForward } from '../src/drivers/gateway/gateway.js';
import { createRouterOsGateway, type RouterOsConfig } from '../src/drivers/gateway/routeros-gateway.js';
import { loadNetworkConfig } from '../src/network-config.js';
import { startFakeRouterOs, type FakeRouterOs } from './fake-routeros.js';
import { expectGatewayError } from './network-expect.js';

const fwd = (
  protocol: 'tcp' | 'udp',
  externalPort: number,
  target: string,
  targetPort: number,
  comment = '',
): GatewayForward => ({
  protocol,
  externalPort,
  target,
  targetPort,
  comment,
});
const GW = '203.0.113.1';

describe('routeros gateway driver', () => {
  let ros: FakeRouterOs;
  let config: RouterOsConfig;
  beforeAll(async () => {
    ros = await startFakeRouterOs();
    config = { driver: 'routeros', routerosUrl: ros.url, routerosUser: ros.user, routerosPassword: ros.password, timeoutMs: 500 };
    // The operator's own rules: never touched.
    ros.addRule({
      chain: 'dstnat',
      action: 'dst-nat',
      'dst-address': GW,
      protocol: 'tcp',
      'dst-port': '443',
      'to-addresses': '10.0.0.2',
      'to-ports': '443',
      comment: 'reverse proxy',
    });
    ros.addRule({
      chain: 'srcnat',
      action: 'masquerade',
      'out-interface': 'ether1',
      comment: 'portside:looks like ours but is srcnat',
    });
  });
  afterAll(async () => {
    await ros?.close();
  });

  const portal = () => ros.rules.filter((r) => r.comment?.startsWith('portside:') && r.chain === 'dstnat');

  it('is what createGateway makes for GATEWAY_DRIVER=routeros', async () => {
    const gw = createGateway(
      loadNetworkConfig({
        NODE_ENV: 'test',
        GATEWAY_DRIVER: 'routeros',
        ROUTEROS_URL: ros.url,
        ROUTEROS_USER: ros.user,
        ROUTEROS_PASSWORD: ros.password,
      }),
      null as never,
    );
    expect(await gw.forwards('198.51.100.1')).toEqual([]);
  });

  it('adds dst-nat rules marked as the portal’s, and reads them back sorted with the comment as given', async () => {
    const gw = createRouterOsGateway(config);
    await gw.setForwards(GW, [fwd('udp', 20001, '10.20.0.5', 51820, '7 vm 101'), fwd('tcp', 20000, '10.20.0.5', 22, '6 vm 101')]);
    expect(portal().map((r) => ({ ...r, '.id': undefined }))).toEqual([
      expect.objectContaining({
        chain: 'dstnat',
        action: 'dst-nat',
        'dst-address': GW,
        protocol: 'tcp',
        'dst-port': '20000',
        'to-addresses': '10.20.0.5',
        'to-ports': '22',
        comment: 'portside:6 vm 101',
        disabled: 'false',
      }),
      expect.objectContaining({ protocol: 'udp', 'dst-port': '20001', 'to-ports': '51820', comment: 'portside:7 vm 101' }),
    ]);
    expect(await gw.forwards(GW)).toEqual([
      fwd('tcp', 20000, '10.20.0.5', 22, '6 vm 101'),
      fwd('udp', 20001, '10.20.0.5', 51820, '7 vm 101'),
    ]);
    expect(ros.requests.every((r) => !JSON.stringify(r).includes(ros.password))).toBe(true);
  });

  it('changes the differing, removes the others and adds the missing; a repeat writes nothing', async () => {
    const gw = createRouterOsGateway(config);
    await gw.setForwards(GW, [fwd('tcp', 20000, '10.20.0.5', 22, 'a'), fwd('tcp', 20005, '10.20.0.9', 80, 'b')]);
    const kept = portal().find((r) => r['dst-port'] === '20000')!['.id'];
    const from = ros.requests.length;
    const next = [fwd('tcp', 20000, '10.20.0.6', 2222, 'a moved'), fwd('udp', 20002, '10.20.0.6', 53, 'c')];
    await gw.setForwards(GW, next);
    expect(ros.requests.slice(from).map((r) => r.method)).toEqual(['GET', 'DELETE', 'PATCH', 'PUT']);
    expect(portal().find((r) => r['dst-port'] === '20000')).toMatchObject({
      '.id': kept,
      'to-addresses': '10.20.0.6',
      'to-ports': '2222',
      comment: 'portside:a moved',
    });
    expect(await gw.forwards(GW)).toEqual(next);
    const again = ros.requests.length;
    await gw.setForwards(GW, next);
    expect(ros.requests.slice(again).map((r) => r.method)).toEqual(['GET']);
    // The operator's rules are as they were.
    expect(ros.rules.find((r) => r.comment === 'reverse proxy')).toMatchObject({ 'dst-port': '443' });
    expect(ros.rules.some((r) => r.chain === 'srcnat')).toBe(true);
    await gw.setForwards(GW, []);
    expect(portal()).toEqual([]);
    expect(ros.rules).toHaveLength(2);
  });

  it('keeps apart the forwards of several gateways on one router', async () => {
    const gw = createRouterOsGateway(config);
    await gw.setForwards('203.0.113.2', [fwd('tcp', 20000, '10.30.0.1', 22)]);
    await gw.setForwards('203.0.113.3', [fwd('tcp', 20000, '10.40.0.1', 22)]);
    await gw.setForwards('203.0.113.2', []);
    expect(await gw.forwards('203.0.113.3')).toEqual([fwd('tcp', 20000, '10.40.0.1', 22)]);
    expect(await gw.forwards('203.0.113.2')).toEqual([]);
    await gw.setForwards('203.0.113.3', []);
  });

  it('refuses a bad batch before writing, an IPv6 gateway, and what RouterOS refuses', async () => {
    const gw = createRouterOsGateway(config);
    const from = ros.requests.length;
    await expectGatewayError(
      gw.setForwards(GW, [fwd('tcp', 20000, '10.0.0.1', 22), fwd('tcp', 20000, '10.0.0.2', 22)]),
      'REFUSED',
      /forward 2: tcp port 20000 is forwarded twice/,
    );
    await expectGatewayError(gw.setForwards('2001:db8::1', [fwd('tcp', 20000, '2001:db8::5', 22)]), 'REFUSED', /IPv4 only/);
    expect(ros.requests.length).toBe(from);
    ros.failNext(400, { error: 400, message: 'Bad Request', detail: 'failure: already have such rule' });
    await expectGatewayError(
      gw.setForwards(GW, [fwd('tcp', 20000, '10.0.0.1', 22)]),
      'REFUSED',
      /Bad Request: failure: already have such rule/,
    );
  });

  it('is UNAVAILABLE for wrong credentials, 5xx, no answer or nobody listening, and never names the password', async () => {
    const wrong = createRouterOsGateway({ ...config, routerosPassword: 'nope' });
    await expectGatewayError(wrong.forwards(GW), 'UNAVAILABLE', /did not accept the user \(HTTP 401\)/);
    const gw = createRouterOsGateway(config);
    ros.failNext(500, { error: 500, message: `Internal Server Error ${ros.password}` });
    const e = await gw.forwards(GW).catch((x: unknown) => x as Error);
    expect(e).toMatchObject({ code: 'UNAVAILABLE' });
    expect((e as Error).message).toMatch(/HTTP 500 Internal Server Error \[password\]/);
    const closed = createRouterOsGateway({ ...config, routerosUrl: 'http://127.0.0.1:9' });
    await expectGatewayError(closed.forwards(GW), 'UNAVAILABLE', /^the gateway could not be reached$/);
  });

  it('refuses to start without URL and credentials', () => {
    expect(() => createRouterOsGateway({ ...config, routerosPassword: null })).toThrow(
      /ROUTEROS_URL, ROUTEROS_USER and ROUTEROS_PASSWORD/,
    );
    expect(() => createRouterOsGateway({ ...config, routerosUrl: 'gopher://x' })).toThrow(/http\(s\)/);
  });
});
