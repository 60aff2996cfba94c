import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorHypervisor, type SimulatorHypervisor } from '../src/drivers/hypervisor/simulator.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';
import { firewallContract, rule, saveFirewall } from './hypervisor-contract-firewall.js';
import { createTestDatabase } from './harness.js';

// The firewall contract, with firewalls that are saved at once (firewall time 0).
firewallContract('simulator', async () => {
  const tdb = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  const sim = createSimulatorHypervisor(pool, { taskDurationMs: 0 });
  await sim.addNode('pve1');
  return {
    driver: sim,
    createVm: (spec) => sim.createVm({ node: 'pve1', ...spec }),
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

// The contract again with a firewall time: every save is a task whose rules apply when it ends.
firewallContract('simulator (firewall time 40 ms)', async () => {
  const tdb = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
  const sim = createSimulatorHypervisor(pool, { taskDurationMs: 0, firewallMs: 40 });
  await sim.addNode('pve1');
  return {
    driver: sim,
    createVm: (spec) => sim.createVm({ node: 'pve1', ...spec }),
    async close() {
      await pool.end();
      await tdb.drop();
    },
  };
});

describe('hypervisor simulator: firewall', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let sim: SimulatorHypervisor;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    pool = new pg.Pool({ connectionString: tdb.ownerUrl, max: 4 });
    sim = createSimulatorHypervisor(pool);
    await sim.addNode('pve1');
  });
  afterAll(async () => {
    await pool.end();
    await tdb.drop();
  });

  const tcp = (source: string, dport: number) => ({ source, proto: 'tcp' as const, dport });

  it('accepts everything while the firewall is off', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-off' });
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 25))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, { source: '2001:db8::1', proto: 'icmp', dport: null })).toBe('ACCEPT');
  });

  it('with "block everything else" drops a port no rule accepts, and accepts the ones a rule does', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-block-others' });
    await saveFirewall(
      sim,
      vmid,
      [rule({ action: 'ACCEPT', proto: 'tcp', dport: '22' }), rule({ action: 'ACCEPT', proto: 'tcp', dport: '8000:8080' })],
      'DROP',
    );
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 22))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 8000))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 8080))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 8081))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 25))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, { source: '192.0.2.1', proto: 'udp', dport: 22 })).toBe('DROP');
    // Without it, unmatched traffic passes.
    await saveFirewall(sim, vmid, [rule({ action: 'DROP', proto: 'tcp', dport: '25' })], 'ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 25))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.1', 26))).toBe('ACCEPT');
  });

  it('lets the first matching rule decide', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-order' });
    await saveFirewall(
      sim,
      vmid,
      [rule({ action: 'DROP', source: '192.0.2.66' }), rule({ action: 'ACCEPT', proto: 'tcp', dport: '443' })],
      'DROP',
    );
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.66', 443))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('192.0.2.67', 443))).toBe('ACCEPT');
  });

  it('admits an IP set’s members only through an ACCEPT naming it, and follows the set’s changes', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-ipset' });
    await sim.setIpset({ name: 'ps-ipset-office', comment: '', cidrs: ['198.51.100.0/24', '2001:db8:7::/48', '203.0.113.5'] });
    await saveFirewall(sim, vmid, [rule({ action: 'ACCEPT', source: '+ps-ipset-office', proto: 'tcp', dport: '22' })], 'DROP');
    expect(await sim.firewallVerdict(vmid, tcp('198.51.100.200', 22))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('203.0.113.5', 22))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('2001:db8:7:ffff::1', 22))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('203.0.113.6', 22))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('198.51.101.1', 22))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('2001:db8:8::1', 22))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('198.51.100.200', 23))).toBe('DROP');
    await sim.setIpset({ name: 'ps-ipset-office', comment: '', cidrs: ['203.0.113.6'] });
    expect(await sim.firewallVerdict(vmid, tcp('203.0.113.6', 22))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('198.51.100.200', 22))).toBe('DROP');
  });

  it('matches IPv6 networks by their prefix, and never an IPv4 packet against them', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-ipv6' });
    await saveFirewall(
      sim,
      vmid,
      [rule({ action: 'ACCEPT', source: '2001:db8:abcd:1200::/55' }), rule({ action: 'DROP', source: '0.0.0.0/1' })],
      'ACCEPT',
    );
    expect(await sim.firewallVerdict(vmid, tcp('2001:db8:abcd:13ff:ffff::1', 80))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('2001:db8:abcd:1400::1', 80))).toBe('ACCEPT'); // the policy
    await saveFirewall(sim, vmid, [rule({ action: 'ACCEPT', source: '2001:db8:abcd:1200::/55' })], 'DROP');
    expect(await sim.firewallVerdict(vmid, tcp('2001:db8:abcd:1200::', 80))).toBe('ACCEPT');
    expect(await sim.firewallVerdict(vmid, tcp('2001:db8:abcd:1400::1', 80))).toBe('DROP');
    expect(await sim.firewallVerdict(vmid, tcp('32.1.13.184', 80))).toBe('DROP');
    await expectRefusal(sim.firewallVerdict(vmid, tcp('2001:db8::/64', 80)), 'BAD_PARAMETER', /no address/);
  });

  it('saves a firewall as a task of the firewall time: the old rules stand until it ends, a failed one changes nothing', async () => {
    let clock = new Date('2026-07-01T10:00:00Z');
    const timed = createSimulatorHypervisor(pool, { firewallMs: 40_000, now: () => clock });
    const vmid = await timed.createVm({ node: 'pve1', name: 'fw-timed' });
    const first = [rule({ action: 'ACCEPT', proto: 'tcp', dport: '22' })];
    const task = await timed.setFirewall(vmid, first, 'DROP');
    expect(task).toMatch(/^UPID:pve1:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:fwupdate:\d+:root@pam:$/);
    expect(await timed.task(task!)).toEqual({ id: task, state: 'running', message: null });
    expect(await timed.firewallRules(vmid)).toEqual([]);
    expect(await timed.firewallVerdict(vmid, tcp('192.0.2.1', 25))).toBe('ACCEPT');
    clock = new Date(clock.getTime() + 40_000);
    expect(await timed.task(task!)).toEqual({ id: task, state: 'ok', message: null });
    expect(await timed.firewallRules(vmid)).toEqual(first);
    expect(await timed.firewallVerdict(vmid, tcp('192.0.2.1', 25))).toBe('DROP');

    await timed.failNextTask(vmid, 'firewall update failed');
    const failed = await timed.setFirewall(vmid, [], 'ACCEPT');
    clock = new Date(clock.getTime() + 40_000);
    expect(await timed.task(failed!)).toEqual({ id: failed, state: 'error', message: 'firewall update failed' });
    expect(await timed.firewallRules(vmid)).toEqual(first);
    expect(await timed.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });
  });

  it('refuses to delete an IP set a firewall still being saved names', async () => {
    let clock = new Date('2026-07-01T11:00:00Z');
    const timed = createSimulatorHypervisor(pool, { firewallMs: 10_000, now: () => clock });
    const vmid = await timed.createVm({ node: 'pve1', name: 'fw-pending-set' });
    await timed.setIpset({ name: 'ps-ipset-pending', comment: '', cidrs: ['192.0.2.0/28'] });
    const task = await timed.setFirewall(vmid, [rule({ action: 'ACCEPT', source: '+ps-ipset-pending' })], 'DROP');
    await expectRefusal(timed.deleteIpset('ps-ipset-pending'), 'BAD_PARAMETER', /ps-ipset-pending.*VM \d+/);
    clock = new Date(clock.getTime() + 10_000);
    expect((await waitTask(timed, task!)).state).toBe('ok');
    expect(await timed.firewallVerdict(vmid, tcp('192.0.2.15', 1))).toBe('ACCEPT');
    expect(await timed.firewallVerdict(vmid, tcp('192.0.2.16', 1))).toBe('DROP');
  });

  it('drops a VM’s rules with the VM, so the IP sets they named can go', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-destroyed' });
    await sim.setIpset({ name: 'ps-ipset-gone', comment: '', cidrs: [] });
    await saveFirewall(sim, vmid, [rule({ action: 'ACCEPT', source: '+ps-ipset-gone' })], 'DROP');
    await expectRefusal(sim.deleteIpset('ps-ipset-gone'), 'BAD_PARAMETER', /is used/);
    expect((await waitTask(sim, await sim.delete(vmid))).state).toBe('ok');
    await sim.deleteIpset('ps-ipset-gone');
    expect(await sim.ipsets('ps-ipset-gone')).toEqual([]);
    await expectRefusal(sim.firewallVerdict(vmid, tcp('192.0.2.1', 1)), 'NOT_FOUND', /does not exist/);
  });

  it('keeps the rules in PostgreSQL, seen by every instance', async () => {
    const vmid = await sim.createVm({ node: 'pve1', name: 'fw-shared' });
    await saveFirewall(sim, vmid, [rule({ action: 'DROP', proto: 'udp', dport: '53', comment: 'no dns' })], 'ACCEPT');
    const other = createSimulatorHypervisor(pool);
    expect(await other.firewallRules(vmid)).toEqual([rule({ action: 'DROP', proto: 'udp', dport: '53', comment: 'no dns' })]);
    const rows = await pool.query(`SELECT pos, dport FROM sim_firewall_rules WHERE vmid = $1`, [vmid]);
    expect(rows.rows).toEqual([{ pos: 0, dport: '53' }]);
  });
});
