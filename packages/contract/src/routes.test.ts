import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HOME_ROUTE, ROUTES, buildPath, isRouteName, matchPath, routeParams, routePath } from './routes';

describe('ROUTES', () => {
  it('has unique names and unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it.each([
    ['dashboard', '/dashboard'],
    ['server_details', '/servers/server-details/:provisioned_id'],
    ['NewOrder', '/new-order'],
    ['MyLogs', '/my-logs'],
    ['report-form', '/report-of-abuse-and-illegal-content'],
    ['register-voucher', '/register/voucher/:voucher_code'],
    ['reset-password', '/reset-password'],
    ['reset-password-message', '/reset-password/:encryptedMessage'],
    ['my-services-item', '/my-services/:equipment_id'],
    ['ipsets-item', '/ipsets/:ipset_from_url'],
    ['users-item', '/users/:username'],
    ['console-open', '/console-open/:url/:cookie/:epoch/:hash'],
    ['confirm-email', '/confirm-email/:otp/:email'],
    ['addons-vm', '/addons-vm'],
    ['abuse-reports', '/abuse-reports'],
  ] as const)('maps %s to %s', (name, path) => {
    expect(routePath(name)).toBe(path);
  });

  it('holds every staff route of the spec', () => {
    for (const name of [
      'server-stats',
      'routers-subnets',
      'routers-arp-entries',
      'routers-ips',
      'problems',
      'unban-ip',
      'installed-servers',
      'switches',
      'servers-price-list',
      'servers-disks-price-list',
      'products-models',
      'help-texts',
      'statuses',
      'all-services',
      'all-dedicated-servers',
      'addons-vm',
    ]) {
      expect(isRouteName(name), name).toBe(true);
    }
  });

  it('sends / to the dashboard', () => {
    expect(HOME_ROUTE).toBe('dashboard');
  });
});

describe('buildPath', () => {
  it('returns a path without parameters as is', () => {
    expect(buildPath('dashboard')).toBe('/dashboard');
  });

  it('fills parameters, encoded', () => {
    expect(buildPath('users-item', { username: 'a+b@x.io' })).toBe('/users/a%2Bb%40x.io');
    expect(buildPath('confirm-email', { otp: 123456, email: 'a b@c.d' })).toBe('/confirm-email/123456/a%20b%40c.d');
  });

  it('adds a query string', () => {
    expect(buildPath('server_details', { provisioned_id: 'p-1' }, { tab: 'backups', x: undefined })).toBe(
      '/servers/server-details/p-1?tab=backups',
    );
  });

  it('throws on a missing parameter', () => {
    expect(() => buildPath('server_details')).toThrow(/provisioned_id/);
    expect(() => buildPath('server_details', { provisioned_id: '' })).toThrow();
  });

  it('round-trips through matchPath for any parameter values', () => {
    const withParams = ROUTES.filter((r) => r.path.includes(':'));
    fc.assert(
      fc.property(
        fc.constantFrom(...withParams),
        fc.array(fc.string({ minLength: 1, unit: 'binary' }), { minLength: 4, maxLength: 4 }),
        (route, values) => {
          const names = routeParams(route.name);
          const params = Object.fromEntries(names.map((n, i) => [n, values[i] ?? 'x']));
          const m = matchPath(buildPath(route.name, params));
          expect(m?.params).toEqual(params);
          // Names with the same shape can only collide if the table had ambiguous patterns.
          expect(m?.name).toBe(route.name);
        },
      ),
    );
    // A hundred random cases over every parameterised route: give a busy machine time.
  }, 30_000);
});

describe('matchPath', () => {
  it('finds static and parameterised routes', () => {
    expect(matchPath('/dashboard')).toEqual({ name: 'dashboard', params: {} });
    expect(matchPath('/reset-password/abc%3D')).toEqual({ name: 'reset-password-message', params: { encryptedMessage: 'abc=' } });
    expect(matchPath('/register/voucher/SPRING')).toEqual({ name: 'register-voucher', params: { voucher_code: 'SPRING' } });
  });

  it('ignores a trailing slash', () => {
    expect(matchPath('/profile/')?.name).toBe('profile');
  });

  it('gives null for unknown paths and broken encodings', () => {
    expect(matchPath('/nope')).toBeNull();
    expect(matchPath('/')).toBeNull();
    expect(matchPath('/users/%E0%A4%A')).toBeNull();
  });
});
