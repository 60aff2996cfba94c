-- Up Migration

-- Creating VMs in the hypervisor simulator (issue 5): a VM is made from a system image by a clone
-- task, then gets its hardware and first-boot (cloud-init) data, and its disk grows by a resize
-- task. Still system data of the simulator only (see 0007): no client_id, no row-level security,
-- no rights for portside_app.

-- Proxmox's own lock on a VM ('clone' while it is being created): every action is refused with
-- 'VM is locked (clone)' while it is set. Unlike `locked` (the portal's lock) it starts refused.
ALTER TABLE sim_vms ADD COLUMN pve_lock text CHECK (pve_lock IN ('clone'));
-- The system image the VM was made from (VM_IMAGES in the contract), null for VMs set up by hand.
ALTER TABLE sim_vms ADD COLUMN image text;
-- First-boot data as cloud-init would get it; the hostname is the VM's name. The password is kept
-- only as a salted scrypt hash ('scrypt$<salt>$<hash>', base64url), never in plain text.
ALTER TABLE sim_vms ADD COLUMN ci_user text;
ALTER TABLE sim_vms ADD COLUMN ci_ssh_keys text[] NOT NULL DEFAULT '{}';
ALTER TABLE sim_vms ADD COLUMN ci_password_hash text CHECK (ci_password_hash ~ '^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$');

-- Failure injection for a whole node: the next task started on it fails with this text (then it
-- is cleared), so a test can make a VM's creation fail before the VM exists.
ALTER TABLE sim_nodes ADD COLUMN fail_next text;

-- The clone and resize tasks; params holds what a task applies when it ends (resize: diskGb).
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check
  CHECK (type IN ('qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize'));
ALTER TABLE sim_tasks ADD COLUMN params jsonb NOT NULL DEFAULT '{}';

-- Down Migration
DELETE FROM sim_tasks WHERE type IN ('qmclone','resize');
ALTER TABLE sim_tasks DROP COLUMN params;
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check
  CHECK (type IN ('qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy'));
ALTER TABLE sim_nodes DROP COLUMN fail_next;
DELETE FROM sim_vms WHERE pve_lock IS NOT NULL;
ALTER TABLE sim_vms DROP COLUMN ci_password_hash, DROP COLUMN ci_ssh_keys, DROP COLUMN ci_user, DROP COLUMN image, DROP COLUMN pve_lock;
