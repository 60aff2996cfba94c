import crypto from 'node:crypto';
import type { FakeVm } from './fake-pve-create.js';

/**
 * The fake PVE's firewall endpoints (used by fake-pve.ts), with pve-firewall's shapes and words:
 * - `GET /nodes/{n}/qemu/{id}/firewall/rules`: the rules with `pos` from 0, `enable` and
 *   `ipversion` as integers, empty fields left out, and the rule list's `digest` on each.
 *   `POST` (type, action, enable, source, dest, proto, sport, dport, comment, pos, digest) checks
 *   like verify_rule: 400 with `errors` ('no such ipset', 'invalid port', "missing property -
 *   'dport' requires this property", 'does not support ports', ...); it inserts at `pos` (at the
 *   top without one). `DELETE .../rules/{pos}`: 500 'no rule at position N'.
 * - `GET|PUT .../firewall/options` (enable, policy_in, delete, digest): only what is set, plus
 *   `digest`; a stale digest is 500 'detected modified configuration ...'.
 * - `GET|POST /cluster/firewall/ipset` ({name, comment, rename, digest}: 'IPSet ... already
 *   exists', rename of a missing set 'IPSet ... does not exist'), `GET|POST|DELETE
 *   /cluster/firewall/ipset/{name}` ({cidr, comment, nomatch}; 'no such IPSet', 'entry for ...
 *   already exists', 'IPSet ... is not empty'), `DELETE .../{name}/{cidr}` ('no such IP/Network').
 *   Like Proxmox, deleting a set that rules still name is allowed (the driver checks that itself).
 * A VM's firewall goes with the VM (kept per VM object).
 */

/** What the firewall part uses of the fake. */
export interface FirewallContext {
  vmOn(node: string, id: string): FakeVm;
  fail(status: number, message: string): Error;
  paramError(errors: Record<string, string>): Error;
}

type Route = [string, RegExp, (m: string[], p: Record<string, string>) => unknown];
type Rule = Record<string, string | number>;
interface VmFirewall {
  rules: Rule[];
  options: Record<string, string | number>;
}
interface Ipset {
  comment?: string;
  entries: Array<{ cidr: string; comment?: string; nomatch?: number }>;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]+$/;
const RULE_KEYS = ['type', 'action', 'enable', 'source', 'dest', 'proto', 'sport', 'dport', 'comment', 'pos', 'digest'];
const NOT_IN_SCHEMA = 'property is not defined in schema and the schema does not allow additional properties';
const V4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const BOOLEAN = /^(0|1)$/;
const digest = (value: unknown) => crypto.createHash('sha1').update(JSON.stringify(value)).digest('hex');

/** The family of an address or network as Net::IP takes it (host bits after the prefix refused), or an error text. */
function ipOrCidr(text: string): 4 | 6 | string {
  const [addr, prefix, extra] = text.split('/');
  if (extra !== undefined || addr === undefined) return 'value does not look like a valid IP address or CIDR network';
  const v6 = addr.includes(':');
  if (!v6 && !V4.test(addr)) return 'value does not look like a valid IP address or CIDR network';
  if (v6 && !/^[0-9a-fA-F:]+$/.test(addr)) return 'value does not look like a valid IP address or CIDR network';
  const len = prefix === undefined ? (v6 ? 128 : 32) : Number(prefix);
  if (!/^\d{1,3}$/.test(prefix ?? '0') || len > (v6 ? 128 : 32)) return `Invalid prefix length /${prefix}`;
  if (!v6) {
    const n = addr.split('.').reduce((a, o) => a * 256 + Number(o), 0);
    if (len < 32 && n % 2 ** (32 - len) !== 0) return `Invalid prefix ${addr}/${len}`;
  }
  return v6 ? 6 : 4;
}

/** A port spec as parse_port_name_number_or_range takes it (numbers and ranges here), or an error text. */
function portError(spec: string): string | null {
  for (const item of spec.split(',')) {
    const m = /^(\d+)(?::(\d+))?$/.exec(item);
    if (!m) return `invalid port '${item}'`;
    const [a, b] = [Number(m[1]), m[2] === undefined ? null : Number(m[2])];
    if (a > 65535 || (b !== null && b > 65535)) return `invalid port '${item}'`;
    if (b !== null && b < a) return `invalid portrange ${item}`;
  }
  return null;
}

