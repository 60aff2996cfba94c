/** Reference data rows (GET /api/HostingLocations, public; GET /api/Timezones). */
import { z } from '../zod';

/** One row of GET /api/HostingLocations: kept in the session state as hostingLocationGlobal. */
export const hostingLocationRow = z.object({
  /** The location's id (what orders and prices name). */
  id: z.string(),
  name: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2. */
  country_code: z.string(),
  /** Whether the location's price carries an electricity surcharge notice. */
  electricity_warning: z.boolean(),
  /** Position in lists. */
  sort: z.int(),
});
export type HostingLocation = z.infer<typeof hostingLocationRow>;

/** One row of GET /api/Timezones: an IANA time zone with its offset now. */
export const timezoneRow = z.object({
  /** IANA name, e.g. Europe/Lisbon. */
  name: z.string(),
  /** The offset from UTC now, '+HH:MM' or '-HH:MM'. */
  utc_offset: z.string(),
});
export type TimezoneRow = z.infer<typeof timezoneRow>;
