/** GET /api/MyTwoFactor (issue 19): the caller's second factors and the account's rule, one row. */
import { myPasskeyRow, myTwoFactorRow } from '@portside/contract/schemas/two-factor';
import { customer } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const MY_TWO_FACTOR_SQL = `
  SELECT coalesce(t.confirmed_at IS NOT NULL, false) AS totp_enabled,
         t.confirmed_at AS totp_confirmed_at,
         (SELECT count(*)::int FROM user_recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS recovery_codes_left,
         c.require_two_factor AS required_by_account,
         u.is_owner
    FROM users u
    JOIN clients c ON c.id = u.client_id
    LEFT JOIN user_totp t ON t.user_id = u.id
   WHERE u.id = portside_user()`;

/** The caller's own passkeys (GET /api/MyPasskeys). */
const MY_PASSKEYS_SQL = `SELECT id::int AS id, name, created_at, last_used_at FROM webauthn_credentials WHERE user_id = portside_user()`;

export const twoFactorViews: ViewDef[] = [
  defineView({ name: 'MyTwoFactor', access: customer, row: myTwoFactorRow, source: MY_TWO_FACTOR_SQL }),
  defineView({ name: 'MyPasskeys', access: customer, row: myPasskeyRow, source: MY_PASSKEYS_SQL, order: 'created_at.desc' }),
];
