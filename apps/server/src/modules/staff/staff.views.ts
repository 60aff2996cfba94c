/**
 * The staff's reads of issue 18 (spec 1 §2 'Staff and admin'): the status messages' history
 * (/statuses), the addresses the rate limiter has banned (/unban-ip) and the Problems (/problems).
 * All run in the system scope: they are the provider's, or every account's.
 */
import { bannedAddressRow, problemRow, statusHistoryRow } from '@portside/contract/schemas/staff';
import { claim, role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';
import { bannedSql } from './bans.repository.js';
import { PROBLEMS_SQL } from './problems.repository.js';
import { ratePolicies } from './rate-policies.js';
import { STATUS_HISTORY_SQL } from './staff.repository.js';

const staff = role('staff');

export const staffViews: ViewDef[] = [
  defineView({
    name: 'InternalStatusHistory',
    access: staff,
    row: statusHistoryRow,
    system: true,
    source: STATUS_HISTORY_SQL,
    order: 'created_at.desc,id.desc',
  }),
  defineView({
    name: 'BannedIPs',
    access: staff,
    row: bannedAddressRow,
    system: true,
    // The limits are the configured ones (RATE_LIMIT_PER_IP, RATE_LIMIT_WINDOW_SECONDS).
    source: (config) => bannedSql(ratePolicies(config)),
    order: 'last_at.desc,ip.asc,kind.asc',
  }),
  defineView({
    name: 'Problems',
    // The sidebar's Problems entry (spec 1 §2): an operator claim, held by staff only.
    access: claim('menu-see-problems'),
    row: problemRow,
    system: true,
    source: PROBLEMS_SQL,
    order: 'at.desc.nullslast,kind.asc,key.asc',
  }),
];
