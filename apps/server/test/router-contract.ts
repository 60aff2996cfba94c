import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterError, type RouterDriver, type RouterErrorCode } from '../src/drivers/router/router.js';

/** The router both implementations are set up with. */
export const ROUTER = {
  addresses: [
    { address: '185.66.10.1/24', interface: 'ether1' },
    { address: '10.10.0.1/16', interface: 'bridge-private' },
  ],
  arp: [
    { address: '185.66.10.250', mac: 'AA:00:00:00:02:50', interface: 'ether1', status: 'reachable' },
    { address: '185.66.10.20', mac: 'AA:00:00:00:00:20', interface: 'ether1', status: 'stale' },
    { address: '185.66.10.31', mac: null, interface: 'ether1', status: 'failed' },
    { address: '10.10.0.254', mac: 'AA:00:00:00:FE:01', interface: 'bridge-private', status: 'permanent', dynamic: false },
  ],
  leases: [
    { address: '185.66.10.250', mac: 'AA:00:00:00:02:50', comment: 'CZ20450LIS eth0', dynamic: false },
    { address: '185.66.10.20', mac: 'AA:00:00:00:00:20', dynamic: true },
    { address: '185.66.10.21', mac: 'AA:00:00:00:00:21', dynamic: true },
  ],
};

/** What a driver under the contract suite needs around it (the simulator, or the routeros driver and a fake router). */
export interface ContractRouter {
  driver: RouterDriver;
  /** A driver of the same router logging in as someone else. */
  login(username: string, password: string): RouterDriver;
  /** 'hang' never answers, 'down' cannot serve, 'refuse-writes' refuses changes; null heals it. */
  failure(mode: 'hang' | 'down' | 'refuse-writes' | null): Promise<void>;
  close(): Promise<void>;
}

/** The RouterError `p` rejects with (fails the test when it resolves or throws something else). */
export async function expectRouterError(p: Promise<unknown>, code: RouterErrorCode, text?: RegExp): Promise<RouterError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, 'expected a RouterError').toBeInstanceOf(RouterError);
  expect((e as RouterError).code).toBe(code);
  if (text) expect((e as RouterError).message).toMatch(text);
  return e as RouterError;
}

