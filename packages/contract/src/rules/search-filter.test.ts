import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterIpsets, filterSearch, filterServers, filterUsers, groupServersByProject } from './search-filter';

const servers = [
  {
    name: 'web-1',
    model_name: 'S4R16',
    cluster: 'lisbon',
    ip: ['10.0.0.5', '2001:db8::5'],
    mac: 'AA:BB:CC:00:11:22',
    project: 'p1',
    project_name: 'Web',
  },
  {
    name: 'db-1',
    model_name: 'S8R32',
    cluster: 'frankfurt',
    ip: { ipv4: '10.0.1.7', ipv6: null },
    mac: 'aa:bb:cc:00:11:33',
    project: 'p2',
    project_name: 'Data',
  },
  { name: 'mail', model_name: null, cluster: 'lisbon', ip: null, mac: null, project: null, project_name: null },
];

describe('filterSearch', () => {
  it('returns the input itself for phrases of fewer than two characters', () => {
    expect(filterServers(servers, '')).toBe(servers);
    expect(filterServers(servers, ' w ')).toBe(servers);
  });
  it('matches case-insensitively inside any listed field', () => {
    expect(filterServers(servers, 'WEB').map((s) => s.name)).toEqual(['web-1']);
    expect(filterServers(servers, 'lisbon').map((s) => s.name)).toEqual(['web-1', 'mail']);
    expect(filterServers(servers, 's8r').map((s) => s.name)).toEqual(['db-1']);
  });
  it('searches IP lists and IP objects, and MAC addresses', () => {
    expect(filterServers(servers, '2001:db8').map((s) => s.name)).toEqual(['web-1']);
    expect(filterServers(servers, '10.0.1').map((s) => s.name)).toEqual(['db-1']);
    expect(filterServers(servers, 'cc:00:11').map((s) => s.name)).toEqual(['web-1', 'db-1']);
  });
  it('trims the phrase', () => {
    expect(filterServers(servers, '  db-1  ').map((s) => s.name)).toEqual(['db-1']);
  });
  it('does not search fields outside the list', () => {
    expect(filterServers(servers, 'data')).toEqual([]);
  });
  it('finds users by email and IP sets by name and comment', () => {
    const users = [
      { email: 'Ana@Example.pt', first_name: 'zzz' },
      { email: 'bob@x.io', first_name: 'Ana' },
    ];
    expect(filterUsers(users, 'ana')).toEqual([users[0]]);
    const sets = [
      { name: 'office', comment: 'Lisbon HQ' },
      { name: 'vpn', comment: null },
    ];
    expect(filterIpsets(sets, 'hq')).toEqual([sets[0]]);
    expect(filterIpsets(sets, 'vpn')).toEqual([sets[1]]);
  });
  it('only ever keeps items, in their order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: fc.string() })), fc.string(), (items, phrase) => {
        const out = filterSearch(items, phrase, ['name']);
        let at = 0;
        for (const o of out) {
          at = items.indexOf(o, at);
          expect(at).toBeGreaterThanOrEqual(0);
          at++;
        }
      }),
    );
  });
  it('keeps every item whose field contains the phrase', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string({ minLength: 2 }), (names, phrase) => {
        fc.pre(phrase.trim().length >= 2);
        const items = [...names, `x${phrase}y`].map((name) => ({ name }));
        expect(filterSearch(items, phrase, ['name'])).toContain(items[items.length - 1]);
      }),
    );
  });
});

describe('groupServersByProject', () => {
  it('groups by project in order, with servers without a project last', () => {
    const list = [servers[2]!, servers[0]!, servers[1]!, { ...servers[0]!, name: 'web-2' }];
    const groups = groupServersByProject(list, 'No Project');
    expect(groups.map((g) => [g.key, g.label, g.servers.map((s) => s.name)])).toEqual([
      ['p1', 'Web', ['web-1', 'web-2']],
      ['p2', 'Data', ['db-1']],
      ['', 'No Project', ['mail']],
    ]);
  });
  it('labels a group by the project value when there is no name', () => {
    expect(groupServersByProject([{ project: 42 }], 'No Project')).toEqual([
      { key: '42', label: '42', servers: [{ project: 42 }] },
    ]);
  });
  it('puts every server in exactly one group', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ project: fc.option(fc.constantFrom('a', 'b', '', 1), { nil: null }) })), (list) => {
        const groups = groupServersByProject(list, 'none');
        expect(groups.reduce((n, g) => n + g.servers.length, 0)).toBe(list.length);
      }),
    );
  });
});
