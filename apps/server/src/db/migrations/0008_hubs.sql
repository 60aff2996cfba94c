-- Up Migration

-- Live updates (DESIGN §1, spec 2 §7 'Websocket'): workers write a message row and NOTIFY
-- 'portside_hub' with its id; every api instance LISTENs and pushes the row to the websocket
-- connections registered for that account and kind on the payment and service host.

-- The secret in the salt of the notification hashes (DESIGN §3). It is per user, not per account:
-- MyProfile hands it only to that logged-in user, and a blocked or deleted user's secret is of no
-- use, because the e-mail of the hash must be a live user's. 64 hex digits from two random UUIDs
-- (gen_random_uuid draws from the server's strong random source; no extension needed). A volatile
-- default gives every existing row its own value.
ALTER TABLE users
  ADD COLUMN notification_secret text NOT NULL
    DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    CHECK (length(notification_secret) >= 32);

CREATE TABLE hub_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  provisioned_id bigint,
  payload jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The recent terminal messages of an account, newest first.
CREATE INDEX hub_messages_client_kind_idx ON hub_messages (client_id, kind, id DESC);
CREATE INDEX hub_messages_created_idx ON hub_messages (created_at);

-- Which websocket connection (handed out by one api instance) receives which account's messages of
-- which kind. instance_id names the instance holding the socket when the registering call landed
-- there (informative: every instance checks its own sockets against this table).
CREATE TABLE hub_connections (
  connection_id text PRIMARY KEY CHECK (connection_id ~ '^[0-9a-f]{32}$'),
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  destination text NOT NULL,
  instance_id text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  deactivated_at timestamptz,
  CONSTRAINT hub_connections_deactivated CHECK (active = (deactivated_at IS NULL))
);
CREATE INDEX hub_connections_client_idx ON hub_connections (client_id, kind) WHERE active;

ALTER TABLE hub_messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON hub_messages USING (client_id = portside_client() OR portside_system());
ALTER TABLE hub_connections ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON hub_connections USING (client_id = portside_client() OR portside_system());

-- Messages are written once; DELETE serves retention and account deletion.
GRANT SELECT, INSERT, DELETE ON hub_messages TO portside_app;
GRANT USAGE, SELECT ON SEQUENCE hub_messages_id_seq TO portside_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON hub_connections TO portside_app;

-- Down Migration
DROP TABLE hub_connections, hub_messages;
ALTER TABLE users DROP COLUMN notification_secret;
