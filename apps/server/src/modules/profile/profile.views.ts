/**
 * The caller's profile reads (spec 2 §7): GET MyProfile (one row, the client session state) and
 * MyClaims. Rows: the contract's profileRow and myClaimRow.
 */
import { CUSTOMER_CLAIMS } from '@portside/contract/constants';
import { myClaimRow, profileRow } from '@portside/contract/schemas/profile';
import { claim, customer } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

// Claims are constants of the contract (never user input), so they can be inlined as a literal.
const OWNER_CLAIMS = `ARRAY[${CUSTOMER_CLAIMS.map((c) => `'${c}'`).join(',')}]::text[]`;

/** The claims a user holds: an owner holds every customer claim plus any granted to them. */
const CLAIMS_SQL = `(SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(
    CASE WHEN u.is_owner THEN ${OWNER_CLAIMS} ELSE '{}'::text[] END
    || ARRAY(SELECT claim FROM user_claims uc WHERE uc.user_id = u.id)) AS x)`;

export const profileViews: ViewDef[] = [
  defineView({
    name: 'MyProfile',
    access: customer,
    row: profileRow,
    source: `SELECT u.id, c.id AS client, u.email, u.first_name, u.last_name, c.company_name, c.address, c.address2,
        c.city, c.country, c.phone_prefix, c.phone_number, c.state, c.postcode, c.vat_number, c.language, c.timezone,
        c.logout_after_minutes, c.invoice_ninja_client_link, to_jsonb(u.roles) AS pg_roles,
        to_jsonb(${CLAIMS_SQL}) AS claims, c.prox_sync_success, u.is_owner, c.verification_status,
        CASE WHEN v.code IS NULL THEN NULL
             ELSE jsonb_build_object('voucher', v.code, 'notes', v.notes, 'valid_to', v.valid_to) END AS voucher,
        u.notification_secret
      FROM users u JOIN clients c ON c.id = u.client_id LEFT JOIN vouchers v ON v.code = c.voucher_code
     WHERE u.id = portside_user()`,
  }),
  defineView({
    // The claims the caller can grant to sub-users: every customer claim for the owner, none for a
    // sub-user (only the owner changes claims). The caller's own claims are in MyProfile.claims.
    name: 'MyClaims',
    access: claim('menu-see-users'),
    row: myClaimRow,
    source: `SELECT x AS claim FROM users u, unnest(${OWNER_CLAIMS}) AS x WHERE u.id = portside_user() AND u.is_owner`,
    order: 'claim',
  }),
];
