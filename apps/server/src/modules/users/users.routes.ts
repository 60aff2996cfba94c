import {
  addMyUserSchema,
  profilesSetPasswordSchema,
  updateMyUserSchema,
  userClaimsSchema,
  userRefSchema,
} from '@portside/contract/schemas/users';
import { owner } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as users from './users.service.js';
import { answerField, target } from '../audit/audit-target.js';

/**
 * The user calls of spec 2 §7 'Users and claims': every one a change, so the owner's only (the
 * reads, MyUsers and MyClaims, are views for menu-see-users). The log names the user (its
 * username, the e-mail) as target.
 */
export const usersRpcs: AnyRpc[] = [
  defineRpc({
    name: 'AddMyUser',
    access: owner,
    schema: addMyUserSchema,
    audit: true,
    auditTarget: (b, r) => target('user', answerField(r, 'id'), b.p_email),
    handler: (ctx, b) => users.addUser(ctx, b),
  }),
  defineRpc({
    name: 'UpdateMyUser',
    access: owner,
    schema: updateMyUserSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.updateUser(ctx, b.p_user, b.p_first_name, b.p_last_name),
  }),
  defineRpc({
    name: 'UserBlockToggle',
    access: owner,
    schema: userRefSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.toggleBlock(ctx, b.p_user),
  }),
  defineRpc({
    name: 'MyUserDelete',
    access: owner,
    schema: userRefSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.deleteUser(ctx, b.p_user),
  }),
  defineRpc({
    name: 'ProfilesSetPassword',
    access: owner,
    schema: profilesSetPasswordSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.setPassword(ctx, b.p_user, b.p_password),
  }),
  defineRpc({
    name: 'GrantClaimsToMyUser',
    access: owner,
    schema: userClaimsSchema,
    audit: true,
    auditTarget: (b) => [target('user', null, b.p_user), `(${b.p_claims.join(', ')})`],
    handler: (ctx, b) => users.changeClaims(ctx, b.p_user, b.p_claims, true),
  }),
  defineRpc({
    name: 'RevokeClaimsFromMyUser',
    access: owner,
    schema: userClaimsSchema,
    audit: true,
    auditTarget: (b) => [target('user', null, b.p_user), `(${b.p_claims.join(', ')})`],
    handler: (ctx, b) => users.changeClaims(ctx, b.p_user, b.p_claims, false),
  }),
];
