import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROUTES, type RouteName } from '../routes';
import { ALLOWED_WITHOUT_DETAILS, ALWAYS_ALLOWED, PUBLIC_ROUTES, decideRoute } from './guard';

const allow = { action: 'allow' };
const to = (target: string) => ({ action: 'redirect', to: target });
const decide = (route: string, hasToken: boolean, hasCustomerDetails: boolean) =>
  decideRoute({ route, hasToken, hasCustomerDetails });
const states = [
  [false, false],
  [false, true],
  [true, false],
  [true, true],
] as const;

describe('route guard lists', () => {
  it("are exactly the spec's lists", () => {
    expect([...ALWAYS_ALLOWED].sort()).toEqual(['login-with-email', 'login-with-redirect', 'logout', 'logout-raw', 'tickets']);
    expect([...ALLOWED_WITHOUT_DETAILS].sort()).toEqual([
      'confirm-email',
      'console-open',
      'forgot-password',
      'pay-invoice',
      'profile-reload',
      'register-confirmation',
      'register-voucher',
      'report-form',
      'resend-confirmation',
      'reset-password',
      'reset-password-message',
      'tickets',
      'welcome',
    ]);
    expect([...PUBLIC_ROUTES].sort()).toEqual([
      'confirm-email',
      'forgot-password',
      'pay-invoice',
      'register-confirmation',
      'register-voucher',
      'report-form',
      'resend-confirmation',
      'reset-password',
      'reset-password-message',
      'tickets',
      'welcome',
    ]);
  });

  it('name only routes of the table', () => {
    const names = new Set<string>(ROUTES.map((r) => r.name));
    for (const n of [...ALWAYS_ALLOWED, ...ALLOWED_WITHOUT_DETAILS, ...PUBLIC_ROUTES]) expect(names.has(n), n).toBe(true);
  });
});

describe('decideRoute', () => {
  it.each(ALWAYS_ALLOWED.map((r) => [r]))('always allows %s', (route) => {
    for (const [t, d] of states) expect(decide(route, t, d)).toEqual(allow);
  });

  it.each(['login', 'register', 'register-voucher'])('sends a logged-in user from %s to the dashboard', (route) => {
    expect(decide(route, true, true)).toEqual(to('dashboard'));
    expect(decide(route, true, false)).toEqual(to('dashboard'));
  });

  it.each(ALLOWED_WITHOUT_DETAILS.filter((r) => r !== 'register-voucher').map((r) => [r]))(
    'lets a token without customer details open %s',
    (route) => expect(decide(route, true, false)).toEqual(allow),
  );

  it('sends a token without customer details elsewhere to profile-reload', () => {
    for (const route of ['dashboard', 'server_details', 'profile', 'settings', 'session-expired', 'billing']) {
      expect(decide(route, true, false), route).toEqual(to('profile-reload'));
    }
  });

  it.each(PUBLIC_ROUTES.map((r) => [r]))('lets a visitor without a token open %s', (route) => {
    expect(decide(route, false, false)).toEqual(allow);
  });

  it.each(['login', 'register', 'login-with-email', 'session-expired', 'privacy_policy', 'terms_of_service', 'contact'])(
    'lets a visitor without a token open %s',
    (route) => {
      expect(decide(route, false, false)).toEqual(allow);
    },
  );

  it('sends a visitor without a token elsewhere to login', () => {
    for (const route of ['dashboard', 'profile-reload', 'console-open', 'client-area', 'synology', 'server-stats']) {
      expect(decide(route, false, false), route).toEqual(to('login'));
    }
  });

  it('allows a logged-in user with details everywhere but login and register', () => {
    for (const { name } of ROUTES) {
      const expected = ['login', 'register', 'register-voucher'].includes(name) ? to('dashboard') : allow;
      expect(decide(name, true, true), name).toEqual(expected);
    }
  });

  it('allows unknown routes (the not-found page)', () => {
    for (const [t, d] of states) expect(decide('not-found', t, d)).toEqual(allow);
  });

  it('never redirects an always-allowed route and never redirects to itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES.map((r) => r.name)), fc.boolean(), fc.boolean(), (route: RouteName, t, d) => {
        const r = decideRoute({ route, hasToken: t, hasCustomerDetails: d });
        if (ALWAYS_ALLOWED.includes(route)) expect(r).toEqual(allow);
        if (r.action === 'redirect') expect(r.to).not.toBe(route);
      }),
    );
  });

  it('lets the redirect target through on the next navigation, so redirects never loop', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES.map((r) => r.name)), fc.boolean(), fc.boolean(), (route, t, d) => {
        let r = decideRoute({ route, hasToken: t, hasCustomerDetails: d });
        for (let hops = 0; r.action === 'redirect'; hops++) {
          expect(hops).toBeLessThan(3);
          r = decideRoute({ route: r.to, hasToken: t, hasCustomerDetails: d });
        }
      }),
    );
  });
});
