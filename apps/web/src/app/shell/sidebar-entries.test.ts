import { describe, expect, it } from 'vitest';
import { visibleEntries } from './sidebar-entries';

const keys = (claims: string[], roles: string[] = []) =>
  visibleEntries({ claims, pg_roles: roles }).map((e) =>
    e.kind === 'group' ? `${e.key}[${e.children.map((c) => c.key).join(',')}]` : e.key,
  );

describe('visibleEntries', () => {
  it('leaves out a group none of whose entries the user may see (a sub-user without network claims gets no empty Firewall)', () => {
    const sub = keys(['menu-see-cloud-servers']);
    expect(sub.some((k) => k.startsWith('firewall'))).toBe(false);
    expect(sub).toContain('cloud_servers');
    // Groups whose entries need no claim stay.
    expect(sub).toContain('support[tickets,community_chat,telegram]');
    expect(sub).toContain('new_order[cloud_servers_order]');
  });

  it('shows the Firewall group with the entries the user holds a claim for', () => {
    expect(keys(['menu-see-ipsets'])).toContain('firewall[ipsets]');
    expect(keys(['menu-see-ipsets', 'menu-see-ip-management'])).toContain('firewall[ipsets,ip_management]');
  });

  it('shows VPN servers next to the cloud servers, only with menu-see-vpn-servers', () => {
    expect(keys(['menu-see-cloud-servers'])).not.toContain('vpn_servers');
    const both = keys(['menu-see-cloud-servers', 'menu-see-vpn-servers']);
    expect(both.indexOf('vpn_servers')).toBe(both.indexOf('cloud_servers') + 1);
  });

  it('shows the admin group to staff only', () => {
    expect(keys([]).some((k) => k.startsWith('admin'))).toBe(false);
    expect(keys([], ['staff']).some((k) => k.startsWith('admin['))).toBe(true);
  });
});
