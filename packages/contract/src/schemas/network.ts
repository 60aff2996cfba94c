/**
 * The network calls (issue 15; spec 1 §4 'IP set', 'My IP', 'Firewall rule', spec 2 §7 'IP sets
 * and firewall', 'Domains'): the rows of MyFirewallRules, MyIpsets, ClientIpsetsVms, MyIPs,
 * MySystemIPs, GetPortForwardings and MyDomains, and the bodies of their calls. Issue messages
 * are message keys (messages.ts); the rules are in rules/network.ts.
 */
import { z } from '../zod';
import type { MessageKey } from '../messages';
import { LIMITS } from '../constants';
import { validateIpsetName } from '../rules/validators';
import {
  FIREWALL_ACTIONS,
  FIREWALL_COMMENT_MAX,
  FIREWALL_PROTOCOLS,
  MAX_FIREWALL_RULES,
  PORT_MAX,
  PORT_MIN,
  canonicalAddress,
  normaliseDomain,
  normaliseFirewallSource,
  normalisePortSpec,
  validateDomain,
  validateIpList,
  validatePtrHostname,
} from '../rules/network';
import { hasControlChars } from '../rules/control-chars';
import { provisionedIdField } from './vms';
import { timestampField } from './view-row';

/** A text field whose rule answers a message key; the value is trimmed first. */
function ruled(emptyKey: MessageKey, rule: (v: string) => MessageKey | null) {
  return z
    .string({ error: emptyKey })
    .trim()
    .check((ctx) => {
      const key = hasControlChars(ctx.value) ? 'control_characters' : rule(ctx.value);
      if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
    });
}

const idField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });
const idsField = z
  .array(idField, { error: 'invalid_data' })
  .min(1, { error: 'invalid_data' })
  .max(1000, { error: 'invalid_data' })
  .transform((ids) => [...new Set(ids)]);
const commentField = ruled('invalid_data', (v) => (v.length > FIREWALL_COMMENT_MAX ? 'ipset_comment_too_long' : null));

// ——— Firewall ———

/** One rule as the Firewall tab submits it (the draft's whole list is submitted as one batch). */
export const firewallRuleInput = z
  .object({
    /** An address, a CIDR block, or '' / `{ip}/0` for all; ignored when `source_ipset` is given. */
    source: ruled('invalid_data', (v) => (normaliseFirewallSource(v) === null ? 'firewall_source_invalid' : null))
      .transform((v) => normaliseFirewallSource(v)!)
      .optional(),
    /** An IP set (MyIpsets.ipset) attached to the server, as the source instead of `source`. */
    source_ipset: idField.nullish(),
    sport: ruled('invalid_data', (v) => (normalisePortSpec(v) === null ? 'firewall_port_invalid' : null))
      .transform((v) => normalisePortSpec(v)!)
      .optional(),
    dport: ruled('invalid_data', (v) => (normalisePortSpec(v) === null ? 'firewall_port_invalid' : null))
      .transform((v) => normalisePortSpec(v)!)
      .optional(),
    proto: z.enum(FIREWALL_PROTOCOLS, { error: 'firewall_protocol_invalid' }),
    action: z.enum(FIREWALL_ACTIONS, { error: 'firewall_action_invalid' }),
    comment: commentField.optional(),
  })
  .check((ctx) => {
    const r = ctx.value;
    if ((r.sport || r.dport) && r.proto !== 'tcp' && r.proto !== 'udp')
      ctx.issues.push({ code: 'custom', message: 'firewall_port_needs_protocol', path: ['proto'], input: r });
  });
export type FirewallRuleInput = z.output<typeof firewallRuleInput>;

/**
 * AddFirewallRule: saves the server's whole inbound rule list, in order, and 'block everything
 * else' (policy DROP) as one batch (spec 1 §4: about 40 seconds). `p_revision` is the revision the
 * draft was made from (MyVMs2.firewall_revision): a save over a newer one is refused (FIREWALL_CHANGED).
 */
export const addFirewallRuleSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_rules: z.array(firewallRuleInput, { error: 'invalid_data' }).max(MAX_FIREWALL_RULES, { error: 'firewall_too_many_rules' }),
  p_block_others: z.boolean({ error: 'invalid_data' }),
  p_revision: z.int({ error: 'invalid_data' }).nonnegative({ error: 'invalid_data' }),
});
export type AddFirewallRuleBody = z.output<typeof addFirewallRuleSchema>;

/** DeleteFirewallRule: removes rules (MyFirewallRules.id) of one server as one batch. */
export const deleteFirewallRuleSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_ids: idsField,
  p_revision: z.int({ error: 'invalid_data' }).nonnegative({ error: 'invalid_data' }),
});

