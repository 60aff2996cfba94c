/**
 * The firewall of a VM and the cluster's IP sets on Proxmox VE (issue 15; see
 * {@link HypervisorFirewallDriver}):
 * - firewallRules: `GET /nodes/{n}/qemu/{id}/firewall/rules`, the rules of type `in` in order.
 *   firewallOptions: `GET .../firewall/options` (`enable`, `policy_in`; Proxmox's defaults off
 *   and DROP when unset; REJECT reads as DROP).
 * - setFirewall checks the whole batch first (firewall-rules.ts) and that every IP set it names
 *   exists (`GET /cluster/firewall/ipset`), so a refused rule leaves the old ones. Then: the first
 *   NIC gets `firewall=1` (`PUT config {netN, digest}`, its other options kept), the `in` rules
 *   are deleted from the highest position down (`DELETE rules/{pos}`; out rules and security
 *   groups stay), the new ones added last to first (`POST rules`, which inserts at the top:
 *   `type=in, enable=1, action, source, proto, sport, dport, comment`), and `PUT options
 *   {enable: 1, policy_in}`. Should Proxmox refuse a write midway anyway, the previous rules are
 *   put back before the error is thrown. A batch that is there already writes nothing.
 *   Synchronous: answers null.
 * - ipsets: `GET /cluster/firewall/ipset` and each set's `GET /cluster/firewall/ipset/{name}`
 *   (entries canonical and sorted; `nomatch` exclusions are no members and left out).
 * - setIpset: `POST /cluster/firewall/ipset {name, comment}` to create, `{name, rename: name,
 *   comment}` to change the comment; then missing entries are added (`POST .../{name} {cidr}`)
 *   before the others are removed (`DELETE .../{name}/{cidr}`), so a set in use never lets
 *   through less than both versions share.
 * - deleteIpset: Proxmox deletes a set that rules still name, so the driver looks first through
 *   the rules of every VM of the cluster; then removes the entries and the set (Proxmox refuses a
 *   set that is not empty).
 * Errors as in proxmox.ts; Proxmox's 'no such IPSet' while a set disappears meanwhile is taken as
 * gone. The API token also needs VM.Config.Network on the VMs and Sys.Modify on `/` (cluster IP
 * sets); the datacenter firewall must be enabled by the operator for any of this to act.
 */
import { formatIpBlock, parseIpBlock } from '@portside/contract/rules/network';
import { byText, checkFirewallBatch, ipsetsNamed, normaliseIpset, plainRule } from './firewall-rules.js';
import { HypervisorError, type FirewallRuleSpec, type HypervisorFirewallDriver } from './hypervisor.js';
import { ProxmoxRequestError, type Params } from './proxmox-client.js';
import { truthy, type PveConfig, type PveResource } from './proxmox-config.js';
import type { PveDataCore } from './proxmox-data.js';

/** A rule as `GET firewall/rules` answers it. */
interface PveRule {
  pos: number | string;
  type?: string;
  action?: string;
  source?: string;
  proto?: string;
  sport?: string | number;
  dport?: string | number;
  comment?: string;
}

const enc = encodeURIComponent;
const IPSETS = '/cluster/firewall/ipset';
const str = (v: string | number | undefined | null) => (v === undefined || v === null ? '' : String(v));

/** A Proxmox rule as the interface's spec. */
function specOf(r: PveRule): FirewallRuleSpec {
  const proto = r.proto === 'tcp' || r.proto === 'udp' || r.proto === 'icmp' ? r.proto : null;
  return {
    action: r.action === 'ACCEPT' ? 'ACCEPT' : 'DROP',
    source: str(r.source),
    proto,
    sport: str(r.sport),
    dport: str(r.dport),
    comment: str(r.comment),
  };
}

/** A spec as `POST firewall/rules` parameters (empty fields left out, as Proxmox stores them). */
function paramsOf(r: FirewallRuleSpec): Params {
  const p: Params = { type: 'in', enable: 1, action: r.action };
  if (r.source) p.source = r.source;
  if (r.proto) p.proto = r.proto;
  if (r.sport) p.sport = r.sport;
  if (r.dport) p.dport = r.dport;
  if (r.comment) p.comment = r.comment;
  return p;
}

