/** Rows: the contract's schemas/reference. */
import { hostingLocationRow, timezoneRow } from '@portside/contract/schemas/reference';
import { customer, publicAccess } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/** Reference data: hosting locations (public, shown when ordering) and time zones. */
export const referenceViews: ViewDef[] = [
  defineView({
    name: 'HostingLocations',
    access: publicAccess,
    system: true,
    row: hostingLocationRow,
    source: `SELECT id, name, country, country_code, electricity_warning, sort FROM hosting_locations`,
    order: 'sort',
  }),
  defineView({
    name: 'Timezones',
    access: customer,
    system: true,
    row: timezoneRow,
    source: `SELECT name, CASE WHEN o < interval '0' THEN '-' ELSE '+' END || to_char(abs(extract(epoch FROM o))::int / 3600, 'FM00')
               || ':' || to_char((abs(extract(epoch FROM o))::int % 3600) / 60, 'FM00') AS utc_offset
               FROM (SELECT name, (now() AT TIME ZONE name) - (now() AT TIME ZONE 'UTC') AS o FROM timezones) z`,
    order: 'name',
  }),
];
