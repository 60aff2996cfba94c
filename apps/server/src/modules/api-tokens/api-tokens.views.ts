/** GET /api/MyApiTokens (issue 19). Row: the contract's myApiTokenRow. */
import { myApiTokenRow } from '@portside/contract/schemas/api-tokens';
import { customer } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/**
 * The tokens the caller may see, in their tenant context: row-level security lets the owner read
 * every token of the account and a sub-user only their own (migration 0046). Never the hash.
 */
const MY_API_TOKENS_SQL = `
  SELECT t.id, t.name, t.prefix, t.scopes, t.expires_at, t.created_at, t.last_used_at, t.last_used_ip,
         t.revoked_at, t.user_id, u.email AS user_email
    FROM api_tokens t JOIN users u ON u.id = t.user_id`;

/** GET /api/MyApiTokens: newest first. Not readable with a token (no token area). */
export const apiTokensViews: ViewDef[] = [
  defineView({
    name: 'MyApiTokens',
    access: customer,
    row: myApiTokenRow,
    source: MY_API_TOKENS_SQL,
    order: 'created_at.desc',
  }),
];
