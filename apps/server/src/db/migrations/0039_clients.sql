-- Up Migration

-- The staff's customer screens (issue 18): ServerUpdateClient moves a dedicated server's service
-- (and its addresses' services) to another account.
GRANT UPDATE (client_id) ON services TO portside_app;

-- Down Migration
REVOKE UPDATE (client_id) ON services FROM portside_app;
