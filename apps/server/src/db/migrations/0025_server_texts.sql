-- Up Migration

-- Texts the server writes for people, in the reader's language (issue 12; contract server-texts.ts):
-- a text is kept as a message key and its parameters next to the English text, which stays for
-- the readers that do not translate (the audit log's names, the invoice PDF, an older web).

-- A service's description as a key and parameters. A cloud server's reads
-- 'Cloud server {model} in {location}' (location: the English name; location_id: the location,
-- whose name the web shows in the reader's language). Hand-added services are named by their
-- product_code and keep the key null, as do descriptions this portal did not write.
ALTER TABLE services
  ADD COLUMN description_key text CHECK (description_key ~ '^[a-z_]+:[a-z0-9_.-]+$'),
  ADD COLUMN description_params jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(description_params) = 'object');

-- The rows written before: their English description is read back into its parameters.
UPDATE services s
   SET description_key = 'services:description.cloud_server',
       description_params = jsonb_build_object('model', d.m[1], 'location', d.m[2])
         || CASE WHEN l.id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('location_id', l.id) END
  FROM (SELECT equipment_id, regexp_match(description, '^Cloud server (\S+) in (.+)$') AS m FROM services) d
  LEFT JOIN hosting_locations l ON l.name = d.m[2]
 WHERE d.equipment_id = s.equipment_id AND d.m IS NOT NULL AND s.category = 'cloud-server' AND s.description_key IS NULL;

-- Terminal and live messages of the last day (the panel shows what was stored): the fixed English
-- lines get their key; a failed creation keeps the cluster's words as its parameter. The message
-- itself (base64 for the terminal, plain for the other hubs) is left as it was.
CREATE TEMPORARY TABLE server_text_lines (english text PRIMARY KEY, key text NOT NULL) ON COMMIT DROP;
INSERT INTO server_text_lines VALUES
  ('Start requested', 'terminal:ops.start.queued'), ('Starting server', 'terminal:ops.start.running'),
  ('Server started', 'terminal:ops.start.done'),
  ('Stop requested', 'terminal:ops.stop.queued'), ('Stopping server', 'terminal:ops.stop.running'),
  ('Server stopped', 'terminal:ops.stop.done'),
  ('Reboot requested', 'terminal:ops.reboot.queued'), ('Rebooting server', 'terminal:ops.reboot.running'),
  ('Server rebooted', 'terminal:ops.reboot.done'),
  ('Reset requested', 'terminal:ops.reset.queued'), ('Resetting server', 'terminal:ops.reset.running'),
  ('Server reset', 'terminal:ops.reset.done'),
  ('Power cycle requested', 'terminal:ops.power_cycle.queued'), ('Power cycling server', 'terminal:ops.power_cycle.running'),
  ('Server power cycled', 'terminal:ops.power_cycle.done'),
  ('Lock requested', 'terminal:ops.lock.queued'), ('Locking server', 'terminal:ops.lock.running'),
  ('Server locked', 'terminal:ops.lock.done'),
  ('Unlock requested', 'terminal:ops.unlock.queued'), ('Unlocking server', 'terminal:ops.unlock.running'),
  ('Server unlocked', 'terminal:ops.unlock.done'),
  ('Rename requested', 'terminal:ops.rename.queued'), ('Renaming server', 'terminal:ops.rename.running'),
  ('Server renamed', 'terminal:ops.rename.done'),
  ('Deletion requested', 'terminal:ops.delete.queued'), ('Deleting server', 'terminal:ops.delete.running'),
  ('Server deleted', 'terminal:ops.delete.done'),
  ('The cluster task failed', 'terminal:ops.failed.task'),
  ('Server creation queued', 'terminal:create.queued'),
  ('Creating the server from the system image', 'terminal:create.image'),
  ('Setting up hardware, disk and first-boot data', 'terminal:create.setup'),
  ('Starting the server for its first boot', 'terminal:create.first_boot'),
  ('Server ready', 'terminal:create.done'),
  ('Server creation failed: The cluster task failed', 'terminal:create.failed.task'),
  ('Server creation failed: The server was not ready in time. Nothing is charged for it; please order it again or contact support.',
   'terminal:create.failed.timeout');

-- A terminal message that is not valid base64 of UTF-8 is shown raw: it keeps no key.
CREATE FUNCTION pg_temp.base64_text(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN convert_from(decode(t, 'base64'), 'UTF8');
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

WITH texts AS (
  SELECT id, CASE WHEN kind = 'terminal' THEN pg_temp.base64_text(payload->>'message') ELSE payload->>'message' END AS english
    FROM hub_messages
   WHERE NOT payload ? 'text_key' AND jsonb_typeof(payload->'message') = 'string'
), keyed AS (
  SELECT t.id, CASE
           WHEN l.key IS NOT NULL THEN jsonb_build_object('text_key', l.key, 'text_params', '{}'::jsonb)
           WHEN t.english ~ '^The server did not reach the new state within \d+ ms\. Its state is shown as the cluster reports it\.$' THEN
             jsonb_build_object('text_key', 'terminal:ops.failed.timeout',
                                'text_params', jsonb_build_object('ms', (substring(t.english FROM 'within (\d+) ms'))::bigint))
           WHEN t.english ~ '^Server creation failed: No free IPv[46] address is left in this location$' THEN
             jsonb_build_object('text_key', 'terminal:create.failed.no_address',
                                'text_params', jsonb_build_object('family', substring(t.english FROM 'IPv[46]')))
           WHEN t.english ~ '^Server creation failed: No cluster serves the location .+$' THEN
             jsonb_build_object('text_key', 'terminal:create.failed.no_cluster',
                                'text_params', jsonb_build_object('location', substring(t.english FROM 'the location (.+)$')))
           WHEN t.english LIKE 'Server creation failed: %' THEN
             jsonb_build_object('text_key', 'terminal:create.failed.cluster',
                                'text_params', jsonb_build_object('reason', substr(t.english, 25)))
         END AS text
    FROM texts t LEFT JOIN server_text_lines l ON l.english = t.english
)
UPDATE hub_messages h SET payload = h.payload || k.text FROM keyed k WHERE k.id = h.id AND k.text IS NOT NULL;

-- Down Migration
UPDATE hub_messages SET payload = payload - 'text_key' - 'text_params' WHERE payload ? 'text_key';
ALTER TABLE services DROP COLUMN description_params, DROP COLUMN description_key;
