/**
 * My services (spec 2 §7): GET MyServices and ServiceCatalogue; the rpcs AddClientService,
 * MyServiceDelete (cancel on a chosen date, move it, withdraw it), MyServiceComment and
 * MyServicesHistory. Access: menu-see-my-services (the sidebar's My services claim, spec 1 §2);
 * adding and cancelling are for the account owner (services.service.ts). The Services history
 * entry of the sidebar shows with menu-see-users; its page checks menu-see-my-services first.
 */
import {
  addClientServiceSchema,
  myServiceCommentSchema,
  myServiceDeleteSchema,
  myServicesHistorySchema,
} from '@portside/contract/schemas/services';
import { claim, owner } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as services from './services.service.js';
import { answerField, target } from '../audit/audit-target.js';

/** Seeing the services, commenting them and reading their history; adding and cancelling change the contract, so the owner's. */
const seeServices = claim('menu-see-my-services');

export const servicesRpcs: AnyRpc[] = [
  defineRpc({
    name: 'AddClientService',
    access: owner,
    schema: addClientServiceSchema,
    audit: true,
    auditTarget: (b, r) => [
      target('service', answerField(r, 'equipment_id'), b.p_product),
      ...(b.p_parent_equipment_id ? ['on', target('service', b.p_parent_equipment_id)] : []),
    ],
    handler: (ctx, b) => services.addService(ctx, b),
  }),
  defineRpc({
    name: 'MyServiceDelete',
    access: owner,
    schema: myServiceDeleteSchema,
    audit: true,
    auditTarget: (b) => [target('service', b.p_equipment_id), `→ ${b.p_end_date ?? 'withdrawn'}`],
    handler: (ctx, b) => services.cancelService(ctx, b.p_equipment_id, b.p_end_date),
  }),
  defineRpc({
    name: 'MyServiceComment',
    access: seeServices,
    schema: myServiceCommentSchema,
    audit: true,
    auditTarget: (b) => target('service', b.p_equipment_id),
    handler: (ctx, b) => services.commentService(ctx, b.p_equipment_id, b.p_comment),
  }),
  defineRpc({
    name: 'MyServicesHistory',
    access: seeServices,
    schema: myServicesHistorySchema,
    handler: (ctx, b) => services.serviceHistory(ctx, b),
  }),
];
