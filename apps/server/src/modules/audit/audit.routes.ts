import { claim, type ViewDef } from '../../http/access.js';
import { MY_LOGS_SQL } from './audit.repository.js';

/**
 * GET /api/MyLogs (spec 2 §7): the account's audit log, newest first, with the PostgREST filters
 * and paging. Reading needs logs-see; the sidebar shows the Logs group with menu-see-users (spec 1
 * §2), so the page checks logs-see before it asks. There is no call that changes or deletes an
 * entry, and the application role has no UPDATE or DELETE on audit_log.
 */
export const auditViews: ViewDef[] = [
  {
    name: 'MyLogs',
    access: claim('logs-see'),
    columns: {
      id: 'int',
      created_at: 'timestamptz',
      actor_email: 'text',
      action: 'text',
      target: 'text',
      result: 'text',
      ip: 'text',
    },
    source: MY_LOGS_SQL,
    order: 'created_at.desc,id.desc',
  },
];
