/**
 * GET /api/MyUsers (spec 2 §7 Users and claims): the users of the caller's account with their
 * claims. Row: the contract's myUserRow.
 */
import { CUSTOMER_CLAIMS } from '@portside/contract/constants';
import { myUserRow } from '@portside/contract/schemas/users';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

// Claims are constants of the contract (never user input), so they can be inlined as a literal.
const OWNER_CLAIMS = `ARRAY[${CUSTOMER_CLAIMS.map((c) => `'${c}'`).join(',')}]::text[]`;

/** The claims user `u` holds: an owner holds every customer claim plus any granted to them. */
const claimsOf = (u: string) => `(SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(
    CASE WHEN ${u}.is_owner THEN ${OWNER_CLAIMS} ELSE '{}'::text[] END
    || ARRAY(SELECT claim FROM user_claims uc WHERE uc.user_id = ${u}.id)) AS x)`;

/** Whether the caller holds pg-see-client (an operator claim: only ever granted, never implied). */
const CALLER_SEES_CLIENTS = `EXISTS (SELECT 1 FROM user_claims me WHERE me.user_id = portside_user() AND me.claim = 'pg-see-client')`;

/**
 * GET /api/MyUsers: every user of the caller's account (row-level security limits it). The client
 * column is filled only for callers allowed to see clients (spec 1 §6 'Client column rule').
 */
const MY_USERS_SQL = `SELECT u.id, u.email, lower(u.email) AS username, u.first_name, u.last_name, u.blocked, u.is_owner,
    u.email_confirmed_at IS NOT NULL AS confirmed, to_jsonb(${claimsOf('u')}) AS claims, u.created_at,
    CASE WHEN ${CALLER_SEES_CLIENTS} THEN u.client_id END AS client
  FROM users u`;

/** GET /api/MyUsers: the users of the caller's account (menu-see-users). */
export const usersViews: ViewDef[] = [
  defineView({
    name: 'MyUsers',
    access: claim('menu-see-users'),
    row: myUserRow,
    source: MY_USERS_SQL,
    order: 'is_owner.desc,email',
  }),
];
