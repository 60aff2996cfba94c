/**
 * The dedicated servers' reads (issue 17; spec 2 §7): MyDedicatedServers, ServerStats (the details
 * page; `serial=eq.{serial}`) and MyServerInstalls (beyond the spec's list: servers being installed).
 * Claim menu-see-dedicated-servers; row-level security keeps them to the caller's account.
 */
import { dedicatedServerRow, serverInstallRow, serverStatsRow } from '@portside/contract/schemas/dedicated';
import { claim } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';
import { DEDICATED_ROW_SQL, INSTALL_ROW_SQL, STATS_ROW_SQL } from './dedicated.repository.js';

const dedicated = claim('menu-see-dedicated-servers');

export const dedicatedViews: ViewDef[] = [
  defineView({
    name: 'MyDedicatedServers',
    access: dedicated,
    row: dedicatedServerRow,
    source: DEDICATED_ROW_SQL,
    order: 'hostname.asc',
  }),
  defineView({
    name: 'ServerStats',
    access: dedicated,
    row: serverStatsRow,
    source: STATS_ROW_SQL,
    order: 'hostname.asc',
    // /server-stats (issue 18): staff holding the claim read every account's servers, with the account's name.
    widerFor: 'menu-see-server-stats',
  }),
  defineView({
    name: 'MyServerInstalls',
    access: dedicated,
    row: serverInstallRow,
    source: INSTALL_ROW_SQL,
    order: 'ordered_at.desc',
  }),
];
