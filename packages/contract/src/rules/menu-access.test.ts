import { describe, expect, it } from 'vitest';
import { MENU_CLAIMS, STAFF_ROUTES, canSeeBilling, canSeeClients, canSeeMenuEntry } from './menu-access';

describe('canSeeMenuEntry', () => {
  it('shows entries without a claim to everyone', () => {
    for (const r of ['dashboard', 'NewOrder', 'tickets', 'reseller'] as const) expect(canSeeMenuEntry(r, {})).toBe(true);
  });
  it('shows claim-gated entries only with their claim', () => {
    expect(canSeeMenuEntry('list-view', { claims: [] })).toBe(false);
    expect(canSeeMenuEntry('list-view', { claims: ['menu-see-cloud-servers'] })).toBe(true);
  });
  it('gates the VPN servers page by its claim', () => {
    expect(canSeeMenuEntry('servers', { claims: ['menu-see-cloud-servers'] })).toBe(false);
    expect(canSeeMenuEntry('servers', { claims: ['menu-see-vpn-servers'] })).toBe(true);
  });
  it('gates the whole Logs group by the Users claim', () => {
    expect(MENU_CLAIMS.MyLogs).toBe('menu-see-users');
    expect(canSeeMenuEntry('services-history', { claims: ['menu-see-users'] })).toBe(true);
  });
  it('shows staff links only to the staff role', () => {
    for (const r of STAFF_ROUTES) {
      expect(canSeeMenuEntry(r, { pg_roles: ['finance'], claims: ['pg-see-client'] })).toBe(false);
      expect(canSeeMenuEntry(r, { pg_roles: ['staff'] })).toBe(true);
    }
  });
});

describe('canSeeClients', () => {
  it('needs the pg-see-client claim', () => {
    expect(canSeeClients({ claims: ['pg-see-client'] })).toBe(true);
    expect(canSeeClients({ claims: null })).toBe(false);
  });
});

describe('canSeeBilling', () => {
  it('shows Billing to holders of billing-manage and to finance and staff, not to other sub-users', () => {
    expect(canSeeBilling({ claims: ['billing-manage'], pg_roles: [] })).toBe(true);
    expect(canSeeBilling({ claims: [], pg_roles: ['finance'] })).toBe(true);
    expect(canSeeBilling({ claims: [], pg_roles: ['staff'] })).toBe(true);
    expect(canSeeBilling({ claims: ['menu-see-cloud-servers'], pg_roles: [] })).toBe(false);
    expect(canSeeBilling({ claims: null, pg_roles: null })).toBe(false);
  });
});
