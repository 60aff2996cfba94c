/**
 * The staff's reads of issue 18 (spec 1 §2 'Staff and admin'): the status messages' history
 * (/statuses) and the addresses the rate limiter has banned (/unban-ip). Both run in the system
 * scope: they are the provider's, no account's.
 */
import { bannedAddressRow, statusHistoryRow } from '@portside/contract/schemas/staff';
import { role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';
import { bannedSql } from './bans.repository.js';
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
];