/** A row of GET MyFirewallRules (filter provisioned_id=eq.{id}; ordered by pos). */
export const firewallRuleRow = z.object({
  id: z.int(),
  provisioned_id: z.int(),
  /** 1-based position: rules are matched in this order. */
  pos: z.int(),
  /** '' for all. */
  source: z.string(),
  source_ipset: z.int().nullable(),
  source_ipset_name: z.string().nullable(),
  sport: z.string(),
  dport: z.string(),
  proto: z.enum(FIREWALL_PROTOCOLS),
  action: z.enum(FIREWALL_ACTIONS),
  comment: z.string(),
  /** Whether the cluster has this rule (false while its batch is saved or after it failed). */
  applied: z.boolean(),
  created_at: timestampField(),
});
export type FirewallRuleRow = z.infer<typeof firewallRuleRow>;

// ——— IP sets ———

/** An IP set's name: required, no spaces (spec 1 §5), at most 64 characters. */
export const ipsetNameField = ruled('ipset_name_empty', validateIpsetName);

/** IPs as typed: comma separated addresses or CIDR blocks; repeats are removed by the server. */
export const ipListField = z
  .string({ error: 'ip_list_empty' })
  .max(LIMITS.ipsPerSet * 50, { error: 'field_too_long' })
  .check((ctx) => {
    const key = validateIpList(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });

/** CreateIpset: a name, an optional comment and optional first IPs. */
export const createIpsetSchema = z.object({
  p_name: ipsetNameField,
  p_comment: commentField.optional(),
  p_ips: z
    .string({ error: 'invalid_data' })
    .max(LIMITS.ipsPerSet * 50, { error: 'field_too_long' })
    .check((ctx) => {
      const key = ctx.value.trim() === '' ? null : validateIpList(ctx.value);
      if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
    })
    .optional(),
});

/**
 * PATCH /api/MyIpsets?ipset=eq.{id} with `{name?, comment?}`: a new name and/or comment (spec 2 §7:
 * IP sets update with PATCH); the server adds `p_ipset` from the filter.
 */
export const updateIpsetSchema = z
  .object({ name: ipsetNameField.optional(), comment: commentField.optional(), p_ipset: idField })
  .refine((v) => v.name !== undefined || v.comment !== undefined, { error: 'invalid_data' });

/** The calls that name one IP set. */
export const ipsetRefSchema = z.object({ p_ipset: idField });

/** AddIPsToIpsets: comma separated IPs into one set (at most 1000 in a set). */
export const addIpsToIpsetSchema = z.object({ p_ipset: idField, p_ips: ipListField });

/** DeleteIpFromIpset: entries as GetIPsFromIpset answers them. */
export const deleteIpFromIpsetSchema = z.object({
  p_ipset: idField,
  p_ips: z
    .array(z.string({ error: 'invalid_data' }).max(50), { error: 'invalid_data' })
    .min(1, { error: 'invalid_data' })
    .max(1000),
});

/** AddIpsetToVMs and DeleteIpsetFromVMs: one IP set and servers of the account (at most 50 sets per server). */
export const ipsetVmsSchema = z.object({ p_ipset: idField, p_provisioned_ids: idsField });

/** A row of GET MyIpsets. */
export const ipsetRow = z.object({
  ipset: z.int(),
  name: z.string(),
  comment: z.string(),
  ip_count: z.int(),
  server_count: z.int(),
  created_at: timestampField(),
});
export type IpsetRow = z.infer<typeof ipsetRow>;

/** A row of GET ClientIpsetsVms: one IP set attached to one server. */
export const ipsetVmRow = z.object({
  ipset: z.int(),
  ipset_name: z.string(),
  provisioned_id: z.int(),
  server_name: z.string(),
  created_at: timestampField(),
});
export type IpsetVmRow = z.infer<typeof ipsetVmRow>;

/** One entry of GetIPsFromIpset's answer. */
export interface IpsetEntry {
  ip: string;
  created_at: string;
}

/** What AddIPsToIpsets answers. */
export interface AddIpsAnswer {
  /** New entries. */
  added: number;
  /** Entries that were in the set already or repeated in the list. */
  duplicates: number;
  /** Entries in the set now. */
  count: number;
}

// ——— My IPs, system IPs and reverse DNS ———

/** A row of GET MyIPs: the account's own addresses (added, or seen at a sign-in). */
export const myIpRow = z.object({
  id: z.int(),
  address: z.string(),
  comment: z.string(),
  /** 'login' for an address a user of the account signed in from, 'manual' for one added. */
  source: z.enum(['manual', 'login']),
  last_seen_at: timestampField().nullable(),
  created_at: timestampField(),
});
export type MyIpRow = z.infer<typeof myIpRow>;

/** MyIPAdd (beyond the spec): an address or CIDR block of one's own, with a comment. */
export const myIpAddSchema = z.object({
  p_address: ruled('ip_invalid', (v) => (v === '' ? 'ip_invalid' : normaliseFirewallSource(v) ? null : 'ip_invalid')),
  p_comment: commentField.optional(),
});

/** IPDelete: an entry of MyIPs. */
export const ipDeleteSchema = z.object({ p_id: idField });

/** A row of GET MySystemIPs: an address the provider assigned to one of the account's servers. */
export const systemIpRow = z.object({
  address: z.string(),
  family: z.int(),
  provisioned_id: z.int(),
  server_name: z.string(),
  location: z.string(),
  /** The reverse DNS name set by the customer, or null for the provider's default. */
  ptr: z.string().nullable(),
  /** The provider's default name (e.g. 203-0-113-7.lis.example.net). */
  ptr_default: z.string(),
  /** Whether the DNS has the name: 'ok', 'pending' while it is pushed, 'failed' after the DNS refused. */
  ptr_state: z.enum(['ok', 'pending', 'failed']),
});
export type SystemIpRow = z.infer<typeof systemIpRow>;

/** SetReverseDns (beyond the spec, as Hetzner and DigitalOcean): the PTR of an assigned address; '' resets it. */
export const setReverseDnsSchema = z.object({
  p_address: ruled('ip_invalid', (v) => (canonicalAddress(v) ? null : 'ip_invalid')).transform((v) => canonicalAddress(v)!),
  p_hostname: ruled('invalid_data', validatePtrHostname).transform((v) => v.toLowerCase().replace(/\.$/, '')),
});

// ——— Port forwarding ———

const portField = z
  .int({ error: 'forward_port_invalid' })
  .min(PORT_MIN, { error: 'forward_port_invalid' })
  .max(PORT_MAX, { error: 'forward_port_invalid' });

/**
 * AddPortForwarding: forwards an external port of the location's gateway address to the server's
 * internal port. Without `p_external_port` the lowest free port of the portal's range is taken.
 */
export const addPortForwardingSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_internal_port: portField,
  p_protocol: z.enum(['tcp', 'udp'], { error: 'invalid_data' }),
  p_external_port: portField.nullish(),
  p_comment: commentField.optional(),
});

