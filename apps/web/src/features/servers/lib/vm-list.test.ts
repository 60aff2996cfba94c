import { describe, expect, it } from 'vitest';
import { VMS_PAGE_SIZE, vmListPage } from './vm-list';
import type { VmRow } from '@portside/contract/schemas/vms';

function vm(id: number, name: string, project: number | null, extra: Partial<VmRow> = {}): VmRow {
  return {
    provisioned_id: id,
    name,
    hostname: name,
    vmid: id,
    node: 'n1',
    cluster: 'lis-1',
    location: 'lis',
    location_name: 'Lisbon',
    project,
    project_name: project === null ? null : `p${project}`,
    model_name: 'S2R4',
    core_type: 'vcore',
    cores: 2,
    ram_gb: 4,
    disk_gb: 40,
    ip: `10.0.0.${id}`,
    ipv6: null,
    mac: null,
    locked: 'off',
    power_status: 'RUNNING',
    state: 'active',
    active_status: 'OK',
    last_seen: null,
    bios: 'seabios',
    tpm: false,
    boot_order: 'dcn',
    image: 'debian-12',
    model_id: 1,
    backups_enabled: false,
    iso_id: null,
    iso_name: null,
    created_at: '2024-01-01T00:00:00.000Z',
    age_days: 0,
    operation: null,
    resize_to_gb: null,
    firewall_block_others: false,
    firewall_revision: 0,
    firewall_applied_revision: 0,
    cost_breakdown: null,
    ...extra,
  };
}

describe('the server list', () => {
  const vms = [vm(1, 'zeta', 2), vm(2, 'alpha', null), vm(3, 'beta', 1), vm(4, 'Gamma', 2, { model_name: 'S8R32' })];

  it('groups by project name with the servers of no project last', () => {
    const { groups } = vmListPage(vms, '', 1, 'No Project');
    expect(groups.map((g) => [g.label, g.servers.map((s) => s.name)])).toEqual([
      ['p1', ['beta']],
      ['p2', ['Gamma', 'zeta']],
      ['No Project', ['alpha']],
    ]);
  });

  it('searches name, model, cluster, ip and mac only from two characters on', () => {
    expect(vmListPage(vms, ' s8 ', 1, '-').total).toBe(1);
    expect(vmListPage(vms, '10.0.0.3', 1, '-').total).toBe(1);
    expect(vmListPage(vms, 'z', 1, '-').total).toBe(4);
  });

  it('pages long lists and clamps the page', () => {
    const many = Array.from({ length: VMS_PAGE_SIZE * 2 + 3 }, (_, i) => vm(i + 1, `vm-${String(i).padStart(3, '0')}`, 1));
    const last = vmListPage(many, '', 9, '-');
    expect(last.pages).toBe(3);
    expect(last.page).toBe(3);
    expect(last.groups[0]!.servers).toHaveLength(3);
  });
});
