-- Up Migration

-- Two-factor sign-in (issue 19): an authenticator app (TOTP, RFC 6238) per user, ten single-use
-- recovery codes, the short-lived tickets between the password and the second step, and the
-- owner's rule that every user of the account must use a second factor.
ALTER TABLE clients ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

-- The user's authenticator app. The secret is sealed with the server's data key (secret-box.ts);
-- the row exists unconfirmed between TwoFactorTotpStart and the first code. last_step is the RFC's
-- time step of the last code accepted: a code of that step or an earlier one is refused (replay).
CREATE TABLE user_totp (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0
);

-- Recovery codes: an HMAC of the code (about 50 random bits, keyed with the data key), never the code.
CREATE TABLE user_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- WebAuthn passkeys as a second factor: the authenticator's credential id (base64url), its public
-- key (COSE), its signature counter and transports, and the name the user gave it.
CREATE TABLE webauthn_credentials (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX webauthn_credentials_user_idx ON webauthn_credentials (user_id);

-- A password that was right, waiting for its second step ('second_factor') or for the enrolment
-- the account requires ('enrol'), or a passkey registration of a signed-in user waiting for the
-- browser's answer ('passkey_register', its WebAuthn challenge). Only the ticket's SHA-256 is kept; it lives five minutes, dies
-- after five wrong codes and is used once. An enrolment keeps its new (sealed) secret here until
-- the first code confirms it.
CREATE TABLE login_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ticket_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('second_factor', 'enrol', 'passkey_register')),
  secret_sealed text,
  webauthn_challenge text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX login_challenges_user_idx ON login_challenges (user_id, expires_at);

ALTER TABLE user_totp ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON user_totp USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON user_totp TO portside_app;
ALTER TABLE user_recovery_codes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON user_recovery_codes USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON user_recovery_codes TO portside_app;
ALTER TABLE webauthn_credentials ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON webauthn_credentials USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON webauthn_credentials TO portside_app;
ALTER TABLE login_challenges ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON login_challenges USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON login_challenges TO portside_app;

-- Turning 2FA on ends the user's other sessions (opened with the password alone).
ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check CHECK (end_reason IN
  ('logout', 'ended', 'ended_all', 'password_changed', 'password_reset', 'blocked', 'password_set', 'two_factor_enabled'));

-- Down Migration
ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
UPDATE sessions SET end_reason = 'ended' WHERE end_reason = 'two_factor_enabled';
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check CHECK (end_reason IN
  ('logout', 'ended', 'ended_all', 'password_changed', 'password_reset', 'blocked', 'password_set'));
DROP TABLE login_challenges;
DROP TABLE webauthn_credentials;
DROP TABLE user_recovery_codes;
DROP TABLE user_totp;
ALTER TABLE clients DROP COLUMN require_two_factor;
