/**
 * The simulator's VM firewalls and cluster IP sets (issue 15; see {@link HypervisorFirewallDriver}),
 * kept in PostgreSQL (migration 0031):
 * - setFirewall checks the whole batch first, as Proxmox checks each rule (an IP set `+name` must
 *   exist, ports need tcp or udp, addresses must name their network), so a refused rule leaves the
 *   VM's rules untouched. With a firewall time of 0 the rules, the policy and the switch are
 *   written at once in one transaction and it answers null; otherwise it answers a `fwupdate` task
 *   of that length that carries them and writes them when it ends ok (a failed task changes
 *   nothing), as a batch on the provider's hardware takes a while. The VM's own, node and global
 *   failure injection apply to that task.
 * - IP sets: setIpset makes name, comment and entries exactly what it is given; deleteIpset
 *   refuses while a rule names the set (or a firewall task still being saved does).
 * - firewallVerdict plays the firewall: the first rule that matches a packet decides, else the
 *   inbound policy; with the firewall off every packet is accepted.
 */
import type pg from 'pg';
import { formatIpBlock, parseIpBlock } from '@portside/contract/rules/network';
import {
  byText,
  checkFirewallBatch,
  ipsetsNamed,
  normaliseIpset,
  plainRule,
  verdict,
  type FirewallPacket,
} from './firewall-rules.js';
import { HypervisorError, type HypervisorFirewallDriver } from './hypervisor.js';
import type { SimCore } from './simulator-create.js';
import * as fw from './simulator-firewall.repository.js';
import type { SimVmRow } from './simulator.repository.js';

/** What the firewall part uses of the simulator's core (simulator.ts). */
export interface SimFirewallCore extends SimCore {
  /** How long saving a firewall takes, ms (0: at once, no task). */
  firewallMs(): number;
  /** Starts a `fwupdate` task of the firewall time for `vm`, carrying `params`; answers its UPID. */
  startFirewallTask(c: pg.PoolClient, vm: SimVmRow, params: fw.FirewallParams): Promise<string>;
}

/** The simulator's firewall methods, plus its verdict on a packet. */
export interface SimulatorFirewall extends HypervisorFirewallDriver {
  /** What the VM's firewall does with `packet` now. Throws NOT_FOUND for an unknown vmid. */
  firewallVerdict(vmid: number, packet: FirewallPacket): Promise<'ACCEPT' | 'DROP'>;
}

/** An address or network in the drivers' canonical text (PostgreSQL writes /32 and /128). */
const canonical = (cidr: string) => {
  const b = parseIpBlock(cidr);
  return b ? formatIpBlock(b) : cidr;
};

/** The driver methods of the firewall and IP sets. */
export function simulatorFirewall(core: SimFirewallCore): SimulatorFirewall {
  return {
    async firewallRules(vmid) {
      return core.inTx(async (c) => {
        await core.vmRow(c, vmid);
        return fw.firewallRules(c, vmid);
      });
    },

    async firewallOptions(vmid) {
      return core.inTx(async (c) => {
        await core.vmRow(c, vmid);
        return fw.firewallOptions(c, vmid);
      });
    },

    async setFirewall(vmid, rules, policyIn) {
      // The shape first (positions, ports, addresses), then whether the named IP sets exist.
      checkFirewallBatch(rules, policyIn, () => true);
      const params: fw.FirewallParams = { rules: rules.map(plainRule), policyIn };
      return core.inTx(async (c) => {
        const vm = await core.vmRow(c, vmid, true);
        const have = await fw.existingIpsets(c, ipsetsNamed(params.rules));
        checkFirewallBatch(params.rules, policyIn, (name) => have.has(name));
        if (core.firewallMs() <= 0) {
          await fw.replaceFirewall(c, vmid, params);
          return null;
        }
        return core.startFirewallTask(c, vm, params);
      });
    },

    async ipsets(prefix) {
      if (typeof prefix !== 'string') throw new HypervisorError('BAD_PARAMETER', 'prefix must be a string');
      const sets = await core.inTx((c) => fw.listIpsets(c, prefix));
      return sets.map((s) => ({ ...s, cidrs: s.cidrs.map(canonical).sort(byText) }));
    },

    async setIpset(set) {
      const clean = normaliseIpset(set);
      await core.inTx((c) => fw.writeIpset(c, clean));
    },

    async deleteIpset(name) {
      await core.inTx(async (c) => {
        const users = await fw.ipsetUsers(c, name);
        if (users.length)
          throw new HypervisorError('BAD_PARAMETER', `IPSet '${name}' is used by the firewall rules of VM ${users.join(', ')}`);
        await fw.removeIpset(c, name);
      });
    },

    async firewallVerdict(vmid, packet) {
      return core.inTx(async (c) => {
        await core.vmRow(c, vmid);
        const options = await fw.firewallOptions(c, vmid);
        const rules = await fw.firewallRules(c, vmid);
        const entries = new Map<string, string[]>();
        for (const name of ipsetsNamed(rules)) entries.set(name, await fw.ipsetEntries(c, name));
        return verdict(options, rules, packet, (name) => entries.get(name) ?? []);
      });
    },
  };
}
