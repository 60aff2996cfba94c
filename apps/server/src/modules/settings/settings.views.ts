/** GET /api/MyLogoutTime (spec 2 §7 Account): the account's inactivity logout. Row: the contract's logoutTimeRow. */
import { logoutTimeRow } from '@portside/contract/schemas/settings';
import { customer } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** The account settings behind /profile and /settings (spec 2 §7 Account). */
export const settingsViews: ViewDef[] = [
  defineView({
    name: 'MyLogoutTime',
    access: customer,
    row: logoutTimeRow,
    source: `SELECT logout_after_minutes FROM clients WHERE id = portside_client()`,
  }),
];