/** The router driver contract: the simulator and the routeros driver (against a fake router) run this same suite. */
export function routerContract(label: string, make: () => Promise<ContractRouter>): void {
  describe(`router driver contract: ${label}`, () => {
    let r: ContractRouter;
    let d: RouterDriver;
    beforeAll(async () => {
      r = await make();
      d = r.driver;
    });
    afterAll(async () => {
      await r?.close();
    });
    const statics = async () => (await d.leases()).filter((l) => l.static).map((l) => [l.address, l.mac, l.comment] as const);

    it('reads the enabled IPv4 addresses as subnets, ordered by address', async () => {
      expect(await d.addresses()).toEqual([
        { address: '10.10.0.1', network: '10.10.0.0/16', interface: 'bridge-private' },
        { address: '185.66.10.1', network: '185.66.10.0/24', interface: 'ether1' },
      ]);
    });

    it('reads the ARP table: MACs in upper case, none for an unresolved entry, static entries permanent', async () => {
      expect(await d.arp()).toEqual([
        { address: '10.10.0.254', mac: 'AA:00:00:00:FE:01', interface: 'bridge-private', status: 'permanent', dynamic: false },
        { address: '185.66.10.20', mac: 'AA:00:00:00:00:20', interface: 'ether1', status: 'stale', dynamic: true },
        { address: '185.66.10.31', mac: null, interface: 'ether1', status: 'failed', dynamic: true },
        { address: '185.66.10.250', mac: 'AA:00:00:00:02:50', interface: 'ether1', status: 'reachable', dynamic: true },
      ]);
    });

    it('reads the DHCP leases, static and dynamic, with their ids and comments', async () => {
      const leases = await d.leases();
      expect(leases.map(({ id: _id, ...l }) => l)).toEqual([
        { address: '185.66.10.20', mac: 'AA:00:00:00:00:20', comment: '', static: false },
        { address: '185.66.10.21', mac: 'AA:00:00:00:00:21', comment: '', static: false },
        { address: '185.66.10.250', mac: 'AA:00:00:00:02:50', comment: 'CZ20450LIS eth0', static: true },
      ]);
      expect(new Set(leases.map((l) => l.id)).size).toBe(3);
    });

    it('reserves a free address for a new MAC, and refuses a second reservation of the MAC or the address', async () => {
      const made = await d.reserve({ address: '185.66.10.40', mac: 'aa:00:00:00:00:40', comment: 'colo rack 4' });
      expect(made).toMatchObject({ address: '185.66.10.40', mac: 'AA:00:00:00:00:40', comment: 'colo rack 4', static: true });
      const before = await statics();
      await expectRouterError(d.reserve({ address: '185.66.10.41', mac: 'AA:00:00:00:00:40', comment: '' }), 'REFUSED', /MAC/);
      await expectRouterError(
        d.reserve({ address: '185.66.10.250', mac: 'AA:00:00:00:00:99', comment: '' }),
        'REFUSED',
        /address/,
      );
      expect(await statics()).toEqual(before);
    });

    it("makes a device's own dynamic lease static, keeping its id, and replaces other dynamic leases of the MAC or address", async () => {
      const own = (await d.leases()).find((l) => l.address === '185.66.10.20')!;
      const kept = await d.reserve({ address: '185.66.10.20', mac: 'AA:00:00:00:00:20', comment: 'made static' });
      expect(kept).toMatchObject({ id: own.id, static: true, comment: 'made static' });
      // The MAC of the dynamic lease at .21 reserved at .22: the dynamic lease goes.
      await d.reserve({ address: '185.66.10.22', mac: 'AA:00:00:00:00:21', comment: '' });
      const leases = await d.leases();
      expect(leases.find((l) => l.address === '185.66.10.21')).toBeUndefined();
      expect(leases.find((l) => l.address === '185.66.10.22')).toMatchObject({ mac: 'AA:00:00:00:00:21', static: true });
      expect(leases.find((l) => l.address === '185.66.10.20')).toMatchObject({ static: true, comment: 'made static' });
    });

    it('sets the comment of a reservation and releases it; an unknown MAC is NOT_FOUND', async () => {
      await d.setComment('AA:00:00:00:00:40', 'moved to rack 5');
      expect((await d.leases()).find((l) => l.mac === 'AA:00:00:00:00:40')?.comment).toBe('moved to rack 5');
      await d.release('aa-00-00-00-00-40');
      expect((await d.leases()).find((l) => l.mac === 'AA:00:00:00:00:40')).toBeUndefined();
      await expectRouterError(d.release('AA:00:00:00:00:40'), 'NOT_FOUND');
      await expectRouterError(d.setComment('AA:00:00:00:00:77', 'x'), 'NOT_FOUND');
    });

    it('refuses a wrong login with AUTH and reads nothing', async () => {
      const wrong = r.login('portside', 'not-the-password');
      await expectRouterError(wrong.addresses(), 'AUTH');
      await expectRouterError(wrong.leases(), 'AUTH');
      await expectRouterError(wrong.release('AA:00:00:00:02:50'), 'AUTH');
      expect((await d.leases()).some((l) => l.mac === 'AA:00:00:00:02:50')).toBe(true);
    });

    it('refuses changes when the router refuses writes, and changes nothing', async () => {
      const before = await statics();
      await r.failure('refuse-writes');
      try {
        await expectRouterError(d.reserve({ address: '185.66.10.60', mac: 'AA:00:00:00:00:60', comment: '' }), 'REFUSED');
        await expectRouterError(d.release('AA:00:00:00:02:50'), 'REFUSED');
        await expectRouterError(d.setComment('AA:00:00:00:02:50', 'x'), 'REFUSED');
      } finally {
        await r.failure(null);
      }
      expect(await statics()).toEqual(before);
    });

    it('is UNAVAILABLE when the router is down or hangs, and answers again once it is back', async () => {
      await r.failure('down');
      await expectRouterError(d.addresses(), 'UNAVAILABLE');
      await expectRouterError(d.release('AA:00:00:00:02:50'), 'UNAVAILABLE');
      await r.failure('hang');
      const started = Date.now();
      await expectRouterError(d.arp(), 'UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5_000);
      await r.failure(null);
      expect(await d.addresses()).toHaveLength(2);
    });
  });
}
