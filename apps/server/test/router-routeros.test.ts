import { describe, expect, it } from 'vitest';
import { createRouterOsRouter } from '../src/drivers/router/routeros-router.js';
import type { RouterDriver } from '../src/drivers/router/router.js';
import { startFakeRouterOsRouter, type FakeRouterOsRouter } from './fake-routeros-router.js';
import { expectRouterError, ROUTER, routerContract } from './router-contract.js';

// The shared contract on the routeros driver against a fake RouterOS REST API on loopback.
routerContract('routeros (fake RouterOS REST)', async () => {
  const fake = await startFakeRouterOsRouter(ROUTER);
  const drivers: Array<RouterDriver & { close(): Promise<void> }> = [];
  const login = (username: string, password: string) => {
    const d = createRouterOsRouter({ address: fake.url, username, password, caPem: null }, { timeoutMs: 300 });
    drivers.push(d);
    return d;
  };
  return {
    driver: login(fake.user, fake.password),
    login,
    failure: async (mode) => fake.setMode(mode === null ? 'ok' : mode === 'down' ? '503' : mode),
    async close() {
      for (const d of drivers) await d.close();
      await fake.close();
    },
  };
});

describe('routeros router driver', () => {
  async function withFake(fn: (fake: FakeRouterOsRouter, d: RouterDriver) => Promise<void>) {
    const fake = await startFakeRouterOsRouter(ROUTER);
    const d = createRouterOsRouter(
      { address: `${fake.url}/rest/`, username: fake.user, password: fake.password, caPem: null },
      { timeoutMs: 300 },
    );
    try {
      await fn(fake, d);
    } finally {
      await d.close();
      await fake.close();
    }
  }

  it('uses the REST paths and verbs of RouterOS: make-static by .id, then the comment by PATCH', async () => {
    await withFake(async (fake, d) => {
      const id = fake.leases.find((l) => l.address === '185.66.10.21')!['.id'];
      await d.reserve({ address: '185.66.10.21', mac: 'AA:00:00:00:00:21', comment: 'web-1' });
      const writes = fake.requests.filter((r) => r.method !== 'GET');
      expect(writes).toEqual([
        { method: 'POST', path: '/rest/ip/dhcp-server/lease/make-static', body: { '.id': id } },
        { method: 'PATCH', path: `/rest/ip/dhcp-server/lease/${id}`, body: { comment: 'web-1' } },
      ]);
    });
  });

  it('passes a 400 detail on as REFUSED and never puts the password or the address in a message', async () => {
    await withFake(async (fake, d) => {
      fake.setMode('refuse-writes');
      const e = await expectRouterError(d.reserve({ address: '185.66.10.70', mac: 'AA:00:00:00:00:70', comment: '' }), 'REFUSED');
      expect(e.message).toMatch(/not enough permissions/);
      fake.setMode('ok');
      const wrong = createRouterOsRouter({ address: fake.url, username: 'portside', password: 'secret-xyz', caPem: null });
      const auth = await expectRouterError(wrong.leases(), 'AUTH');
      expect(auth.message).not.toContain('secret-xyz');
      await (wrong as { close(): Promise<void> }).close();
      const down = createRouterOsRouter({ address: 'http://127.0.0.1:1', username: 'u', password: 'secret-xyz', caPem: null });
      const unreachable = await expectRouterError(down.addresses(), 'UNAVAILABLE');
      expect(unreachable.message).not.toMatch(/secret-xyz|127\.0\.0\.1/);
    });
  });

  it('refuses an address that is not an http(s) URL at once', () => {
    expect(() => createRouterOsRouter({ address: 'ftp://router', username: 'u', password: 'p', caPem: null })).toThrow(/http/);
  });
});
