import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HypervisorError } from '../src/drivers/hypervisor/hypervisor.js';
import { createProxmoxHypervisor } from '../src/drivers/hypervisor/proxmox.js';
import { withFirewallFlag } from '../src/drivers/hypervisor/proxmox-firewall.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { expectRefusal } from './hypervisor-contract.js';
import { firewallContract, rule } from './hypervisor-contract-firewall.js';

type Driver = ReturnType<typeof createProxmoxHypervisor>;
const driverFor = (pve: FakePve) => createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret });
const mutations = (pve: FakePve, from: number) => pve.requests.slice(from).filter((r) => r.method !== 'GET');
const fw = (vmid: number, node = 'pve1') => `/api2/json/nodes/${node}/qemu/${vmid}/firewall`;

// The firewall contract against the fake PVE.
firewallContract('proxmox (fake PVE)', async () => {
  const pve = await startFakePve();
  return {
    driver: driverFor(pve),
    createVm: async (spec) => pve.createVm(spec),
    close: () => pve.close(),
  };
});

describe('proxmox driver: firewall', () => {
  let pve: FakePve;
  let driver: Driver;
  beforeAll(async () => {
    pve = await startFakePve();
    driver = driverFor(pve);
  });
  afterAll(async () => {
    await pve?.close();
  });

  it('writes the rules as Proxmox takes them: old ones from the highest position down, new ones last to first, then the options', async () => {
    const vmid = pve.createVm({ name: 'fw-requests', node: 'pve1' });
    await driver.setFirewall(
      vmid,
      [rule({ action: 'ACCEPT', proto: 'tcp', dport: '22' }), rule({ action: 'DROP', source: '192.0.2.0/24' })],
      'ACCEPT',
    );
    const from = pve.requests.length;
    const rules = [
      rule({ action: 'ACCEPT', proto: 'tcp', dport: '443', comment: 'web' }),
      rule({ action: 'DROP', source: '2001:db8::/32', proto: 'udp', sport: '53' }),
    ];
    expect(await driver.setFirewall(vmid, rules, 'DROP')).toBeNull();
    expect(mutations(pve, from).map((r) => [r.method, r.path, r.params])).toEqual([
      ['DELETE', `${fw(vmid)}/rules/1`, {}],
      ['DELETE', `${fw(vmid)}/rules/0`, {}],
      [
        'POST',
        `${fw(vmid)}/rules`,
        { type: 'in', enable: '1', action: 'DROP', source: '2001:db8::/32', proto: 'udp', sport: '53' },
      ],
      ['POST', `${fw(vmid)}/rules`, { type: 'in', enable: '1', action: 'ACCEPT', proto: 'tcp', dport: '443', comment: 'web' }],
      ['PUT', `${fw(vmid)}/options`, { enable: '1', policy_in: 'DROP' }],
    ]);
    expect(await driver.firewallRules(vmid)).toEqual(rules);
    // The same batch again writes nothing.
    const again = pve.requests.length;
    await driver.setFirewall(vmid, rules, 'DROP');
    expect(mutations(pve, again)).toEqual([]);
  });

  it('switches the first NIC’s firewall on with the config digest, keeping its other options', async () => {
    const vmid = pve.createVm({
      name: 'fw-nic',
      node: 'pve2',
      config: { net0: 'virtio=BC:24:11:AA:BB:CC,bridge=vmbr0,tag=20,firewall=0', net1: 'virtio=BC:24:11:AA:BB:CD,bridge=vmbr1' },
    });
    const from = pve.requests.length;
    await driver.setFirewall(vmid, [], 'ACCEPT');
    const [put] = mutations(pve, from);
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/api2/json/nodes/pve2/qemu/${vmid}/config`,
      params: {
        net0: 'virtio=BC:24:11:AA:BB:CC,bridge=vmbr0,tag=20,firewall=1',
        digest: expect.stringMatching(/^[0-9a-f]{40}$/),
      },
    });
    expect(pve.vmConfig(vmid)?.net1).toBe('virtio=BC:24:11:AA:BB:CD,bridge=vmbr1');
    expect(withFirewallFlag('e1000=BC:24:11:00:00:01,bridge=vmbr0')).toBe('e1000=BC:24:11:00:00:01,bridge=vmbr0,firewall=1');
  });

  it('leaves out rules and security groups other than inbound ones alone', async () => {
    const vmid = pve.createVm({ name: 'fw-others', node: 'pve1' });
    const out = await fetch(`${pve.url}${fw(vmid)}/rules`, {
      method: 'POST',
      headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'type=out&action=DROP&enable=1&dest=192.0.2.1',
    });
    expect(out.status).toBe(200);
    const rules = [rule({ action: 'ACCEPT', proto: 'tcp', dport: '22' })];
    await driver.setFirewall(vmid, rules, 'DROP');
    await driver.setFirewall(vmid, rules.concat(rule({ action: 'ACCEPT', proto: 'icmp' })), 'DROP');
    expect(await driver.firewallRules(vmid)).toEqual(rules.concat(rule({ action: 'ACCEPT', proto: 'icmp' })));
    const raw = (await (
      await fetch(`${pve.url}${fw(vmid)}/rules`, { headers: { Authorization: `PVEAPIToken=${pve.tokenId}=${pve.secret}` } })
    ).json()) as {
      data: Array<{ type: string; pos: number }>;
    };
    expect(raw.data.map((r) => [r.pos, r.type])).toEqual([
      [0, 'in'],
      [1, 'in'],
      [2, 'out'],
    ]);
  });

  it('checks the whole batch before touching the VM, so a refused rule sends nothing', async () => {
    const vmid = pve.createVm({ name: 'fw-check-first', node: 'pve1' });
    const from = pve.requests.length;
    await expectRefusal(
      driver.setFirewall(vmid, [rule({ action: 'ACCEPT' }), rule({ action: 'ACCEPT', source: '+nowhere' })], 'DROP'),
      'BAD_PARAMETER',
      /^rule 2: source: no such ipset 'nowhere'$/,
    );
    expect(mutations(pve, from)).toEqual([]);
  });

  it('puts the previous rules back when Proxmox refuses a rule midway', async () => {
    const vmid = pve.createVm({ name: 'fw-rollback', node: 'pve1' });
    const old = [rule({ action: 'ACCEPT', proto: 'tcp', dport: '22' })];
    await driver.setFirewall(vmid, old, 'DROP');
    pve.failNextRequest('POST', new RegExp(`/qemu/${vmid}/firewall/rules$`), 400, 'Parameter verification failed.', {
      dport: "invalid port '443'",
    });
    const e = await driver
      .setFirewall(vmid, [rule({ action: 'ACCEPT', proto: 'tcp', dport: '443' })], 'ACCEPT')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HypervisorError);
    expect((e as HypervisorError).code).toBe('BAD_PARAMETER');
    expect((e as HypervisorError).message).toMatch(/dport: invalid port '443'/);
    expect(await driver.firewallRules(vmid)).toEqual(old);
    expect(await driver.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });
  });

  it('reads IP sets as Proxmox stores them, /32 entries and exclusions included, and makes them exact', async () => {
    pve.firewall.putIpset('ps-ipset-raw', {
      comment: 'raw',
      entries: [{ cidr: '192.0.2.9/32' }, { cidr: '198.51.100.0/24' }, { cidr: '198.51.100.7', nomatch: 1 }],
    });
    expect(await driver.ipsets('ps-ipset-raw')).toEqual([
      { name: 'ps-ipset-raw', comment: 'raw', cidrs: ['192.0.2.9', '198.51.100.0/24'] },
    ]);
    const from = pve.requests.length;
    await driver.setIpset({ name: 'ps-ipset-raw', comment: 'raw', cidrs: ['192.0.2.9', '203.0.113.0/24'] });
    expect(mutations(pve, from).map((r) => [r.method, r.path, r.params])).toEqual([
      ['POST', '/api2/json/cluster/firewall/ipset/ps-ipset-raw', { cidr: '203.0.113.0/24' }],
      ['DELETE', '/api2/json/cluster/firewall/ipset/ps-ipset-raw/198.51.100.0%2F24', {}],
      ['DELETE', '/api2/json/cluster/firewall/ipset/ps-ipset-raw/198.51.100.7', {}],
    ]);
    expect(pve.firewall.ipset('ps-ipset-raw')?.entries.map((e) => e.cidr)).toEqual(['203.0.113.0/24', '192.0.2.9/32']);
  });

  it('changes an IP set’s comment through rename to itself', async () => {
    await driver.setIpset({ name: 'ps-ipset-comment', comment: 'before', cidrs: [] });
    const from = pve.requests.length;
    await driver.setIpset({ name: 'ps-ipset-comment', comment: 'after', cidrs: [] });
    expect(mutations(pve, from).map((r) => r.params)).toEqual([
      { name: 'ps-ipset-comment', rename: 'ps-ipset-comment', comment: 'after' },
    ]);
    expect(pve.firewall.ipset('ps-ipset-comment')?.comment).toBe('after');
  });

  it('empties an IP set before deleting it, and finds the rules naming it on any node', async () => {
    await driver.setIpset({ name: 'ps-ipset-used', comment: '', cidrs: ['192.0.2.0/28', '192.0.2.16/28'] });
    const vmid = pve.createVm({ name: 'fw-user', node: 'pve2' });
    await driver.setFirewall(vmid, [rule({ action: 'ACCEPT', source: '+ps-ipset-used' })], 'DROP');
    await expectRefusal(
      driver.deleteIpset('ps-ipset-used'),
      'BAD_PARAMETER',
      new RegExp(`used by the firewall rules of VM ${vmid}$`),
    );
    await driver.setFirewall(vmid, [], 'DROP');
    const from = pve.requests.length;
    await driver.deleteIpset('ps-ipset-used');
    expect(mutations(pve, from).map((r) => [r.method, r.path])).toEqual([
      ['DELETE', '/api2/json/cluster/firewall/ipset/ps-ipset-used/192.0.2.16%2F28'],
      ['DELETE', '/api2/json/cluster/firewall/ipset/ps-ipset-used/192.0.2.0%2F28'],
      ['DELETE', '/api2/json/cluster/firewall/ipset/ps-ipset-used'],
    ]);
    expect(pve.firewall.ipset('ps-ipset-used')).toBeUndefined();
  });

  it('answers NOT_FOUND for a VM the cluster does not have, before any write', async () => {
    const from = pve.requests.length;
    await expectRefusal(driver.setFirewall(123_456, [], 'DROP'), 'NOT_FOUND', /123456\.conf' does not exist/);
    expect(mutations(pve, from)).toEqual([]);
  });
});
