import { customer, publicAccess, type ViewDef } from '../../http/access.js';

/** Reference data: hosting locations (public, shown when ordering) and time zones. */
export const referenceViews: ViewDef[] = [
  {
    name: 'HostingLocations',
    access: publicAccess,
    system: true,
    columns: { id: 'text', name: 'text', country: 'text', country_code: 'text', electricity_warning: 'bool', sort: 'int' },
    source: `SELECT id, name, country, country_code, electricity_warning, sort FROM hosting_locations`,
    order: 'sort',
  },
  {
    name: 'Timezones',
    access: customer,
    system: true,
    columns: { name: 'text', utc_offset: 'text' },
    source: `SELECT name, CASE WHEN o < interval '0' THEN '-' ELSE '+' END || to_char(abs(extract(epoch FROM o))::int / 3600, 'FM00')
               || ':' || to_char((abs(extract(epoch FROM o))::int % 3600) / 60, 'FM00') AS utc_offset
               FROM (SELECT name, (now() AT TIME ZONE name) - (now() AT TIME ZONE 'UTC') AS o FROM timezones) z`,
    order: 'name',
  },
];
