import {
  addMyUserSchema,
  profilesSetPasswordSchema,
  updateMyUserSchema,
  userClaimsSchema,
  userRefSchema,
} from '@portside/contract/schemas/users';
import { claim, defineRpc, type RpcDef, type ViewDef } from '../../http/access.js';
import { MY_USERS_SQL } from './users.repository.js';
import * as users from './users.service.js';
import { answerField, target } from '../audit/audit-target.js';

const USERS = claim('menu-see-users');

/** GET /api/MyUsers: the users of the caller's account (menu-see-users). */
export const usersViews: ViewDef[] = [
  {
    name: 'MyUsers',
    access: USERS,
    columns: {
      id: 'uuid',
      email: 'text',
      username: 'text',
      first_name: 'text',
      last_name: 'text',
      blocked: 'bool',
      is_owner: 'bool',
      confirmed: 'bool',
      claims: 'json',
      created_at: 'timestamptz',
      client: 'uuid',
    },
    source: MY_USERS_SQL,
    order: 'is_owner.desc,email',
  },
];

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
