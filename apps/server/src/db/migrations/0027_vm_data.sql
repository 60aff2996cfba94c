-- Up Migration
-- A cloud server's data (issue 13): backups, snapshots and ISO images.

-- The operations on a server's data run through vm_operations like the power actions: one open
-- operation per server, durable, followed through their cluster tasks.
ALTER TABLE vm_operations DROP CONSTRAINT vm_operations_action_check;
ALTER TABLE vm_operations ADD CONSTRAINT vm_operations_action_check CHECK (action IN (
  'start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete',
  'backup-enable','backup-disable','backup-now','backup-protect','backup-unprotect','backup-delete',
  'backup-restore','backup-restore-clone','snapshot-create','snapshot-delete','snapshot-rollback',
  'iso-attach','iso-detach'));

-- The daily backup window is 00:00-03:00 in the location's own time.
ALTER TABLE hosting_locations ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
UPDATE hosting_locations SET time_zone = 'Europe/Lisbon' WHERE id = 'lisbon';
UPDATE hosting_locations SET time_zone = 'Europe/Berlin' WHERE id = 'frankfurt';

-- A server's backups as its cluster last listed them (the jobs write them after every backup
-- operation; the cluster stays the truth). kind: made by the daily schedule or asked for.
CREATE TABLE vm_backups (
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  volid text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL,
  protected boolean NOT NULL DEFAULT false,
  kind text NOT NULL CHECK (kind IN ('daily','manual')),
  PRIMARY KEY (provisioned_id, volid)
);
CREATE INDEX vm_backups_client_idx ON vm_backups (client_id);
ALTER TABLE vm_backups ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON vm_backups USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON vm_backups TO portside_app;

-- When a server's backups were enabled, and the day (in the location's time) of its last daily
-- backup: the schedule takes each enabled server once a day inside the window.
ALTER TABLE vms ADD COLUMN backups_enabled_at timestamptz;
ALTER TABLE vms ADD COLUMN last_daily_backup_on date;
CREATE INDEX vms_backups_due_idx ON vms (cluster_id, last_daily_backup_on) WHERE backups_enabled AND state = 'active';

-- The days a server's backups were on, for the monthly invoice's backup lines: a trigger opens a
-- period when backups_enabled turns on (or a server is made with it) and closes it when it turns
-- off. Days are [enabled_on, disabled_on): switched on and off on one day costs nothing.
CREATE TABLE vm_backup_periods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  enabled_on date NOT NULL,
  disabled_on date,
  CHECK (disabled_on IS NULL OR disabled_on >= enabled_on)
);
CREATE UNIQUE INDEX vm_backup_periods_open ON vm_backup_periods (provisioned_id) WHERE disabled_on IS NULL;
CREATE INDEX vm_backup_periods_client_idx ON vm_backup_periods (client_id, provisioned_id);
ALTER TABLE vm_backup_periods ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON vm_backup_periods USING (client_id = portside_client() OR portside_system());
GRANT SELECT ON vm_backup_periods TO portside_app;
INSERT INTO vm_backup_periods (provisioned_id, client_id, enabled_on)
  SELECT provisioned_id, client_id, (created_at AT TIME ZONE 'UTC')::date FROM vms WHERE backups_enabled AND state <> 'deleted';

CREATE FUNCTION vm_backup_period_track() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.backups_enabled AND (TG_OP = 'INSERT' OR NOT OLD.backups_enabled) THEN
    INSERT INTO vm_backup_periods (provisioned_id, client_id, enabled_on)
      VALUES (NEW.provisioned_id, NEW.client_id, (now() AT TIME ZONE 'UTC')::date) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' AND OLD.backups_enabled AND NOT NEW.backups_enabled THEN
    UPDATE vm_backup_periods SET disabled_on = (now() AT TIME ZONE 'UTC')::date
     WHERE provisioned_id = NEW.provisioned_id AND disabled_on IS NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER vm_backup_period_track AFTER INSERT OR UPDATE OF backups_enabled ON vms
  FOR EACH ROW EXECUTE FUNCTION vm_backup_period_track();

-- A server's snapshots as its cluster last listed them, oldest first by created_at.
CREATE TABLE vm_snapshots (
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  PRIMARY KEY (provisioned_id, name)
);
CREATE INDEX vm_snapshots_client_idx ON vm_snapshots (client_id);
ALTER TABLE vm_snapshots ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON vm_snapshots USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON vm_snapshots TO portside_app;
GRANT UPDATE (snapshots_gb, disk_gb, backups_enabled, backups_enabled_at, last_daily_backup_on) ON vms TO portside_app;

-- An account's ISO images. The file itself is in the portal's storage (storage_key) once ready;
-- a download from a URL reports its progress here. File names are unique per account.
CREATE TABLE iso_images (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 5 AND 120),
  size_bytes bigint CHECK (size_bytes >= 0),
  status text NOT NULL DEFAULT 'downloading' CHECK (status IN ('downloading','ready','failed')),
  progress int NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error text,
  error_key text,
  error_params jsonb NOT NULL DEFAULT '{}',
  source_url text,
  storage_key text,
  -- The direct download URL's secret (/api/IsoImageFile/<id>.<token>): a capability link.
  download_token text NOT NULL CHECK (char_length(download_token) >= 32),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  CONSTRAINT iso_images_ready CHECK ((status = 'ready') = (ready_at IS NOT NULL AND storage_key IS NOT NULL))
);
CREATE UNIQUE INDEX iso_images_name_key ON iso_images (client_id, lower(file_name));
ALTER TABLE iso_images ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON iso_images USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, DELETE ON iso_images TO portside_app;
GRANT UPDATE (size_bytes, status, progress, error, error_key, error_params, storage_key, ready_at) ON iso_images TO portside_app;
GRANT USAGE ON SEQUENCE iso_images_id_seq TO portside_app;

