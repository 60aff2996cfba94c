import {
  addMyUserSchema,
  profilesSetPasswordSchema,
  updateMyUserSchema,
  userClaimsSchema,
  userRefSchema,
} from '@portside/contract/schemas/users';
import { claim, defineRpc, type RpcDef } from '../../http/access.js';
import * as users from './users.service.js';
import { answerField, target } from '../audit/audit-target.js';

const USERS = claim('menu-see-users');

/** The user calls of spec 2 §7 'Users and claims'; the log names the user (its username, the e-mail) as target. */
export const usersRpcs: RpcDef[] = [
  defineRpc({
    name: 'AddMyUser',
    access: USERS,
    schema: addMyUserSchema,
    audit: true,
    auditTarget: (b, r) => target('user', answerField(r, 'id'), b.p_email),
    handler: (ctx, b) => users.addUser(ctx, b),
  }),
  defineRpc({
    name: 'UpdateMyUser',
    access: USERS,
    schema: updateMyUserSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.updateUser(ctx, b.p_user, b.p_first_name, b.p_last_name),
  }),
  defineRpc({
    name: 'UserBlockToggle',
    access: USERS,
    schema: userRefSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.toggleBlock(ctx, b.p_user),
  }),
  defineRpc({
    name: 'MyUserDelete',
    access: USERS,
    schema: userRefSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.deleteUser(ctx, b.p_user),
  }),
  defineRpc({
    name: 'ProfilesSetPassword',
    access: USERS,
    schema: profilesSetPasswordSchema,
    audit: true,
    auditTarget: (b) => target('user', null, b.p_user),
    handler: (ctx, b) => users.setPassword(ctx, b.p_user, b.p_password),
  }),
  defineRpc({
    name: 'GrantClaimsToMyUser',
    access: USERS,
    schema: userClaimsSchema,
    audit: true,
    auditTarget: (b) => [target('user', null, b.p_user), `(${b.p_claims.join(', ')})`],
    handler: (ctx, b) => users.changeClaims(ctx, b.p_user, b.p_claims, true),
  }),
  defineRpc({
    name: 'RevokeClaimsFromMyUser',
    access: USERS,
    schema: userClaimsSchema,
    audit: true,
    auditTarget: (b) => [target('user', null, b.p_user), `(${b.p_claims.join(', ')})`],
    handler: (ctx, b) => users.changeClaims(ctx, b.p_user, b.p_claims, false),
  }),
];
