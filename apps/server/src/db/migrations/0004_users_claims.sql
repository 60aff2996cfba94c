-- Up Migration

-- The log screen filters the account's entries by action and by result, newest first.
CREATE INDEX audit_log_client_action_idx ON audit_log (client_id, action, created_at DESC);
CREATE INDEX audit_log_client_result_idx ON audit_log (client_id, result, created_at DESC);

-- A claim row belongs to a user of the same account: the pair (user, account) must exist.
ALTER TABLE users ADD CONSTRAINT users_id_client_key UNIQUE (id, client_id);
ALTER TABLE user_claims ADD CONSTRAINT user_claims_user_client_fk
  FOREIGN KEY (user_id, client_id) REFERENCES users (id, client_id) ON DELETE CASCADE;
ALTER TABLE user_claims ADD CONSTRAINT user_claims_claim_format CHECK (claim ~ '^[a-z][a-z0-9-]{1,62}$');

-- The log is append-only for the application; make sure no blanket grant brought back
-- UPDATE, DELETE or TRUNCATE.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM portside_app;

-- Down Migration
ALTER TABLE user_claims DROP CONSTRAINT user_claims_claim_format;
ALTER TABLE user_claims DROP CONSTRAINT user_claims_user_client_fk;
ALTER TABLE users DROP CONSTRAINT users_id_client_key;
DROP INDEX audit_log_client_result_idx;
DROP INDEX audit_log_client_action_idx;
