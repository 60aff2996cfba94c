-- Up Migration
-- Support (issue 16): tickets with comments and attachments, uploaded files, visitors' tickets
-- confirmed by a mailed link, abuse reports, help texts and the provider's status messages.

-- Files uploaded by a user (FileUpload): a ticket's attachments now, a reseller's client files
-- later. The bytes are in the storage driver under storage_key; sha256 finds a repeat upload.
CREATE TABLE files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  category text NOT NULL CHECK (category IN ('ticket','client')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  mime text NOT NULL CHECK (char_length(mime) <= 100),
  size int NOT NULL CHECK (size > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, client_id)
);
-- 'file already uploaded': the same bytes twice in an account's files of one category.
CREATE UNIQUE INDEX files_repeat_key ON files (client_id, category, sha256);
ALTER TABLE files ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON files USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON files TO portside_app;

-- A ticket (spec 1 §4): of an account and one of its users, or of a visitor known only by an
-- e-mail address (client_id null) whose ticket waits 'unconfirmed' until the mailed link is opened.
CREATE TABLE tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid REFERENCES clients(id) ON DELETE CASCADE,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  guest_email text CHECK (guest_email IS NULL OR char_length(guest_email) <= 254),
  guest_name text CHECK (guest_name IS NULL OR char_length(guest_name) <= 100),
  guest_language text CHECK (guest_language IS NULL OR guest_language IN ('en','pl','de','pt','hi','fi')),
  -- SHA-256 of the visitor's link keys: the first mail's, and a new one in each reply mailed to
  -- them (the keys themselves are only in the mails).
  guest_key_hashes text[] CHECK (guest_key_hashes IS NULL OR cardinality(guest_key_hashes) BETWEEN 1 AND 1000),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 150),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 10000),
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low','normal','high')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('unconfirmed','open','closed')),
  agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  -- Whether the last word is the provider's.
  answered boolean NOT NULL DEFAULT false,
  CONSTRAINT tickets_owner CHECK (
    (client_id IS NOT NULL AND guest_email IS NULL AND guest_key_hashes IS NULL)
    OR (client_id IS NULL AND guest_email IS NOT NULL AND guest_key_hashes IS NOT NULL AND guest_name IS NOT NULL)),
  CONSTRAINT tickets_closed_at CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX tickets_client_idx ON tickets (client_id, last_activity_at DESC);
CREATE INDEX tickets_creator_idx ON tickets (created_by);
CREATE INDEX tickets_guest_keys_idx ON tickets USING gin (guest_key_hashes) WHERE guest_key_hashes IS NOT NULL;
-- The staff queue: open tickets, unassigned first, by priority.
CREATE INDEX tickets_queue_idx ON tickets (status, agent_id, last_activity_at DESC);
ALTER TABLE tickets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON tickets USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON tickets TO portside_app;
GRANT UPDATE (priority, status, agent_id, updated_at, closed_at, last_activity_at, answered, guest_key_hashes) ON tickets TO portside_app;

-- A ticket's conversation after its description. The author is a user (of the account or staff)
-- or the visitor (author_id null, side 'customer').
CREATE TABLE ticket_comments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  client_id uuid REFERENCES clients(id) ON DELETE CASCADE,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL CHECK (char_length(author_name) <= 201),
  side text NOT NULL CHECK (side IN ('customer','staff')),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_comments_ticket_idx ON ticket_comments (ticket_id, id);
CREATE INDEX ticket_comments_client_idx ON ticket_comments (client_id);
ALTER TABLE ticket_comments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ticket_comments USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON ticket_comments TO portside_app;

