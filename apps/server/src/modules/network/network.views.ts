/**
 * The network reads (issue 15; spec 2 §7): MyFirewallRules, MyIpsets, ClientIpsetsVms, MyIPs,
 * MySystemIPs, GetPortForwardings and MyDomains. Rows are the contract's (schemas/network.ts);
 * claims as the sidebar names them (spec 1 §2), the firewall and port forwarding under
 * vm-settings-firewall.
 */
import {
  domainRow,
  firewallRuleRow,
  ipsetRow,
  ipsetVmRow,
  myIpRow,
  portForwardRow,
  systemIpRow,
} from '@portside/contract/schemas/network';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';
import { IPSET_ROW_SQL } from './ipsets.repository.js';
import { MY_IP_ROW_SQL } from './my-ips.repository.js';

const firewall = claim('vm-settings-firewall');
const ipsets = claim('menu-see-ipsets');
const ipManagement = claim('menu-see-ip-management');
const domains = claim('menu-see-custom-domains');

export const networkViews: ViewDef[] = [
  defineView({
    name: 'MyFirewallRules',
    access: firewall,
    row: firewallRuleRow,
    source: `SELECT r.id::int AS id, r.provisioned_id::int AS provisioned_id, r.pos, r.source, r.source_ipset_id::int AS source_ipset,
        s.name AS source_ipset_name, r.sport, r.dport, r.proto, r.action, r.comment,
        (v.firewall_applied_revision >= v.firewall_revision) AS applied, r.created_at
      FROM firewall_rules r JOIN vms v ON v.provisioned_id = r.provisioned_id
      LEFT JOIN ipsets s ON s.id = r.source_ipset_id
      WHERE r.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'provisioned_id.asc,pos.asc',
  }),
  defineView({
    name: 'MyIpsets',
    access: ipsets,
    row: ipsetRow,
    source: `${IPSET_ROW_SQL} WHERE s.client_id = portside_client()`,
    order: 'name.asc',
  }),
  defineView({
    name: 'ClientIpsetsVms',
    access: ipsets,
    row: ipsetVmRow,
    source: `SELECT a.ipset_id::int AS ipset, s.name AS ipset_name, a.provisioned_id::int AS provisioned_id, v.name AS server_name,
        a.created_at
      FROM ipset_vms a JOIN ipsets s ON s.id = a.ipset_id JOIN vms v ON v.provisioned_id = a.provisioned_id
      WHERE a.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'ipset_name.asc,server_name.asc',
  }),
  defineView({
    name: 'MyIPs',
    access: ipManagement,
    row: myIpRow,
    source: `${MY_IP_ROW_SQL} WHERE m.client_id = portside_client()`,
    order: 'created_at.desc,id.desc',
  }),
  defineView({
    name: 'MySystemIPs',
    access: ipManagement,
    row: systemIpRow,
    source: `SELECT host(a.address) AS address, family(a.address) AS family, v.provisioned_id::int AS provisioned_id,
        v.name AS server_name, c.location_id AS location, r.hostname AS ptr,
        portside_ptr_default(a.address, l.id, l.ptr_domain) AS ptr_default, coalesce(r.state, 'ok') AS ptr_state
      FROM vms v JOIN clusters c ON c.id = v.cluster_id JOIN hosting_locations l ON l.id = c.location_id
      CROSS JOIN LATERAL (VALUES (v.ipv4), (v.ipv6)) a(address)
      LEFT JOIN reverse_dns r ON r.provisioned_id = v.provisioned_id AND r.address = a.address
      WHERE a.address IS NOT NULL AND v.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'server_name.asc,family.asc',
  }),
  defineView({
    name: 'GetPortForwardings',
    access: firewall,
    row: portForwardRow,
    source: `SELECT f.id::int AS id, f.provisioned_id::int AS provisioned_id, v.name AS server_name, host(f.gateway) AS gateway,
        f.external_port, coalesce(host(v.private_ipv4), '') AS internal_address, f.internal_port, f.protocol, f.comment, f.state, f.created_at
      FROM port_forwards f JOIN vms v ON v.provisioned_id = f.provisioned_id
      WHERE f.client_id = portside_client() AND v.state <> 'deleted'`,
    order: 'server_name.asc,external_port.asc',
  }),
  defineView({
    name: 'MyDomains',
    access: domains,
    row: domainRow,
    source: `SELECT d.id::int AS id, d.domain, d.provisioned_id::int AS provisioned_id, v.name AS server_name,
        host(v.ipv4) AS server_ipv4, host(v.ipv6) AS server_ipv6, d.verified_at IS NOT NULL AS verified, d.verified_at,
        d.checked_at, '_portside-challenge.' || d.domain AS challenge_name, 'portside-verification=' || d.token AS challenge_value,
        d.created_at
      FROM custom_domains d JOIN vms v ON v.provisioned_id = d.provisioned_id
      WHERE d.client_id = portside_client()`,
    order: 'domain.asc',
  }),
];
