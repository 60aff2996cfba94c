-- Up Migration

-- Personal API tokens (issue 19): a user's named, scoped, expiring tokens for `Authorization:
-- Bearer pst_...` on /api. Only the SHA-256 of the secret is kept (the secret is 256 random bits,
-- so a plain hash is enough and lets the lookup use an index). The owner reads and revokes every
-- token of the account, a sub-user only their own — in the policy, not only in the server.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  prefix text NOT NULL CHECK (prefix ~ '^pst_[A-Za-z0-9_-]{1,20}$'),
  secret_hash bytea NOT NULL CHECK (octet_length(secret_hash) = 32),
  scopes text[] NOT NULL CHECK (cardinality(scopes) BETWEEN 1 AND 8),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  last_used_ip text CHECK (char_length(last_used_ip) <= 64),
  revoked_at timestamptz,
  -- The per-token rate limit: requests counted in the current minute (a fixed window), written by
  -- the one statement that authenticates the request, so every server instance agrees.
  rate_window timestamptz,
  rate_count int NOT NULL DEFAULT 0,
  CHECK (expires_at > created_at AND expires_at <= created_at + interval '366 days')
);
CREATE UNIQUE INDEX api_tokens_secret_idx ON api_tokens (secret_hash);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);
CREATE INDEX api_tokens_client_idx ON api_tokens (client_id, created_at DESC);

-- The caller owns the account (their own users row, visible in their tenant context).
CREATE FUNCTION portside_is_owner() RETURNS boolean LANGUAGE sql STABLE AS
  $$ SELECT coalesce((SELECT is_owner FROM users WHERE id = portside_user()), false) $$;

ALTER TABLE api_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON api_tokens USING (
  portside_system() OR (client_id = portside_client() AND (user_id = portside_user() OR portside_is_owner())));
GRANT SELECT, INSERT, UPDATE ON api_tokens TO portside_app;

-- A request's API token and its user in one autocommit statement, like portside_principal: the
-- token by its hash, its user with their claims, and — for a token still valid — this minute's
-- request count (the rate limit) and, at most once per p_touch_seconds, the last use's time and
-- address. Runs as the tables' owner: no account context exists before the token is known.
CREATE FUNCTION portside_api_principal(p_hash bytea, p_ip text, p_touch_seconds int)
RETURNS TABLE (token_id uuid, token_name text, scopes text[], expires_at timestamptz, revoked_at timestamptz, rate_count int,
               id uuid, client_id uuid, email text, is_owner boolean, blocked boolean, roles text[],
               token_version int, claims text[])
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH k AS (SELECT * FROM api_tokens WHERE secret_hash = p_hash),
  counted AS (
    UPDATE api_tokens t SET
      rate_window = date_trunc('minute', now()),
      rate_count = CASE WHEN t.rate_window = date_trunc('minute', now()) THEN t.rate_count + 1 ELSE 1 END,
      last_used_at = CASE WHEN t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => p_touch_seconds)
                          THEN now() ELSE t.last_used_at END,
      last_used_ip = CASE WHEN t.last_used_at IS NULL OR t.last_used_at < now() - make_interval(secs => p_touch_seconds)
                          THEN left(p_ip, 64) ELSE t.last_used_ip END
     WHERE t.id = (SELECT k.id FROM k) AND t.revoked_at IS NULL AND t.expires_at > now()
    RETURNING t.id, t.rate_count)
  SELECT k.id, k.name, k.scopes, k.expires_at, k.revoked_at, coalesce(c.rate_count, 0),
         u.id, u.client_id, u.email, u.is_owner, u.blocked, u.roles, u.token_version,
         coalesce(array_agg(uc.claim) FILTER (WHERE uc.claim IS NOT NULL), '{}')
    FROM k JOIN users u ON u.id = k.user_id AND u.client_id = k.client_id
    LEFT JOIN counted c ON c.id = k.id
    LEFT JOIN user_claims uc ON uc.user_id = u.id
   GROUP BY k.id, k.name, k.scopes, k.expires_at, k.revoked_at, c.rate_count, u.id
$$;
REVOKE ALL ON FUNCTION portside_api_principal(bytea, text, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_api_principal(bytea, text, int) TO portside_app;

-- Down Migration
DROP FUNCTION portside_api_principal(bytea, text, int);
DROP TABLE api_tokens;
DROP FUNCTION portside_is_owner();
