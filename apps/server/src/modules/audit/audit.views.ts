/**
 * GET /api/MyLogs (spec 2 §7): the account's audit log, newest first, with the PostgREST filters
 * and paging. Reading needs logs-see; the sidebar shows the Logs group with menu-see-users (spec 1
 * §2), so the page checks logs-see before it asks. There is no call that changes or deletes an
 * entry, and the application role has no UPDATE or DELETE on audit_log. Row: the contract's myLogRow.
 */
import { myLogRow } from '@portside/contract/schemas/logs';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** GET /api/MyLogs: the caller's account's log (row-level security limits it to the account). */
const MY_LOGS_SQL = `SELECT id, created_at, actor_email, action, target, result, ip FROM audit_log`;

export const auditViews: ViewDef[] = [
  defineView({
    name: 'MyLogs',
    access: claim('logs-see'),
    row: myLogRow,
    source: MY_LOGS_SQL,
    order: 'created_at.desc,id.desc',
  }),
];