/** DelPortForwarding: a row of GetPortForwardings. */
export const delPortForwardingSchema = z.object({ p_id: idField });

/** A row of GET GetPortForwardings. */
export const portForwardRow = z.object({
  id: z.int(),
  provisioned_id: z.int(),
  server_name: z.string(),
  gateway: z.string(),
  external_port: z.int(),
  internal_address: z.string(),
  internal_port: z.int(),
  protocol: z.enum(['tcp', 'udp']),
  comment: z.string(),
  /** 'pending' until the gateway has it, 'active', 'failed' when the gateway refused. */
  state: z.enum(['pending', 'active', 'failed']),
  created_at: timestampField(),
});
export type PortForwardRow = z.infer<typeof portForwardRow>;

/** What AddPortForwarding answers. */
export interface PortForwardAnswer {
  id: number;
  gateway: string;
  external_port: number;
}

// ——— Custom domains ———

/** A domain name as typed: validated, answered in lower case. */
export const domainField = ruled('domain_empty', validateDomain).transform((v) => normaliseDomain(v)!);

/** MyDomainAdd: a domain pointing at one of the account's servers; proven by a TXT record. */
export const myDomainAddSchema = z.object({ p_domain: domainField, p_provisioned_id: provisionedIdField });

/** MyDomainEdit: point a domain at another server of the account. */
export const myDomainEditSchema = z.object({ p_id: idField, p_provisioned_id: provisionedIdField });

/** MyDomainDelete and MyDomainVerify (beyond the spec: check the TXT record now). */
export const myDomainRefSchema = z.object({ p_id: idField });

/** A row of GET MyDomains. */
export const domainRow = z.object({
  id: z.int(),
  domain: z.string(),
  provisioned_id: z.int(),
  server_name: z.string(),
  /** The server's addresses the domain's A/AAAA records should name. */
  server_ipv4: z.string().nullable(),
  server_ipv6: z.string().nullable(),
  verified: z.boolean(),
  verified_at: timestampField().nullable(),
  /** When the portal last looked for the TXT record. */
  checked_at: timestampField().nullable(),
  /** The TXT record to add at the domain's DNS provider. */
  challenge_name: z.string(),
  challenge_value: z.string(),
  created_at: timestampField(),
});
export type DomainRow = z.infer<typeof domainRow>;

/** What MyDomainAdd answers. */
export interface DomainAddAnswer {
  id: number;
  challenge_name: string;
  challenge_value: string;
}