const sameRules = (a: FirewallRuleSpec[], b: FirewallRuleSpec[]) => JSON.stringify(a) === JSON.stringify(b);

/** The first NIC's key (net0, else the lowest netN), or undefined when the VM has none. */
function firstNic(cfg: PveConfig): string | undefined {
  return Object.keys(cfg)
    .filter((k) => /^net\d+$/.test(k))
    .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))[0];
}

/** A NIC setting with `firewall=1`, its other options kept in their order. */
export function withFirewallFlag(nic: string): string {
  const parts = nic.split(',');
  const i = parts.findIndex((p) => p.startsWith('firewall='));
  if (i >= 0) parts[i] = 'firewall=1';
  else parts.push('firewall=1');
  return parts.join(',');
}

/** Whether `e` is Proxmox saying a cluster IP set is not there (it went meanwhile). */
const noSuchIpset = (e: unknown) => e instanceof ProxmoxRequestError && /no such IPSet/i.test(e.message);

/** The driver methods of the firewall and IP sets. */
export function proxmoxFirewall(core: PveDataCore): HypervisorFirewallDriver {
  const { api } = core;
  const fwPath = (r: PveResource) => `${core.vmPath(r)}/firewall`;

  async function rulesOf(r: PveResource): Promise<PveRule[]> {
    const list = (await api.call<PveRule[]>('GET', `${fwPath(r)}/rules`)) ?? [];
    return [...list].sort((a, b) => Number(a.pos) - Number(b.pos));
  }
  const inRules = (list: PveRule[]) => list.filter((x) => x.type === 'in').map(specOf);

  async function optionsOf(r: PveResource) {
    const o = (await api.call<{ enable?: unknown; policy_in?: string }>('GET', `${fwPath(r)}/options`)) ?? {};
    return { enabled: truthy(o.enable), policyIn: o.policy_in === 'ACCEPT' ? ('ACCEPT' as const) : ('DROP' as const) };
  }

  async function ipsetNames(): Promise<Set<string>> {
    const list = (await api.call<Array<{ name: string }>>('GET', IPSETS)) ?? [];
    return new Set(list.map((s) => s.name));
  }

  /** Makes the VM's `in` rules exactly `rules`: deletes the old ones from the highest position, adds the new last to first. */
  async function writeInRules(r: PveResource, rules: FirewallRuleSpec[]): Promise<void> {
    const old = (await rulesOf(r)).filter((x) => x.type === 'in').map((x) => Number(x.pos));
    for (const pos of old.sort((a, b) => b - a)) await api.call('DELETE', `${fwPath(r)}/rules/${pos}`);
    for (const rule of [...rules].reverse()) await api.call('POST', `${fwPath(r)}/rules`, paramsOf(rule));
  }

  /** Switches the first NIC's firewall on (with the config's digest), when it is not. */
  async function nicFirewallOn(r: PveResource): Promise<void> {
    const cfg = (await api.call<PveConfig>('GET', `${core.vmPath(r)}/config`)) ?? {};
    const key = firstNic(cfg);
    if (!key) return;
    const nic = String(cfg[key]);
    const next = withFirewallFlag(nic);
    if (next === nic) return;
    await api.call('PUT', `${core.vmPath(r)}/config`, {
      [key]: next,
      ...(typeof cfg.digest === 'string' ? { digest: cfg.digest } : {}),
    });
  }

  async function entriesOf(name: string): Promise<Array<{ cidr: string; nomatch?: unknown }>> {
    return (await api.call<Array<{ cidr: string; nomatch?: unknown }>>('GET', `${IPSETS}/${enc(name)}`)) ?? [];
  }

  /** The VMs of the cluster whose rules name `+name`. */
  async function ipsetUsers(name: string): Promise<number[]> {
    const all = (await api.call<PveResource[]>('GET', '/cluster/resources', { type: 'vm' })) ?? [];
    const vms = all.filter((x) => x.type === 'qemu' && !truthy(x.template) && core.managed(x.node));
    const users: number[] = [];
    for (let i = 0; i < vms.length; i += 8) {
      const found = await Promise.all(
        vms.slice(i, i + 8).map(async (vm) => ((await rulesOf(vm)).some((x) => x.source === `+${name}`) ? vm.vmid : null)),
      );
      users.push(...found.filter((v): v is number => v !== null));
    }
    return users.sort((a, b) => a - b);
  }

  return {
    async firewallRules(vmid) {
      return inRules(await rulesOf(await core.locate(vmid)));
    },

    async firewallOptions(vmid) {
      return optionsOf(await core.locate(vmid));
    },

    async setFirewall(vmid, rules, policyIn) {
      checkFirewallBatch(rules, policyIn, () => true);
      const r = await core.locate(vmid);
      const wanted = rules.map(plainRule);
      if (ipsetsNamed(wanted).length) {
        const have = await ipsetNames();
        checkFirewallBatch(wanted, policyIn, (name) => have.has(name));
      }
      await nicFirewallOn(r);
      const before = inRules(await rulesOf(r));
      if (!sameRules(before, wanted)) {
        try {
          await writeInRules(r, wanted);
        } catch (e) {
          await writeInRules(r, before).catch(() => undefined);
          throw e;
        }
      }
      const o = await optionsOf(r);
      if (!o.enabled || o.policyIn !== policyIn)
        await api.call('PUT', `${fwPath(r)}/options`, { enable: 1, policy_in: policyIn });
      return null;
    },

    async ipsets(prefix) {
      if (typeof prefix !== 'string') throw new HypervisorError('BAD_PARAMETER', 'prefix must be a string');
      const list = (await api.call<Array<{ name: string; comment?: string }>>('GET', IPSETS)) ?? [];
      const mine = list.filter((s) => s.name.startsWith(prefix)).sort((a, b) => byText(a.name, b.name));
      const out = [];
      for (const s of mine) {
        let entries: Array<{ cidr: string; nomatch?: unknown }>;
        try {
          entries = await entriesOf(s.name);
        } catch (e) {
          if (noSuchIpset(e)) continue;
          throw e;
        }
        const cidrs = entries
          .filter((e) => !truthy(e.nomatch))
          .map((e) => {
            const b = parseIpBlock(e.cidr);
            return b ? formatIpBlock(b) : e.cidr;
          });
        out.push({ name: s.name, comment: str(s.comment), cidrs: [...new Set(cidrs)].sort(byText) });
      }
      return out;
    },

    async setIpset(set) {
      const clean = normaliseIpset(set);
      const list = (await api.call<Array<{ name: string; comment?: string }>>('GET', IPSETS)) ?? [];
      const found = list.find((s) => s.name === clean.name);
      if (!found) await api.call('POST', IPSETS, { name: clean.name, ...(clean.comment ? { comment: clean.comment } : {}) });
      else if (str(found.comment) !== clean.comment)
        await api.call('POST', IPSETS, { name: clean.name, rename: clean.name, comment: clean.comment });
      const stored = found ? await entriesOf(clean.name) : [];
      const key = (e: { cidr: string; nomatch?: unknown }) => {
        const b = parseIpBlock(e.cidr);
        return truthy(e.nomatch) || !b ? null : formatIpBlock(b);
      };
      const have = new Set(stored.map(key).filter((k): k is string => k !== null));
      for (const cidr of clean.cidrs) if (!have.has(cidr)) await api.call('POST', `${IPSETS}/${enc(clean.name)}`, { cidr });
      const wanted = new Set(clean.cidrs);
      for (const e of stored) {
        const k = key(e);
        if (k === null || !wanted.has(k)) await api.call('DELETE', `${IPSETS}/${enc(clean.name)}/${enc(e.cidr)}`);
      }
    },

    async deleteIpset(name) {
      if (!(await ipsetNames()).has(name)) return;
      const users = await ipsetUsers(name);
      if (users.length)
        throw new HypervisorError('BAD_PARAMETER', `IPSet '${name}' is used by the firewall rules of VM ${users.join(', ')}`);
      try {
        for (const e of await entriesOf(name)) await api.call('DELETE', `${IPSETS}/${enc(name)}/${enc(e.cidr)}`);
        await api.call('DELETE', `${IPSETS}/${enc(name)}`);
      } catch (e) {
        if (!noSuchIpset(e)) throw e;
      }
    },
  };
}