-- Where an ISO image has been copied to: a node's ISO storage of a cluster, under a file name
-- the portal chose (unique per account and image, never the user's).
CREATE TABLE iso_copies (
  iso_id bigint NOT NULL REFERENCES iso_images(id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  cluster_id int NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
  node text NOT NULL,
  filename text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (iso_id, cluster_id, node)
);
ALTER TABLE iso_copies ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON iso_copies USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT, UPDATE, DELETE ON iso_copies TO portside_app;

-- The ISO image in a server's CD drive. An attached image cannot be deleted.
ALTER TABLE vms ADD COLUMN iso_id bigint REFERENCES iso_images(id) ON DELETE RESTRICT;
CREATE INDEX vms_iso_idx ON vms (iso_id) WHERE iso_id IS NOT NULL;
GRANT UPDATE (iso_id) ON vms TO portside_app;

-- A server ordered as a copy of another's backup (VmBackupRestoreToClone): its order item names the
-- source server and backup, and provisioning restores the backup instead of cloning an image.
ALTER TABLE order_items ADD COLUMN source_provisioned_id bigint REFERENCES vms(provisioned_id) ON DELETE SET NULL;
ALTER TABLE order_items ADD COLUMN source_volid text;

-- The simulator's side (a Proxmox-like cluster in PostgreSQL): backups on a storage shared by the
-- cluster's nodes, snapshots per VM, ISO images per node, and each VM's CD drive.
CREATE TABLE sim_backups (
  volid text PRIMARY KEY,
  vmid int NOT NULL,
  node text NOT NULL,
  size_bytes bigint NOT NULL,
  created_at timestamptz NOT NULL,
  protected boolean NOT NULL DEFAULT false,
  notes text NOT NULL DEFAULT '',
  -- What a restore brings back: the VM's disk size and hardware when it was taken.
  disk_gb int NOT NULL,
  cores int NOT NULL,
  memory_mb int NOT NULL
);
CREATE INDEX sim_backups_vm_idx ON sim_backups (vmid, created_at);
CREATE TABLE sim_snapshots (
  vmid int NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  parent text,
  size_bytes bigint NOT NULL DEFAULT 0,
  -- Whether the snapshot is complete (a qmsnapshot task still running leaves it false).
  ready boolean NOT NULL DEFAULT false,
  PRIMARY KEY (vmid, name)
);
CREATE TABLE sim_isos (
  node text NOT NULL,
  filename text NOT NULL,
  size_bytes bigint NOT NULL,
  ready boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (node, filename)
);
ALTER TABLE sim_vms ADD COLUMN cdrom text;
-- Proxmox's own locks while a backup, snapshot, snapshot removal, rollback or restore runs.
ALTER TABLE sim_vms DROP CONSTRAINT sim_vms_pve_lock_check;
ALTER TABLE sim_vms ADD CONSTRAINT sim_vms_pve_lock_check
  CHECK (pve_lock IN ('clone','backup','snapshot','snapshot-delete','rollback','create'));
-- A node's tasks (ISO upload and removal) belong to no VM: their UPID's id is empty.
ALTER TABLE sim_tasks ALTER COLUMN vmid DROP NOT NULL;
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check CHECK (type IN (
  'qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize',
  'vzdump','imgdel','qmrestore','qmsnapshot','qmdelsnapshot','qmrollback','imgcopy','download'));
REVOKE ALL ON sim_backups, sim_snapshots, sim_isos FROM portside_app;

-- Down Migration
DELETE FROM sim_tasks WHERE type IN ('vzdump','imgdel','qmrestore','qmsnapshot','qmdelsnapshot','qmrollback','imgcopy','download');
ALTER TABLE sim_tasks ALTER COLUMN vmid SET NOT NULL;
DELETE FROM sim_vms WHERE pve_lock = 'create';
UPDATE sim_vms SET pve_lock = NULL WHERE pve_lock <> 'clone';
ALTER TABLE sim_vms DROP CONSTRAINT sim_vms_pve_lock_check;
ALTER TABLE sim_vms ADD CONSTRAINT sim_vms_pve_lock_check CHECK (pve_lock IN ('clone'));
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check
  CHECK (type IN ('qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize'));
ALTER TABLE sim_vms DROP COLUMN cdrom;
DROP TABLE sim_isos, sim_snapshots, sim_backups;
ALTER TABLE vms DROP COLUMN iso_id;
DROP TABLE iso_copies, iso_images;
REVOKE UPDATE (snapshots_gb, disk_gb, backups_enabled, backups_enabled_at, last_daily_backup_on) ON vms FROM portside_app;
ALTER TABLE order_items DROP COLUMN source_volid, DROP COLUMN source_provisioned_id;
DROP TRIGGER vm_backup_period_track ON vms;
DROP FUNCTION vm_backup_period_track();
DROP TABLE vm_backup_periods;
DROP TABLE vm_snapshots;
ALTER TABLE vms DROP COLUMN last_daily_backup_on, DROP COLUMN backups_enabled_at;
DROP TABLE vm_backups;
ALTER TABLE hosting_locations DROP COLUMN time_zone;
DELETE FROM vm_operations WHERE action NOT IN ('start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete');
ALTER TABLE vm_operations DROP CONSTRAINT vm_operations_action_check;
ALTER TABLE vm_operations ADD CONSTRAINT vm_operations_action_check
  CHECK (action IN ('start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete'));
