import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirewallRuleSpec, HypervisorDriver } from '../src/drivers/hypervisor/hypervisor.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';

/** What the firewall contract needs of a cluster: the driver, a way to make a VM, and the clean-up. */
export interface FirewallCluster {
  driver: HypervisorDriver;
  /** Creates a stopped VM and answers its vmid. */
  createVm(spec: { name: string }): Promise<number>;
  close(): Promise<void>;
}

/** A rule with the interface's defaults: from all, any protocol and port, no comment. */
export const rule = (r: Partial<FirewallRuleSpec> & Pick<FirewallRuleSpec, 'action'>): FirewallRuleSpec => ({
  source: '',
  proto: null,
  sport: '',
  dport: '',
  comment: '',
  ...r,
});

/** Saves a VM's firewall and waits for its task, if it answers one, to end ok. */
export async function saveFirewall(
  d: HypervisorDriver,
  vmid: number,
  rules: FirewallRuleSpec[],
  policyIn: 'ACCEPT' | 'DROP',
): Promise<void> {
  const task = await d.setFirewall(vmid, rules, policyIn);
  if (task !== null) expect(await waitTask(d, task)).toEqual({ id: task, state: 'ok', message: null });
}

const WEB: FirewallRuleSpec[] = [
  rule({ action: 'ACCEPT', proto: 'tcp', dport: '443', comment: 'https' }),
  rule({ action: 'ACCEPT', proto: 'tcp', dport: '80', source: '198.51.100.0/24', comment: 'http from the office' }),
  rule({ action: 'DROP', proto: 'udp', dport: '5000:5100', source: '2001:db8:5::/48' }),
  rule({ action: 'ACCEPT', proto: 'icmp' }),
];

/**
 * The contract's cases for VM firewalls and cluster IP sets (HypervisorFirewallDriver), run
 * against every driver: `makeCluster` is called once for the suite.
 */
