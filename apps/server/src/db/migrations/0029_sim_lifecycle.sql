-- Up Migration

-- The hypervisor simulator's side of a cloud server's lifecycle (issue 14): firmware and TPM, the
-- guest users' passwords the guest agent sets, the first NIC's MAC address (a copy gets a new one)
-- and the tasks of config changes. Still system data of the simulator only (see 0007): no
-- client_id, no row-level security, no rights for portside_app.

-- A TPM 2.0 state disk (Proxmox `tpmstate0`). The EFI vars disk (`efidisk0`) needs no column: the
-- driver adds it with OVMF and removes it with SeaBIOS, so bios = 'ovmf' stands for both.
ALTER TABLE sim_vms ADD COLUMN tpm boolean NOT NULL DEFAULT false;
-- The passwords the guest agent set inside the guest (set-user-password), per user name, each kept
-- only as a salted scrypt hash ('scrypt$<salt>$<hash>', base64url), never in plain text. A user not
-- in here logs in with cloud-init's password (ci_user, ci_password_hash), if any.
ALTER TABLE sim_vms ADD COLUMN guest_passwords jsonb NOT NULL DEFAULT '{}'
  CHECK (jsonb_typeof(guest_passwords) = 'object' AND NOT jsonb_path_exists(guest_passwords,
    '$.* ? (@.type() != "string" || !(@ like_regex "^scrypt\\$[A-Za-z0-9_-]+\\$[A-Za-z0-9_-]+$"))'));
-- The first NIC's MAC address (Proxmox `net0: virtio=BC:24:11:..`), random in Proxmox's prefix.
ALTER TABLE sim_vms ADD COLUMN mac text NOT NULL DEFAULT (
  'BC:24:11:' || upper(lpad(to_hex((random() * 255)::int), 2, '0') || ':' || lpad(to_hex((random() * 255)::int), 2, '0') || ':'
    || lpad(to_hex((random() * 255)::int), 2, '0')))
  CHECK (mac ~ '^[0-9A-F]{2}(:[0-9A-F]{2}){5}$');

-- A config change that allocates disks (EFI vars, TPM state) runs as a `qmconfig` task, as
-- Proxmox's POST config does; a full copy of a VM is a `qmclone` task of the source (params name
-- the copy).
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check CHECK (type IN (
  'qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize',
  'vzdump','imgdel','qmrestore','qmsnapshot','qmdelsnapshot','qmrollback','imgcopy','download','qmconfig'));

-- Down Migration
DELETE FROM sim_tasks WHERE type = 'qmconfig';
ALTER TABLE sim_tasks DROP CONSTRAINT sim_tasks_type_check;
ALTER TABLE sim_tasks ADD CONSTRAINT sim_tasks_type_check CHECK (type IN (
  'qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy','qmclone','resize',
  'vzdump','imgdel','qmrestore','qmsnapshot','qmdelsnapshot','qmrollback','imgcopy','download'));
ALTER TABLE sim_vms DROP COLUMN mac, DROP COLUMN guest_passwords, DROP COLUMN tpm;
