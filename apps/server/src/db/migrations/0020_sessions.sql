-- Up Migration

-- Server-side sessions (issue 9 §6 "Sessions end when the user leaves"): one row per login. Every
-- token carries its session's id (JWT claim sid) and is refused once the session has ended, so a
-- copied token stops working at logout instead of living out its lifetime. expires_at follows the
-- latest token issued for the session (login and renewals), so a session whose tokens have all
-- expired drops out of the list without anyone ending it.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text CHECK (char_length(ip) <= 64),
  -- The User-Agent header as sent, cut to a length worth showing.
  device text CHECK (char_length(device) <= 300),
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('logout', 'ended', 'ended_all', 'password_changed', 'password_reset', 'blocked', 'password_set')),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);
-- The user's sessions (MySessions, ending them all, the per-login clean-up of old rows).
CREATE INDEX sessions_user_idx ON sessions (user_id, last_seen_at DESC);

-- The current request's session, set per transaction by the server beside the client and user.
CREATE FUNCTION portside_session() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('portside.session_id', true), '')::uuid $$;

ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON sessions USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON sessions TO portside_app;

-- Down Migration
DROP TABLE sessions;
DROP FUNCTION portside_session();
