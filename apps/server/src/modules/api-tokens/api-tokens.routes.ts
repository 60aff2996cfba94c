/**
 * Personal API tokens (issue 19): ApiTokenCreate and ApiTokenRevoke, for every logged-in user of
 * an account (the owner also revokes sub-users' tokens). Both are audited — the log names the
 * token, never its secret — and neither has a token area: a token cannot create or revoke tokens.
 */
import { apiTokenCreateSchema, apiTokenRevokeSchema } from '@portside/contract/schemas/api-tokens';
import { customer } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import * as tokens from './api-tokens.service.js';

export const apiTokensRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ApiTokenCreate',
    access: customer,
    schema: apiTokenCreateSchema,
    audit: true,
    auditTarget: (b, r) => [target('API token', answerField(r, 'id'), b.p_name), `(${b.p_scopes.join(', ')})`],
    handler: (ctx, b) => tokens.createToken(ctx, { name: b.p_name, scopes: b.p_scopes, expiresDays: b.p_expires_days }),
  }),
  defineRpc({
    name: 'ApiTokenRevoke',
    access: customer,
    schema: apiTokenRevokeSchema,
    audit: true,
    auditTarget: (b, r) => target('API token', b.p_id, answerField(r, 'name') as string | undefined),
    handler: (ctx, b) => tokens.revokeToken(ctx, b.p_id),
  }),
];
