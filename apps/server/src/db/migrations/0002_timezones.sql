-- Up Migration

-- The IANA zone names, copied once: reading pg_timezone_names parses the zone files on every call.
-- Offsets are still computed per request, so daylight saving time is always current.
CREATE TABLE timezones (name text PRIMARY KEY);
INSERT INTO timezones (name)
  SELECT name FROM pg_timezone_names WHERE name !~ '^(posix|Etc/|SystemV|right/)' AND name ~ '/' OR name = 'UTC';
GRANT SELECT ON timezones TO portside_app;

-- Down Migration
DROP TABLE timezones;
