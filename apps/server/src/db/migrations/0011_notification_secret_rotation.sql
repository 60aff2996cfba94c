-- Up Migration

-- A user's notification secret (0008) is renewed whenever their sessions are ended: a password
-- change or reset, a staff-forced logout — everything that raises token_version. A hash made
-- with the old secret (a copied /svc link) then stops working together with the old tokens.
CREATE FUNCTION rotate_notification_secret() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.token_version IS DISTINCT FROM OLD.token_version THEN
    NEW.notification_secret := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER users_rotate_notification_secret
  BEFORE UPDATE OF token_version ON users
  FOR EACH ROW EXECUTE FUNCTION rotate_notification_secret();

-- Down Migration

DROP TRIGGER users_rotate_notification_secret ON users;
DROP FUNCTION rotate_notification_secret();
