/** GET /api/MySessions (issue 9 §6): the caller's own open sessions. Row: the contract's mySessionRow. */
import { mySessionRow } from '@portside/contract/schemas/sessions';
import { customer } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/**
 * GET /api/MySessions, run in the caller's tenant context: the caller's own open sessions (not the
 * account's: a sub-user and the owner never see each other's), whose tokens have not all expired.
 * `current` marks the session of the token that asks (portside_session()).
 */
const MY_SESSIONS_SQL = `
  SELECT id, created_at, last_seen_at, ip, device, coalesce(id = portside_session(), false) AS current
    FROM sessions
   WHERE user_id = portside_user() AND ended_at IS NULL AND expires_at > now()`;

/** GET /api/MySessions: the caller's own open sessions, the most recently active first. */
export const sessionsViews: ViewDef[] = [
  defineView({
    name: 'MySessions',
    access: customer,
    row: mySessionRow,
    source: MY_SESSIONS_SQL,
    order: 'last_seen_at.desc,created_at.desc',
  }),
];
