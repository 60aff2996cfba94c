/**
 * The network calls (issue 15; spec 2 §7 'IP sets and firewall', 'Domains'), each audited with
 * what it touched. Claims as the sidebar names them: IP sets menu-see-ipsets, my IPs and reverse
 * DNS menu-see-ip-management, domains menu-see-custom-domains; a server's firewall and port
 * forwarding vm-settings-firewall. IP sets are updated with PATCH /api/MyIpsets (spec 2 §7).
 */
import {
  addFirewallRuleSchema,
  addIpsToIpsetSchema,
  addPortForwardingSchema,
  createIpsetSchema,
  delPortForwardingSchema,
  deleteFirewallRuleSchema,
  deleteIpFromIpsetSchema,
  ipDeleteSchema,
  ipsetRefSchema,
  ipsetVmsSchema,
  myDomainAddSchema,
  myDomainEditSchema,
  myDomainRefSchema,
  myIpAddSchema,
  setReverseDnsSchema,
  updateIpsetSchema,
} from '@portside/contract/schemas/network';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { target, targets } from '../audit/audit-target.js';
import * as firewall from './firewall.service.js';
import * as sets from './ipsets.service.js';
import * as myIps from './my-ips.service.js';
import { setReverseDns } from './reverse-dns.js';
import * as forwards from './port-forwards.service.js';
import * as domains from './domains.service.js';

const firewallClaim = claim('vm-settings-firewall');
const ipsetsClaim = claim('menu-see-ipsets');
const ipManagement = claim('menu-see-ip-management');
const domainsClaim = claim('menu-see-custom-domains');

const server = (id: number) => target('server', id);
const ipset = (id: number | undefined, name?: string) => target('IP set', id ?? null, name);
const answer = <T>(r: unknown) => (r ?? {}) as Partial<T>;

