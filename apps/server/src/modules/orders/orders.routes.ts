/**
 * Ordering (issue 5): CreateOrder. Any user of a verified account may order (the spec names no
 * claim for New Order); a sub-user's order is the account's.
 */
import { createOrderSchema } from '@portside/contract/schemas/orders';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { createOrder } from './orders.service.js';
import { answerField, target } from '../audit/audit-target.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

export const ordersRpcs: AnyRpc[] = [
  defineRpc({
    name: 'CreateOrder',
    access: manageBilling,
    schema: createOrderSchema,
    audit: true,
    auditTarget: (b, r) => [
      target('order', answerField(r, 'order_id')),
      `(${b.p_items.reduce((n, l) => n + l.quantity, 0)} server(s), ${b.p_payment_method})`,
    ],
    handler: (ctx, b) => createOrder(ctx, b),
  }),
];
