-- Up Migration

-- A passkey's signature as the proof a settings change asks for (removing a passkey, renewing the
-- recovery codes, turning the authenticator app off): its WebAuthn challenge waits in a ticket of
-- its own kind, used once, for five minutes.
ALTER TABLE login_challenges DROP CONSTRAINT login_challenges_kind_check;
ALTER TABLE login_challenges
  ADD CONSTRAINT login_challenges_kind_check CHECK (kind IN ('second_factor', 'enrol', 'passkey_register', 'passkey_proof'));

-- Down Migration
DELETE FROM login_challenges WHERE kind = 'passkey_proof';
ALTER TABLE login_challenges DROP CONSTRAINT login_challenges_kind_check;
ALTER TABLE login_challenges ADD CONSTRAINT login_challenges_kind_check CHECK (kind IN ('second_factor', 'enrol', 'passkey_register'));