export const networkRpcs: AnyRpc[] = [
  defineRpc({
    name: 'AddFirewallRule',
    access: firewallClaim,
    schema: addFirewallRuleSchema,
    audit: true,
    auditTarget: (b) => [
      server(b.p_provisioned_id),
      `${b.p_rules.length} rules${b.p_block_others ? ', block everything else' : ''}`,
    ],
    handler: (ctx, b) => firewall.saveFirewall(ctx, b),
  }),
  defineRpc({
    name: 'DeleteFirewallRule',
    access: firewallClaim,
    schema: deleteFirewallRuleSchema,
    audit: true,
    auditTarget: (b) => [server(b.p_provisioned_id), ...targets('firewall rule', b.p_ids)],
    handler: (ctx, b) => firewall.deleteFirewallRules(ctx, b.p_provisioned_id, b.p_ids, b.p_revision),
  }),
  defineRpc({
    name: 'CreateIpset',
    access: ipsetsClaim,
    schema: createIpsetSchema,
    audit: true,
    auditTarget: (b, r) => ipset(answer<{ ipset: number }>(r).ipset, b.p_name),
    handler: (ctx, b) => sets.createIpset(ctx, b.p_name, b.p_comment, b.p_ips),
  }),
  defineRpc({
    name: 'UpdateIpset',
    access: ipsetsClaim,
    schema: updateIpsetSchema,
    patch: { view: 'MyIpsets', key: 'ipset' },
    audit: true,
    auditTarget: (b) => [ipset(b.p_ipset), ...(b.name !== undefined ? [`→ "${b.name}"`] : [])],
    handler: (ctx, b) => sets.updateIpset(ctx, b.p_ipset, b.name, b.comment),
  }),
  defineRpc({
    name: 'DeleteIpset',
    access: ipsetsClaim,
    schema: ipsetRefSchema,
    audit: true,
    auditTarget: (b) => ipset(b.p_ipset),
    handler: (ctx, b) => sets.deleteIpset(ctx, b.p_ipset),
  }),
  defineRpc({
    name: 'GetIPsFromIpset',
    access: ipsetsClaim,
    schema: ipsetRefSchema,
    handler: (ctx, b) => sets.ipsOf(ctx, b.p_ipset),
  }),
  defineRpc({
    name: 'AddIPsToIpsets',
    access: ipsetsClaim,
    schema: addIpsToIpsetSchema,
    audit: true,
    auditTarget: (b, r) => [ipset(b.p_ipset), `+${answer<{ added: number }>(r).added ?? '?'} IPs`],
    handler: (ctx, b) => sets.addIps(ctx, b.p_ipset, b.p_ips),
  }),
  defineRpc({
    name: 'DeleteIpFromIpset',
    access: ipsetsClaim,
    schema: deleteIpFromIpsetSchema,
    audit: true,
    auditTarget: (b) => [ipset(b.p_ipset), `−${b.p_ips.slice(0, 5).join(', ')}${b.p_ips.length > 5 ? ', …' : ''}`],
    handler: (ctx, b) => sets.deleteIps(ctx, b.p_ipset, b.p_ips),
  }),
  defineRpc({
    name: 'AddIpsetToVMs',
    access: ipsetsClaim,
    schema: ipsetVmsSchema,
    audit: true,
    auditTarget: (b) => [ipset(b.p_ipset), '→', ...targets('server', b.p_provisioned_ids)],
    handler: (ctx, b) => sets.attachIpset(ctx, b.p_ipset, b.p_provisioned_ids),
  }),
  defineRpc({
    name: 'DeleteIpsetFromVMs',
    access: ipsetsClaim,
    schema: ipsetVmsSchema,
    audit: true,
    auditTarget: (b) => [ipset(b.p_ipset), '←', ...targets('server', b.p_provisioned_ids)],
    handler: (ctx, b) => sets.detachIpset(ctx, b.p_ipset, b.p_provisioned_ids),
  }),
  defineRpc({
    name: 'MyIPAdd',
    access: ipManagement,
    schema: myIpAddSchema,
    audit: true,
    auditTarget: (b) => target('IP address', null, b.p_address),
    handler: (ctx, b) => myIps.addMyIp(ctx, b.p_address, b.p_comment),
  }),
  defineRpc({
    name: 'IPDelete',
    access: ipManagement,
    schema: ipDeleteSchema,
    audit: true,
    auditTarget: (b) => target('IP address', b.p_id),
    handler: (ctx, b) => myIps.deleteMyIp(ctx, b.p_id),
  }),
  defineRpc({
    name: 'SetReverseDns',
    access: ipManagement,
    schema: setReverseDnsSchema,
    audit: true,
    auditTarget: (b) => [target('IP address', null, b.p_address), `→ ${b.p_hostname || 'default'}`],
    handler: (ctx, b) => setReverseDns(ctx, b.p_address, b.p_hostname),
  }),
  defineRpc({
    name: 'AddPortForwarding',
    access: firewallClaim,
    schema: addPortForwardingSchema,
    audit: true,
    auditTarget: (b, r) => [
      server(b.p_provisioned_id),
      `${answer<{ gateway: string }>(r).gateway ?? 'gateway'}:${answer<{ external_port: number }>(r).external_port ?? b.p_external_port ?? '?'}/${b.p_protocol} → ${b.p_internal_port}`,
    ],
    handler: (ctx, b) => forwards.addPortForwarding(ctx, b),
  }),
  defineRpc({
    name: 'DelPortForwarding',
    access: firewallClaim,
    schema: delPortForwardingSchema,
    audit: true,
    auditTarget: (b) => target('port forward', b.p_id),
    handler: (ctx, b) => forwards.delPortForwarding(ctx, b.p_id),
  }),
  defineRpc({
    name: 'MyDomainAdd',
    access: domainsClaim,
    schema: myDomainAddSchema,
    audit: true,
    auditTarget: (b, r) => [target('domain', answer<{ id: number }>(r).id ?? null, b.p_domain), '→', server(b.p_provisioned_id)],
    handler: (ctx, b) => domains.addDomain(ctx, b.p_domain, b.p_provisioned_id),
  }),
  defineRpc({
    name: 'MyDomainEdit',
    access: domainsClaim,
    schema: myDomainEditSchema,
    audit: true,
    auditTarget: (b) => [target('domain', b.p_id), '→', server(b.p_provisioned_id)],
    handler: (ctx, b) => domains.editDomain(ctx, b.p_id, b.p_provisioned_id),
  }),
  defineRpc({
    name: 'MyDomainVerify',
    access: domainsClaim,
    schema: myDomainRefSchema,
    audit: true,
    auditTarget: (b) => target('domain', b.p_id),
    handler: (ctx, b) => domains.verifyDomain(ctx, b.p_id),
  }),
  defineRpc({
    name: 'MyDomainDelete',
    access: domainsClaim,
    schema: myDomainRefSchema,
    audit: true,
    auditTarget: (b) => target('domain', b.p_id),
    handler: (ctx, b) => domains.deleteDomain(ctx, b.p_id),
  }),
];