/** The firewall endpoints and state of the fake. */
export function firewallRoutes(ctx: FirewallContext) {
  const firewalls = new WeakMap<FakeVm, VmFirewall>();
  const ipsets = new Map<string, Ipset>();
  const fwOf = (n: string, id: string) => {
    const vm = ctx.vmOn(n, id);
    let fw = firewalls.get(vm);
    if (!fw) firewalls.set(vm, (fw = { rules: [], options: {} }));
    return fw;
  };
  const checkDigest = (given: string | undefined, current: string) => {
    if (given !== undefined && given !== current)
      throw ctx.fail(500, 'detected modified configuration - file changed by other user? Try again.');
  };
  const ipsetOf = (name: string) => {
    const s = ipsets.get(name);
    if (!s) throw ctx.fail(500, `no such IPSet '${name}'`);
    return s;
  };

  /** verify_rule's checks, as 400 with every error. */
  function checkRule(p: Record<string, string>): Rule {
    const errors: Record<string, string> = {};
    for (const k of Object.keys(p)) if (!RULE_KEYS.includes(k) && k !== 'node' && k !== 'vmid') errors[k] = NOT_IN_SCHEMA;
    if (!p.type) errors.type = 'property is missing and it is not optional';
    else if (!['in', 'out', 'group'].includes(p.type))
      errors.type = `value '${p.type}' does not have a value in the enumeration 'in, out, group'`;
    if (!p.action) errors.action = 'property is missing and it is not optional';
    else if (p.type !== 'group' && !/^(ACCEPT|DROP|REJECT)$/.test(p.action)) errors.action = `unknown action '${p.action}'`;
    if (p.enable !== undefined && !/^\d+$/.test(p.enable)) errors.enable = `type check ('integer') failed - got '${p.enable}'`;
    if (p.pos !== undefined && !/^\d+$/.test(p.pos)) errors.pos = `type check ('integer') failed - got '${p.pos}'`;
    if (p.proto && !['tcp', 'udp', 'icmp', 'icmpv6'].includes(p.proto)) errors.proto = `unknown protocol '${p.proto}'`;
    let ipversion: number | undefined;
    for (const field of ['sport', 'dport'] as const) {
      if (!p[field]) continue;
      const e = portError(p[field]);
      if (e) errors[field] = e;
      if (!p.proto) errors.proto = `missing property - '${field}' requires this property`;
      else if (p.proto !== 'tcp' && p.proto !== 'udp' && !(field === 'dport' && p.proto.startsWith('icmp')))
        errors[field] = `protocol '${p.proto}' does not support ports`;
    }
    if (p.proto === 'icmp' && p.dport) errors.dport = `invalid icmp-type '${p.dport}'`;
    for (const field of ['source', 'dest'] as const) {
      const v = p[field];
      if (!v) continue;
      if (v.startsWith('+')) {
        if (!NAME.test(v.slice(1))) errors[field] = `invalid ipset name '${v}'`;
        else if (!ipsets.has(v.slice(1))) errors[field] = `no such ipset '${v.slice(1)}'`;
        continue;
      }
      const family = ipOrCidr(v);
      if (typeof family === 'string') errors[field] = family;
      else ipversion = family;
    }
    if (Object.keys(errors).length) throw ctx.paramError(errors);
    const rule: Rule = {};
    for (const k of ['type', 'action', 'source', 'dest', 'proto', 'sport', 'dport', 'comment'])
      if (p[k] !== undefined && p[k] !== '') rule[k] = p[k]!;
    rule.enable = p.enable === undefined ? 0 : Number(p.enable);
    if (ipversion) rule.ipversion = ipversion;
    return rule;
  }

  const routes: Route[] = [
    [
      'GET',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/firewall\/rules$/,
      ([, n, id]) => {
        const fw = fwOf(n!, id!);
        const d = digest(fw.rules);
        return fw.rules.map((r, pos) => ({ ...r, pos, digest: d }));
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/firewall\/rules$/,
      ([, n, id], p) => {
        const fw = fwOf(n!, id!);
        const rule = checkRule(p);
        checkDigest(p.digest, digest(fw.rules));
        const pos = p.pos === undefined ? 0 : Math.min(Number(p.pos), fw.rules.length);
        fw.rules.splice(pos, 0, rule);
        return null;
      },
    ],
    [
      'DELETE',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/firewall\/rules\/([^/]+)$/,
      ([, n, id, pos], p) => {
        const fw = fwOf(n!, id!);
        if (!/^\d+$/.test(pos!)) throw ctx.paramError({ pos: `type check ('integer') failed - got '${pos}'` });
        checkDigest(p.digest, digest(fw.rules));
        if (Number(pos) >= fw.rules.length) throw ctx.fail(500, `no rule at position ${pos}`);
        fw.rules.splice(Number(pos), 1);
        return null;
      },
    ],
    [
      'GET',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/firewall\/options$/,
      ([, n, id]) => {
        const fw = fwOf(n!, id!);
        return { ...fw.options, digest: digest(fw.options) };
      },
    ],
    [
      'PUT',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/firewall\/options$/,
      ([, n, id], p) => {
        const fw = fwOf(n!, id!);
        const errors: Record<string, string> = {};
        for (const k of Object.keys(p))
          if (!['enable', 'policy_in', 'policy_out', 'delete', 'digest'].includes(k)) errors[k] = NOT_IN_SCHEMA;
        if (p.enable !== undefined && !BOOLEAN.test(p.enable))
          errors.enable = `type check ('boolean') failed - got '${p.enable}'`;
        for (const k of ['policy_in', 'policy_out'])
          if (p[k] !== undefined && !/^(ACCEPT|REJECT|DROP)$/.test(p[k]))
            errors[k] = `value '${p[k]}' does not have a value in the enumeration 'ACCEPT, REJECT, DROP'`;
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        checkDigest(p.digest, digest(fw.options));
        for (const k of (p.delete ?? '').split(/[,;\s]+/).filter(Boolean)) delete fw.options[k];
        if (p.enable !== undefined) fw.options.enable = Number(p.enable);
        for (const k of ['policy_in', 'policy_out']) if (p[k] !== undefined) fw.options[k] = p[k]!;
        return null;
      },
    ],
    [
      'GET',
      /^\/cluster\/firewall\/ipset$/,
      () => {
        const d = digest([...ipsets]);
        return [...ipsets].map(([name, s]) => ({ name, digest: d, ...(s.comment ? { comment: s.comment } : {}) }));
      },
    ],
    [
      'POST',
      /^\/cluster\/firewall\/ipset$/,
      (_m, p) => {
        if (!p.name || !NAME.test(p.name) || p.name.length > 64)
          throw ctx.paramError({
            name: p.name ? `value does not match the regex pattern` : 'property is missing and it is not optional',
          });
        checkDigest(p.digest, digest([...ipsets]));
        if (p.rename !== undefined) {
          const s = ipsets.get(p.rename);
          if (!s) throw ctx.fail(500, `IPSet '${p.rename}' does not exist`);
          if (p.rename !== p.name) {
            if (ipsets.has(p.name)) throw ctx.fail(500, `IPSet '${p.name}' already exists`);
            ipsets.delete(p.rename);
            ipsets.set(p.name, s);
          }
          if (p.comment !== undefined) s.comment = p.comment;
          return null;
        }
        if (ipsets.has(p.name)) throw ctx.fail(500, `IPSet '${p.name}' already exists`);
        ipsets.set(p.name, { entries: [], ...(p.comment ? { comment: p.comment } : {}) });
        return null;
      },
    ],
    [
      'GET',
      /^\/cluster\/firewall\/ipset\/([^/]+)$/,
      ([, name]) => {
        const s = ipsetOf(name!);
        const d = digest(s.entries);
        return s.entries.map((e) => ({ ...e, digest: d }));
      },
    ],
    [
      'POST',
      /^\/cluster\/firewall\/ipset\/([^/]+)$/,
      ([, name], p) => {
        const s = ipsetOf(name!);
        if (!p.cidr) throw ctx.paramError({ cidr: 'property is missing and it is not optional' });
        const family = ipOrCidr(p.cidr);
        if (typeof family === 'string') throw ctx.paramError({ cidr: family });
        if (s.entries.some((e) => e.cidr === p.cidr)) throw ctx.fail(500, `entry for '${p.cidr}' already exists`);
        s.entries.unshift({
          cidr: p.cidr,
          ...(p.comment ? { comment: p.comment } : {}),
          ...(p.nomatch === '1' ? { nomatch: 1 } : {}),
        });
        return null;
      },
    ],
    [
      'DELETE',
      /^\/cluster\/firewall\/ipset\/([^/]+)$/,
      ([, name], p) => {
        const s = ipsetOf(name!);
        if (s.entries.length && p.force !== '1') throw ctx.fail(500, `IPSet '${name}' is not empty`);
        ipsets.delete(name!);
        return null;
      },
    ],
    [
      'DELETE',
      /^\/cluster\/firewall\/ipset\/([^/]+)\/(.+)$/,
      ([, name, cidr]) => {
        const s = ipsetOf(name!);
        const i = s.entries.findIndex((e) => e.cidr === cidr);
        if (i < 0) throw ctx.fail(500, `no such IP/Network '${cidr}'`);
        s.entries.splice(i, 1);
        return null;
      },
    ],
  ];

  return {
    routes,
    /** The cluster IP set `name` as stored, or undefined. */
    ipset: (name: string) => ipsets.get(name),
    /** Sets an IP set by hand (an operator's own, or a stale one). */
    putIpset: (name: string, set: Ipset) => void ipsets.set(name, set),
  };
}
