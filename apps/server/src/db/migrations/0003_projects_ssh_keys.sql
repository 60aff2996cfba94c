-- Up Migration

-- Projects came with 0001 (unique name per account ignoring case, at most one default). A key
-- must point at a project of its own account: the composite key lets the foreign key say so,
-- because foreign key checks do not see row-level security.
ALTER TABLE projects ADD CONSTRAINT projects_id_client_key UNIQUE (id, client_id);

-- Every account keeps exactly one default project. The partial unique index of 0001 allows at
-- most one; this check, run at commit, refuses none (MakeProjectDefault clears the old default
-- and sets the new one inside one transaction). A deleted account takes its projects along.
CREATE FUNCTION projects_keep_default() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.client_id ELSE NEW.client_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM clients WHERE id = cid)
     AND EXISTS (SELECT 1 FROM projects WHERE client_id = cid)
     AND NOT EXISTS (SELECT 1 FROM projects WHERE client_id = cid AND is_default) THEN
    RAISE EXCEPTION 'account % would have no default project', cid USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER projects_keep_default AFTER INSERT OR UPDATE OF is_default, client_id OR DELETE ON projects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION projects_keep_default();

-- Servers per project. No server table exists yet: issue 4 (cloud VMs) replaces this function
-- (CREATE OR REPLACE) with a count over its table, and MyProjects.vm_count and the
-- "cannot delete a project with VMs" rule follow without further change.
CREATE FUNCTION project_vm_count(project_id bigint) RETURNS int LANGUAGE sql STABLE AS $$ SELECT 0 $$;

CREATE TABLE ssh_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  -- NO ACTION (checked at the end of the statement): a project with keys cannot be deleted, yet
  -- deleting a whole account cascades through both paths.
  project_id bigint NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  public_key text NOT NULL,
  key_type text NOT NULL
    CHECK (key_type IN ('ssh-ed25519','ecdsa-sha2-nistp256','ecdsa-sha2-nistp384','ecdsa-sha2-nistp521','ssh-rsa')),
  bits int NOT NULL CHECK (bits > 0),
  fingerprint text NOT NULL CHECK (fingerprint ~ '^SHA256:[A-Za-z0-9+/]{43}$'),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (project_id, client_id) REFERENCES projects (id, client_id),
  CONSTRAINT ssh_keys_project_fingerprint_key UNIQUE (project_id, fingerprint)
);
-- MySSHKeys lists an account's keys newest first; the unique key above serves lookups by project.
CREATE INDEX ssh_keys_client_idx ON ssh_keys (client_id, created_at DESC, id DESC);

ALTER TABLE ssh_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON ssh_keys USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON ssh_keys TO portside_app;
GRANT USAGE, SELECT ON SEQUENCE ssh_keys_id_seq TO portside_app;

-- Down Migration
DROP TABLE ssh_keys;
DROP FUNCTION project_vm_count(bigint);
DROP TRIGGER projects_keep_default ON projects;
DROP FUNCTION projects_keep_default();
ALTER TABLE projects DROP CONSTRAINT projects_id_client_key;
