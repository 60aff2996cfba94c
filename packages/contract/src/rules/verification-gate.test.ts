import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { VERIFICATION_ALLOWED, needsVerification, orderingAllowed } from './verification-gate';

const owner = (verification_status: 'none' | 'pending' | 'approved' | 'rejected') => ({ is_owner: true, verification_status });

describe('needsVerification', () => {
  it('sends an owner who never verified, or was rejected, from the dashboard to /verification', () => {
    expect(needsVerification('dashboard', owner('none'))).toBe(true);
    expect(needsVerification('NewOrder', owner('rejected'))).toBe(true);
  });

  it('lets pending and approved owners go anywhere', () => {
    for (const r of ROUTES) {
      expect(needsVerification(r.name, owner('pending')), r.name).toBe(false);
      expect(needsVerification(r.name, owner('approved')), r.name).toBe(false);
    }
  });

  it('never sends a sub-user, whatever the account status', () => {
    for (const status of ['none', 'rejected'] as const) {
      expect(needsVerification('dashboard', { is_owner: false, verification_status: status })).toBe(false);
    }
  });

  it('keeps the allow-list reachable: verification itself, logout, profile-reload, support and legal pages', () => {
    for (const r of ['verification', 'logout', 'logout-raw', 'profile-reload', 'tickets', 'privacy_policy'] as const) {
      expect(needsVerification(r, owner('none')), r).toBe(false);
    }
    expect(VERIFICATION_ALLOWED).toContain('verification');
  });

  it('lets names outside the route table (the not-found page) and a missing profile pass', () => {
    expect(needsVerification('not-found', owner('none'))).toBe(false);
    expect(needsVerification('dashboard', null)).toBe(false);
  });

  it('gates every route of the table that is not allowed', () => {
    const gated = ROUTES.filter((r) => needsVerification(r.name, owner('none'))).map((r) => r.name);
    expect(gated).toContain('verification-queue');
    expect(gated.length + VERIFICATION_ALLOWED.length).toBe(ROUTES.length);
  });
});

describe('orderingAllowed', () => {
  it('lets only a verified account order', () => {
    expect(orderingAllowed({ verification_status: 'approved' })).toBe(true);
    for (const s of ['none', 'pending', 'rejected'] as const) expect(orderingAllowed({ verification_status: s })).toBe(false);
    expect(orderingAllowed(null)).toBe(false);
  });
});
