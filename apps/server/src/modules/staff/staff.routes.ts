/**
 * The staff's actions of issue 18: UnbanAPIAccessIP (spec 2 §7 'Router admin'), audited with the
 * address as its target.
 */
import { unbanIpSchema } from '@portside/contract/schemas/staff';
import { role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { target } from '../audit/audit-target.js';
import { unbanAddress } from './staff.service.js';

export const staffRpcs: AnyRpc[] = [
  defineRpc({
    name: 'UnbanAPIAccessIP',
    access: role('staff'),
    schema: unbanIpSchema,
    audit: true,
    auditTarget: (b) => target('IP address', null, b.p_ip),
    handler: (ctx, b) => unbanAddress(ctx, b.p_ip),
  }),
];
