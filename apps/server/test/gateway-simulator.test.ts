import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/drivers/gateway/create-gateway.js';
import type { GatewayForward } from '../src/drivers/gateway/gateway.js';
import { createSimulatorGateway } from '../src/drivers/gateway/simulator-gateway.js';
import { loadNetworkConfig } from '../src/network-config.js';
import { createTestDatabase } from './harness.js';
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

describe('gateway simulator', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  it('makes a gateway’s forwards exactly the batch, sorted by protocol and port, apart per gateway', async () => {
    const gw = createGateway(loadNetworkConfig({ NODE_ENV: 'test' }), pool);
    expect(await gw.forwards('203.0.113.1')).toEqual([]);
    await gw.setForwards('203.0.113.1', [
      fwd('udp', 20001, '10.20.0.5', 51820, 'portside:7 vm 101'),
      fwd('tcp', 20002, '10.20.0.6', 22, 'portside:8 vm 102'),
      fwd('tcp', 20000, '10.20.0.5', 22, 'portside:6 vm 101'),
    ]);
    await gw.setForwards('203.0.113.2', [fwd('tcp', 20000, '10.30.0.9', 80)]);
    expect(await gw.forwards('203.0.113.1')).toEqual([
      fwd('tcp', 20000, '10.20.0.5', 22, 'portside:6 vm 101'),
      fwd('tcp', 20002, '10.20.0.6', 22, 'portside:8 vm 102'),
      fwd('udp', 20001, '10.20.0.5', 51820, 'portside:7 vm 101'),
    ]);

    // Changed, removed and added at once; repeating it changes nothing.
    const next = [fwd('tcp', 20000, '10.20.0.7', 2222, 'portside:6 vm 103'), fwd('udp', 20003, '10.20.0.5', 53)];
    await gw.setForwards('203.0.113.1', next);
    await gw.setForwards('203.0.113.1', next);
    expect(await gw.forwards('203.0.113.1')).toEqual(next);
    expect(await createSimulatorGateway(pool).forwards('203.0.113.2')).toEqual([fwd('tcp', 20000, '10.30.0.9', 80)]);

    await gw.setForwards('203.0.113.1', []);
    expect(await gw.forwards('203.0.113.1')).toEqual([]);
  });

  it('refuses a bad forward by its position and keeps the forwards as they were', async () => {
    const gw = createSimulatorGateway(pool);
    const kept = [fwd('tcp', 21000, '10.0.0.2', 443)];
    await gw.setForwards('198.51.100.1', kept);
    const cases: Array<[GatewayForward, RegExp]> = [
      [fwd('icmp' as never, 21001, '10.0.0.2', 1), /forward 2: unknown protocol/],
      [fwd('tcp', 0, '10.0.0.2', 1), /forward 2: external port/],
      [fwd('tcp', 21001, '10.0.0.2', 65536), /forward 2: target port/],
      [fwd('tcp', 21001, '10.0.0.0/24', 1), /forward 2: target '10\.0\.0\.0\/24' is not an IP address/],
      [fwd('tcp', 21001, '2001:db8::5', 1), /forward 2: target 2001:db8::5 is not of the gateway's address family/],
      [fwd('tcp', 21000, '10.0.0.3', 1), /forward 2: tcp port 21000 is forwarded twice/],
      [fwd('tcp', 21001, '10.0.0.3', 1, 'two\nlines'), /forward 2: comment/],
    ];
    for (const [bad, text] of cases) await expectGatewayError(gw.setForwards('198.51.100.1', [kept[0]!, bad]), 'REFUSED', text);
    await expectGatewayError(gw.setForwards('gw.example.net', kept), 'REFUSED', /not an IP address/);
    await expectGatewayError(gw.forwards('198.51.100.0/24'), 'REFUSED', /not an IP address/);
    expect(await gw.forwards('198.51.100.1')).toEqual(kept);
  });

  it('is UNAVAILABLE, without SQL in the message, when its database does not answer', async () => {
    const gone = new pg.Pool({ connectionString: tdb.ownerUrl.replace(/\/[^/]*$/, '/no_such_database'), max: 1 });
    try {
      await expectGatewayError(
        createSimulatorGateway(gone).forwards('203.0.113.1'),
        'UNAVAILABLE',
        /^the simulated gateway did not answer$/,
      );
    } finally {
      await gone.end();
    }
  });
});
