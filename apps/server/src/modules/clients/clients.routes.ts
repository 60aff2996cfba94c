/**
 * The staff's customer and server calls (issue 18; spec 2 §7 ClientDelete, ProfilesDelete,
 * ServerUpdateClient, ServerUpdateTag). Role staff; each is audited in the caller's log with its
 * target, and clients.service.ts also writes the customers' own logs where a customer's data changed.
 */
import {
  clientDeleteSchema,
  profilesDeleteSchema,
  serverUpdateClientSchema,
  serverUpdateTagSchema,
} from '@portside/contract/schemas/clients';
import { role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import * as svc from './clients.service.js';

const staff = role('staff');

export const clientsRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ClientDelete',
    access: staff,
    schema: clientDeleteSchema,
    audit: true,
    auditTarget: (b, r) => [
      target('account', b.p_client),
      r === undefined ? '' : `(billing kept: ${String(answerField(r, 'billing_kept'))})`,
    ],
    handler: (ctx, b) => svc.deleteClient(ctx, b.p_client),
  }),
  defineRpc({
    name: 'ProfilesDelete',
    access: staff,
    schema: profilesDeleteSchema,
    audit: true,
    auditTarget: (b, r) => target('user', b.p_user, String(answerField(r, 'email') ?? '') || null),
    handler: (ctx, b) => svc.deleteProfile(ctx, b.p_user),
  }),
  defineRpc({
    name: 'ServerUpdateClient',
    access: staff,
    schema: serverUpdateClientSchema,
    audit: true,
    auditTarget: (b) => [target('dedicated server', b.p_serial), 'to', target('account', b.p_client)],
    handler: (ctx, b) => svc.updateServerClient(ctx, b),
  }),
  defineRpc({
    name: 'ServerUpdateTag',
    access: staff,
    schema: serverUpdateTagSchema,
    audit: true,
    auditTarget: (b) => [target('dedicated server', b.p_serial), b.p_tag ? `"${b.p_tag}"` : '(cleared)'],
    handler: (ctx, b) => svc.updateServerTag(ctx, b),
  }),
];
