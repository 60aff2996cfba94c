import { describe, expect, it } from 'vitest';
import { CUSTOMER_CLAIMS } from '../constants';
import { claimChanges, claimGroupOf, claimGroups } from './claim-groups';

describe('claimGroups', () => {
  it('puts every customer claim in exactly one group', () => {
    const all = claimGroups().flatMap((g) => g.claims);
    expect([...all].sort()).toEqual([...CUSTOMER_CLAIMS].sort());
    expect(new Set(all).size).toBe(all.length);
  });
  it('groups menus, billing, VM settings and logs in that order', () => {
    expect(claimGroups().map((g) => g.key)).toEqual(['menus', 'billing', 'vm_settings', 'logs']);
    expect(claimGroupOf('billing-manage')).toBe('billing');
    expect(claimGroupOf('menu-see-users')).toBe('menus');
    expect(claimGroupOf('vm-settings-backup')).toBe('vm_settings');
    expect(claimGroupOf('logs-see')).toBe('logs');
  });
  it('leaves out empty groups', () => {
    expect(claimGroups(['logs-see']).map((g) => g.key)).toEqual(['logs']);
  });
});

describe('claimChanges', () => {
  it('lists what to grant and what to revoke', () => {
    expect(claimChanges(['a', 'b'], ['b', 'c'])).toEqual({ grant: ['c'], revoke: ['a'] });
    expect(claimChanges(['a'], ['a'])).toEqual({ grant: [], revoke: [] });
  });
});
