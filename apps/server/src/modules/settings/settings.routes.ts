import {
  accountDeleteSchema,
  profileUpdateBillingAddressSchema,
  profileUpdateTimeoutSchema,
  profileUpdateTimezoneSchema,
  resetPasswordSchema,
} from '@portside/contract/schemas/settings';
import { z } from 'zod';
import { claim, customer, owner } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { deleteAccount } from './account-deletion.service.js';
import * as settings from './settings.service.js';
import { target } from '../audit/audit-target.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

// Reads (MyLogoutTime) and token renewals (RefreshToken) change nothing and are not logged:
// a renewal every few minutes per open tab would bury the account's real actions in MyLogs.
const noBody = z.object({});

export const settingsRpcs: AnyRpc[] = [
  defineRpc({ name: 'MyLogoutTime', access: customer, schema: noBody, handler: (ctx) => settings.logoutTime(ctx) }),
  defineRpc({ name: 'RefreshToken', access: customer, schema: noBody, handler: (ctx) => settings.refreshToken(ctx) }),
  defineRpc({
    name: 'ResetPassword',
    access: customer,
    schema: resetPasswordSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => target('user', null, caller.email),
    handler: (ctx, b) => settings.changePassword(ctx, b),
  }),
  defineRpc({
    name: 'ProfileUpdateTimeout',
    access: customer,
    schema: profileUpdateTimeoutSchema,
    audit: true,
    auditTarget: (b) => `account logout time → ${b.p_minutes} min`,
    handler: (ctx, b) => settings.updateTimeout(ctx, b.p_minutes),
  }),
  defineRpc({
    name: 'ProfileUpdateTimezone',
    access: customer,
    schema: profileUpdateTimezoneSchema,
    audit: true,
    auditTarget: (b) => `account timezone → ${b.p_timezone}`,
    handler: (ctx, b) => settings.updateTimezone(ctx, b.p_timezone),
  }),
  defineRpc({
    name: 'ProfileUpdateBillingAddress',
    access: manageBilling,
    schema: profileUpdateBillingAddressSchema,
    audit: true,
    auditTarget: () => 'account billing address',
    handler: (ctx, b) => settings.updateBillingAddress(ctx, b),
  }),
  defineRpc({
    name: 'AccountDelete',
    access: owner,
    schema: accountDeleteSchema,
    audit: true,
    auditTarget: () => 'account',
    handler: (ctx) => deleteAccount(ctx),
  }),
];
