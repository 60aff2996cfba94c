import { describe, expect, it } from 'vitest';
import { filterServers, groupServersByProject } from '@portside/contract/rules/search-filter';
import { serverHitOf } from './get-search-servers';

const row = (name: string, over: Partial<Parameters<typeof serverHitOf>[0]> = {}) => ({
  provisioned_id: 1,
  name,
  project: 3,
  project_name: 'web',
  model_name: 'S2R4',
  cluster: 'lis-sim',
  ip: '185.66.10.21',
  ipv6: '2a0e:1d80:10::21',
  mac: 'bc:24:11:00:00:01',
  ...over,
});

describe('a server as the search matches it', () => {
  it('is found by its IPv4 or its IPv6 address (both are its ip), its MAC, model and cluster', () => {
    const hits = [serverHitOf(row('a')), serverHitOf(row('b', { ip: null, ipv6: null, mac: null }))];
    expect(filterServers(hits, '185.66').map((h) => h.name)).toEqual(['a']);
    expect(filterServers(hits, '1D80:10').map((h) => h.name)).toEqual(['a']);
    expect(filterServers(hits, 'bc:24').map((h) => h.name)).toEqual(['a']);
    expect(filterServers(hits, 's2r4').map((h) => h.name)).toEqual(['a', 'b']);
    expect(filterServers(hits, 'lis-').map((h) => h.name)).toEqual(['a', 'b']);
    expect(serverHitOf(row('c', { ip: null, ipv6: null })).ip).toBeNull();
  });

  it('without a project is listed last, under No Project', () => {
    const groups = groupServersByProject(
      [serverHitOf(row('loose', { project: null, project_name: null })), serverHitOf(row('a'))],
      'No Project',
    );
    expect(groups.map((g) => [g.label, g.servers.map((s) => s.name)])).toEqual([
      ['web', ['a']],
      ['No Project', ['loose']],
    ]);
  });
});