-- Which file is attached to which ticket (comment_id null: to the ticket's description). A file is
-- attached once; at most 3 per ticket or comment. The file's name, type, size and blob are copied
-- here under the ticket's account, so a customer sees the files staff attached (uploaded in the
-- provider's own account, which row-level security hides from the customer).
CREATE TABLE ticket_attachments (
  file_id bigint PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
  client_id uuid REFERENCES clients(id) ON DELETE CASCADE,
  ticket_id bigint NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  comment_id bigint REFERENCES ticket_comments(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  mime text NOT NULL CHECK (mime IN ('image/jpeg','image/png')),
  size int NOT NULL CHECK (size > 0),
  storage_key text NOT NULL
);
CREATE INDEX ticket_attachments_ticket_idx ON ticket_attachments (ticket_id);
CREATE INDEX ticket_attachments_client_idx ON ticket_attachments (client_id);
ALTER TABLE ticket_attachments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ticket_attachments USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON ticket_attachments TO portside_app;

-- Notices of abuse and illegal content (EU Digital Services Act art. 16), from anyone.
CREATE TABLE abuse_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE CHECK (reference ~ '^AR-[0-9]{4}-[0-9A-Z]{8}$'),
  reporter_name text NOT NULL CHECK (char_length(reporter_name) BETWEEN 1 AND 100),
  reporter_email text NOT NULL CHECK (char_length(reporter_email) <= 254),
  location text NOT NULL CHECK (char_length(location) BETWEEN 1 AND 500),
  kind text NOT NULL CHECK (kind IN ('spam','phishing','malware','copyright','illegal_content','other')),
  explanation text NOT NULL CHECK (char_length(explanation) BETWEEN 1 AND 5000),
  good_faith boolean NOT NULL CHECK (good_faith),
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en','pl','de','pt','hi','fi')),
  ip inet,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','resolved','rejected')),
  resolution_note text NOT NULL DEFAULT '' CHECK (char_length(resolution_note) <= 2000),
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX abuse_reports_queue_idx ON abuse_reports (status, created_at DESC);
-- Only the system scope (public call, staff) touches reports: no tenant ever sees one.
ALTER TABLE abuse_reports ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON abuse_reports USING (portside_system());
GRANT SELECT, INSERT ON abuse_reports TO portside_app;
GRANT UPDATE (status, resolution_note, resolved_by, resolved_at) ON abuse_reports TO portside_app;

-- Help texts (spec 1 §4): HTML by label, sanitised on the server when saved. Everyone reads them.
CREATE TABLE helptexts (
  label text PRIMARY KEY CHECK (label ~ '^[A-Za-z0-9_-]{1,64}$'),
  html text NOT NULL CHECK (char_length(html) <= 100000),
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT, INSERT, DELETE ON helptexts TO portside_app;
GRANT UPDATE (html, updated_by, updated_at) ON helptexts TO portside_app;

-- The provider's status messages: every page shows the current ones as a banner.
CREATE TABLE internal_statuses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  level text NOT NULL DEFAULT 'info' CHECK (level IN ('info','warning','critical')),
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 500),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX internal_statuses_current_idx ON internal_statuses (created_at DESC) WHERE ended_at IS NULL;
GRANT SELECT, INSERT ON internal_statuses TO portside_app;
GRANT UPDATE (ended_at) ON internal_statuses TO portside_app;

-- The banner's rows for the caller: the current posted statuses, and — for a logged-in account
-- whose clusters the heartbeat has lost (prox_sync_success false) — the automatic one, id 0.
-- SECURITY DEFINER only to read the caller's own clients row whatever the scope.
CREATE FUNCTION portside_internal_status()
RETURNS TABLE (id bigint, level text, message text, key text, created_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT s.id, s.level, s.message, NULL::text, s.created_at
    FROM internal_statuses s WHERE s.ended_at IS NULL
  UNION ALL
  SELECT 0, 'warning', 'Backend reporting service lost connectivity; servers are OK and the team is working on it.',
         'sync_lost', now()
    FROM clients c WHERE c.id = portside_client() AND NOT c.prox_sync_success
$$;
REVOKE ALL ON FUNCTION portside_internal_status() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_internal_status() TO portside_app;

-- The support agents (users holding the role staff, in whatever account): customers see their
-- names on tickets and pick from them, never their addresses. SECURITY DEFINER because row-level
-- security hides the provider's own users from every customer.
CREATE FUNCTION portside_support_staff()
RETURNS TABLE (agent uuid, name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT u.id, btrim(u.first_name || ' ' || u.last_name) FROM users u
   WHERE 'staff' = ANY (u.roles) AND NOT u.blocked ORDER BY 2, 1
$$;
REVOKE ALL ON FUNCTION portside_support_staff() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portside_support_staff() TO portside_app;

-- Down Migration
DROP FUNCTION portside_support_staff();
DROP FUNCTION portside_internal_status();
DROP TABLE internal_statuses;
DROP TABLE helptexts;
DROP TABLE abuse_reports;
DROP TABLE ticket_attachments;
DROP TABLE ticket_comments;
DROP TABLE tickets;
DROP TABLE files;
