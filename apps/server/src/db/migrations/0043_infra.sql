-- Up Migration

-- The staff's infrastructure page (issue 18, /infrastructure): staff see where each BMC and router
-- is reached and with which user, as they see a cluster's API address already. Only the staff views
-- InfraBmcs and InfraRouters (role staff) read these columns; no customer view names them, and the
-- sealed passwords stay readable by the owner connection alone.
GRANT SELECT (address) ON bmcs TO portside_app;
GRANT SELECT (address, username) ON routers TO portside_app;
-- Staff remove a registration nothing uses any more (RemoveCluster, RemoveBmc, RemoveRouter); the
-- foreign keys of servers, orders and dedicated servers keep one that is used.
GRANT DELETE ON clusters, bmcs, routers TO portside_app;

-- Down Migration

REVOKE DELETE ON clusters, bmcs, routers FROM portside_app;
REVOKE SELECT (address, username) ON routers FROM portside_app;
REVOKE SELECT (address) ON bmcs FROM portside_app;