export function firewallContract(label: string, makeCluster: () => Promise<FirewallCluster>): void {
  describe(`hypervisor driver contract, firewall: ${label}`, () => {
    let cl: FirewallCluster;
    let d: HypervisorDriver;
    beforeAll(async () => {
      cl = await makeCluster();
      d = cl.driver;
    });
    afterAll(async () => {
      await cl?.close();
    });

    it('shows a new VM without rules and with its firewall off', async () => {
      const vmid = await cl.createVm({ name: 'fw-new' });
      expect(await d.firewallRules(vmid)).toEqual([]);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: false, policyIn: 'DROP' });
    });

    it('replaces the rules in order, sets the inbound policy and switches the firewall on', async () => {
      const vmid = await cl.createVm({ name: 'fw-replace' });
      await saveFirewall(d, vmid, WEB, 'DROP');
      expect(await d.firewallRules(vmid)).toEqual(WEB);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });

      const next = [
        rule({ action: 'DROP', source: '203.0.113.9', comment: 'abuser' }),
        rule({ action: 'ACCEPT', proto: 'tcp', sport: '1024:65535', dport: '22' }),
      ];
      await saveFirewall(d, vmid, next, 'ACCEPT');
      expect(await d.firewallRules(vmid)).toEqual(next);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'ACCEPT' });

      await saveFirewall(d, vmid, [], 'ACCEPT');
      expect(await d.firewallRules(vmid)).toEqual([]);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'ACCEPT' });
    });

    it('is safe to repeat: the same batch twice leaves it once', async () => {
      const vmid = await cl.createVm({ name: 'fw-repeat' });
      await saveFirewall(d, vmid, WEB, 'DROP');
      await saveFirewall(d, vmid, WEB, 'DROP');
      expect(await d.firewallRules(vmid)).toEqual(WEB);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });
    });

    it('creates, replaces and deletes IP sets, listing only those of the prefix with canonical, sorted entries', async () => {
      await d.setIpset({
        name: 'ct-list-b',
        comment: 'second',
        cidrs: ['2001:DB8:0:0::/64', '10.1.0.0/16', '10.1.0.0/16', '192.0.2.7/32'],
      });
      await d.setIpset({ name: 'ct-list-a', comment: '', cidrs: [] });
      await d.setIpset({ name: 'other-list', comment: 'not ours', cidrs: ['192.0.2.1'] });
      expect(await d.ipsets('ct-list-')).toEqual([
        { name: 'ct-list-a', comment: '', cidrs: [] },
        { name: 'ct-list-b', comment: 'second', cidrs: ['10.1.0.0/16', '192.0.2.7', '2001:db8::/64'] },
      ]);

      await d.setIpset({ name: 'ct-list-b', comment: 'changed', cidrs: ['192.0.2.7', '198.51.100.0/25'] });
      await d.setIpset({ name: 'ct-list-b', comment: 'changed', cidrs: ['192.0.2.7', '198.51.100.0/25'] });
      expect(await d.ipsets('ct-list-b')).toEqual([
        { name: 'ct-list-b', comment: 'changed', cidrs: ['192.0.2.7', '198.51.100.0/25'] },
      ]);

      await d.deleteIpset('ct-list-b');
      await d.deleteIpset('ct-list-b');
      await d.deleteIpset('ct-list-never');
      expect((await d.ipsets('ct-list-')).map((s) => s.name)).toEqual(['ct-list-a']);
      expect((await d.ipsets('other-')).map((s) => s.name)).toEqual(['other-list']);
    });

    it('refuses a bad IP set name or entry and keeps the set as it was', async () => {
      await d.setIpset({ name: 'ct-bad', comment: '', cidrs: ['192.0.2.0/24'] });
      await expectRefusal(d.setIpset({ name: '1st', comment: '', cidrs: [] }), 'BAD_PARAMETER', /name/);
      await expectRefusal(d.setIpset({ name: 'with space', comment: '', cidrs: [] }), 'BAD_PARAMETER', /name/);
      await expectRefusal(
        d.setIpset({ name: 'ct-bad', comment: '', cidrs: ['192.0.2.1/24'] }),
        'BAD_PARAMETER',
        /192\.0\.2\.1\/24/,
      );
      await expectRefusal(d.setIpset({ name: 'ct-bad', comment: '', cidrs: ['192.0.2.300'] }), 'BAD_PARAMETER', /192\.0\.2\.300/);
      expect(await d.ipsets('ct-bad')).toEqual([{ name: 'ct-bad', comment: '', cidrs: ['192.0.2.0/24'] }]);
    });

    it('takes rules naming an IP set, and refuses one naming an unknown set by its position, keeping the old rules', async () => {
      const vmid = await cl.createVm({ name: 'fw-ipset' });
      await d.setIpset({ name: 'ct-office', comment: 'office', cidrs: ['198.51.100.0/24'] });
      const rules = [rule({ action: 'ACCEPT', source: '+ct-office', proto: 'tcp', dport: '22' })];
      await saveFirewall(d, vmid, rules, 'DROP');
      expect(await d.firewallRules(vmid)).toEqual(rules);

      const refused = [rule({ action: 'ACCEPT', proto: 'tcp', dport: '80' }), rule({ action: 'ACCEPT', source: '+ct-missing' })];
      await expectRefusal(d.setFirewall(vmid, refused, 'ACCEPT'), 'BAD_PARAMETER', /rule 2\b.*no such ipset 'ct-missing'/);
      expect(await d.firewallRules(vmid)).toEqual(rules);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });
    });

    it('refuses bad ports and addresses by the rule’s position, keeping the old rules', async () => {
      const vmid = await cl.createVm({ name: 'fw-bad-rule' });
      await saveFirewall(d, vmid, WEB, 'DROP');
      const cases: Array<[FirewallRuleSpec, RegExp]> = [
        [rule({ action: 'ACCEPT', proto: 'tcp', dport: '70000' }), /rule 2\b.*dport/],
        [rule({ action: 'ACCEPT', proto: 'tcp', dport: '90:80' }), /rule 2\b.*dport/],
        [rule({ action: 'ACCEPT', dport: '80' }), /rule 2\b.*proto/],
        [rule({ action: 'ACCEPT', proto: 'icmp', dport: '80' }), /rule 2\b.*does not support ports/],
        [rule({ action: 'ACCEPT', source: '10.0.0.1/24' }), /rule 2\b.*source/],
        [rule({ action: 'ACCEPT', source: 'not-an-address' }), /rule 2\b.*source/],
        [rule({ action: 'REJECT' as never }), /rule 2\b.*action/],
      ];
      for (const [bad, text] of cases) {
        await expectRefusal(d.setFirewall(vmid, [WEB[0]!, bad], 'ACCEPT'), 'BAD_PARAMETER', text);
      }
      expect(await d.firewallRules(vmid)).toEqual(WEB);
      expect(await d.firewallOptions(vmid)).toEqual({ enabled: true, policyIn: 'DROP' });
    });

    it('answers NOT_FOUND for an unknown VM', async () => {
      await expectRefusal(d.firewallRules(999_999_001), 'NOT_FOUND', /does not exist/);
      await expectRefusal(d.firewallOptions(999_999_001), 'NOT_FOUND', /does not exist/);
      await expectRefusal(d.setFirewall(999_999_001, WEB, 'DROP'), 'NOT_FOUND', /does not exist/);
    });

    it('refuses to delete an IP set while a rule names it, and deletes it once none does', async () => {
      const vmid = await cl.createVm({ name: 'fw-in-use' });
      await d.setIpset({ name: 'ct-in-use', comment: '', cidrs: ['203.0.113.0/24'] });
      await saveFirewall(d, vmid, [rule({ action: 'DROP', source: '+ct-in-use' })], 'ACCEPT');
      await expectRefusal(d.deleteIpset('ct-in-use'), 'BAD_PARAMETER', /ct-in-use/);
      expect((await d.ipsets('ct-in-use')).length).toBe(1);

      await saveFirewall(d, vmid, [rule({ action: 'DROP', source: '203.0.113.0/24' })], 'ACCEPT');
      await d.deleteIpset('ct-in-use');
      expect(await d.ipsets('ct-in-use')).toEqual([]);
    });
  });
}
