-- Up Migration

-- Every change of a hub connection's mapping (registered, registered again, deactivated, deleted)
-- is announced on 'portside_hub_map', so each api instance keeps, for its own sockets only, which
-- account and kind each one is registered for — and an event costs its account's connections,
-- not every connection open on the instance (issue 11). The payload is tiny: id, account, kind, on.
CREATE FUNCTION notify_hub_connection() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  r hub_connections;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
  ELSE
    r := NEW;
  END IF;
  PERFORM pg_notify('portside_hub_map', json_build_object(
    'c', r.connection_id, 'a', r.client_id, 'k', r.kind, 'on', TG_OP <> 'DELETE' AND r.active)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER hub_connections_notify
  AFTER INSERT OR DELETE OR UPDATE OF active, client_id, kind ON hub_connections
  FOR EACH ROW EXECUTE FUNCTION notify_hub_connection();

-- Down Migration

DROP TRIGGER hub_connections_notify ON hub_connections;
DROP FUNCTION notify_hub_connection();
