/**
 * The router admin calls (issue 18; spec 2 §7 'Router admin'), each behind the claim of the page
 * it is made from (spec 1 §2): rebuilding on /routers-subnets (menu-see-routers-subnets), the DHCP
 * and account changes on /routers-ips (menu-see-routers-ips); registering a router is staff's (API
 * only, as RegisterBmc). Every one is audited with its target.
 */
import {
  dhcpAssignSchema,
  dhcpCommentSchema,
  dhcpReleaseSchema,
  ipDeleteClientSchema,
  ipUpdateClientSchema,
  registerRouterSchema,
  routersRebuildSchema,
  switchConnectionDeleteSchema,
  switchConnectionSetSchema,
} from '@portside/contract/schemas/routers';
import { claim, role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import * as svc from './routers.service.js';
import { deleteSwitchConnection, setSwitchConnection } from './switches.service.js';

const subnets = claim('menu-see-routers-subnets');
const ips = claim('menu-see-routers-ips');
const ip = (address: string) => target('IP address', null, address);

export const routersRpcs: AnyRpc[] = [
  defineRpc({
    name: 'RoutersRebuildSubnets',
    access: subnets,
    schema: routersRebuildSchema,
    audit: true,
    auditTarget: (b) => (b.p_router === undefined ? 'all routers' : target('router', b.p_router)),
    handler: (ctx, b) => svc.rebuildSubnets(ctx, b),
  }),
  defineRpc({
    name: 'RoutersDHCPAssignMACToIP',
    access: ips,
    schema: dhcpAssignSchema,
    audit: true,
    auditTarget: (b) => [target('subnet', b.p_subnet), ip(b.p_ip), b.p_mac],
    handler: (ctx, b) => svc.assignMac(ctx, b),
  }),
  defineRpc({
    name: 'RoutersReleaseDHCPMac',
    access: ips,
    schema: dhcpReleaseSchema,
    audit: true,
    auditTarget: (b) => [target('subnet', b.p_subnet), b.p_mac],
    handler: (ctx, b) => svc.releaseMac(ctx, b),
  }),
  defineRpc({
    name: 'RoutersUpdateDHCPComment',
    access: ips,
    schema: dhcpCommentSchema,
    audit: true,
    auditTarget: (b) => [target('subnet', b.p_subnet), b.p_mac],
    handler: (ctx, b) => svc.updateComment(ctx, b),
  }),
  defineRpc({
    name: 'RouterIPsUpdateClient',
    access: ips,
    schema: ipUpdateClientSchema,
    audit: true,
    auditTarget: (b) => [ip(b.p_ip), target('account', b.p_client)],
    handler: (ctx, b) => svc.updateIpClient(ctx, b),
  }),
  defineRpc({
    name: 'RouterIPsDeleteClient',
    access: ips,
    schema: ipDeleteClientSchema,
    audit: true,
    auditTarget: (b) => ip(b.p_ip),
    handler: (ctx, b) => svc.deleteIpClient(ctx, b),
  }),
  defineRpc({
    name: 'RegisterRouter',
    access: role('staff'),
    schema: registerRouterSchema,
    audit: true,
    auditTarget: (b, r) => [target('router', answerField(r, 'id'), b.p_name), `(${b.p_driver})`],
    handler: (ctx, b) => svc.registerRouterCall(ctx, b),
  }),
  defineRpc({
    name: 'SwitchConnectionSet',
    access: role('staff'),
    schema: switchConnectionSetSchema,
    audit: true,
    auditTarget: (b) => [
      target('dedicated server', b.p_server, b.p_server),
      `${b.p_server_port} → switch ${b.p_switch} ${b.p_port}`,
    ],
    handler: (ctx, b) => setSwitchConnection(ctx, b),
  }),
  defineRpc({
    name: 'SwitchConnectionDelete',
    access: role('staff'),
    schema: switchConnectionDeleteSchema,
    audit: true,
    auditTarget: (b) => `switch ${b.p_switch} ${b.p_port}`,
    handler: (ctx, b) => deleteSwitchConnection(ctx, b),
  }),
];
