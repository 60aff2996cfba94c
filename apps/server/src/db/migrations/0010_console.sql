-- Up Migration

-- VM consoles (spec 1 §2 console-open, spec 2 §7 'console creation'): VmConsole creates a one-time
-- session and answers a signed link; the console websocket consumes the session exactly once,
-- within a minute. Only a SHA-256 of the random token is kept, so the table cannot be used to open
-- a console. kind is what the VM's cluster offers: a serial text console (the simulator) or VNC
-- (Proxmox VE).
CREATE TABLE console_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  kind text NOT NULL CHECK (kind IN ('text','vnc')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '60 seconds',
  used_at timestamptz,
  CONSTRAINT console_sessions_expiry CHECK (expires_at > created_at)
);
CREATE INDEX console_sessions_client_idx ON console_sessions (client_id, created_at DESC);
CREATE INDEX console_sessions_created_idx ON console_sessions (created_at);
ALTER TABLE console_sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON console_sessions USING (client_id = portside_client() OR portside_system());
-- Sessions are created by the account and consumed (used_at) by the socket; DELETE serves retention.
GRANT SELECT, INSERT, DELETE ON console_sessions TO portside_app;
GRANT UPDATE (used_at) ON console_sessions TO portside_app;

-- Down Migration
DROP TABLE console_sessions;
