/**
 * The dedicated servers' calls (issue 17; spec 2 §7 'Dedicated servers'): a customer's power
 * functions, hostname, ILO password, IPMI access and key, additional addresses (claim
 * menu-see-dedicated-servers), and the staff's registration of BMCs, servers and installs (their
 * screens are issue 18's). Each mutating call is audited with the server it touched.
 */
import {
  clientSetWgPubkeySchema,
  dedicatedServerCreateSchema,
  ipmiGatewayTokenSchema,
  registerBmcSchema,
  serverInstallCreateSchema,
  serverInstallStepSchema,
  serverPowerActionSchema,
  serverSerialSchema,
  serversOrderIpSchema,
  serverUpdateHostnameSchema,
  serverUpdateIloPasswordSchema,
  serverUpdateIpmiAccessSchema,
  updateAdditionalIpCommentSchema,
} from '@portside/contract/schemas/dedicated';
import { claim, role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import * as svc from './dedicated.service.js';
import { serverPowerAction } from './dedicated-power.js';
import { createInstall, createServer, ipmiGatewayToken, moveInstall, registerBmcCall } from './dedicated-staff.js';

const dedicated = claim('menu-see-dedicated-servers');
const staff = role('staff');
const server = (serial: string | undefined) => target('dedicated server', serial ?? null, serial);

export const dedicatedRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ServerPowerAction',
    access: dedicated,
    schema: serverPowerActionSchema,
    audit: true,
    auditTarget: (b) => [server(b.p_serial), b.p_action],
    handler: (ctx, b) => serverPowerAction(ctx, b),
  }),
  defineRpc({
    name: 'ServerUpdateHostname',
    access: dedicated,
    schema: serverUpdateHostnameSchema,
    audit: true,
    auditTarget: (b) => [server(b.p_serial), b.p_hostname],
    handler: (ctx, b) => svc.updateHostname(ctx, b),
  }),
  defineRpc({
    name: 'ServerUpdateIloPassword',
    access: dedicated,
    schema: serverUpdateIloPasswordSchema,
    audit: true,
    auditTarget: (b) => server(b.p_serial),
    handler: (ctx, b) => svc.updateIloPassword(ctx, b),
  }),
  defineRpc({
    name: 'ServerUpdateIPMIAccess',
    access: dedicated,
    schema: serverUpdateIpmiAccessSchema,
    audit: true,
    auditTarget: (b) => [server(b.p_serial), b.p_enabled ? 'on' : 'off'],
    handler: (ctx, b) => svc.updateIpmiAccess(ctx, b),
  }),
  defineRpc({
    name: 'ClientSetWgPubkey',
    access: dedicated,
    schema: clientSetWgPubkeySchema,
    audit: true,
    auditTarget: (b) => server(b.p_serial),
    handler: (ctx, b) => svc.setWgPubkey(ctx, b),
  }),
  defineRpc({
    name: 'ServerAdditionalSubnets',
    access: dedicated,
    schema: serverSerialSchema,
    handler: (ctx, b) => svc.additionalSubnets(ctx, b),
  }),
  defineRpc({
    name: 'ServersOrderIP',
    access: dedicated,
    schema: serversOrderIpSchema,
    audit: true,
    auditTarget: (b, r) => [server(b.p_serial), String(answerField(r, 'address') ?? '')],
    handler: (ctx, b) => svc.orderIp(ctx, b),
  }),
  defineRpc({
    name: 'ServicesUpdateAdditionalIPComment',
    access: dedicated,
    schema: updateAdditionalIpCommentSchema,
    audit: true,
    auditTarget: (b) => target('service', b.p_equipment_id),
    handler: (ctx, b) => svc.updateIpComment(ctx, b),
  }),
  defineRpc({
    name: 'RegisterBmc',
    access: staff,
    schema: registerBmcSchema,
    audit: true,
    auditTarget: (b, r) => [target('management controller', answerField(r, 'id'), b.p_name), `(${b.p_driver})`],
    handler: (ctx, b) => registerBmcCall(ctx, b),
  }),
  defineRpc({
    name: 'DedicatedServerCreate',
    access: staff,
    schema: dedicatedServerCreateSchema,
    audit: true,
    auditTarget: (b) => server(b.p_serial),
    handler: (ctx, b) => createServer(ctx, b),
  }),
  defineRpc({
    name: 'ServerInstallCreate',
    access: staff,
    schema: serverInstallCreateSchema,
    audit: true,
    auditTarget: (b, r) => [server(String(answerField(r, 'serial') ?? '')), b.p_hostname],
    handler: (ctx, b) => createInstall(ctx, b),
  }),
  defineRpc({
    name: 'ServerInstallStep',
    access: staff,
    schema: serverInstallStepSchema,
    audit: true,
    auditTarget: (b) => [server(b.p_serial), b.p_step],
    handler: (ctx, b) => moveInstall(ctx, b),
  }),
  defineRpc({
    name: 'IpmiGatewayToken',
    access: staff,
    schema: ipmiGatewayTokenSchema,
    audit: true,
    auditTarget: (b) => `IPMI gateway ${b.p_location}`,
    handler: (ctx, b) => ipmiGatewayToken(ctx, b),
  }),
];
