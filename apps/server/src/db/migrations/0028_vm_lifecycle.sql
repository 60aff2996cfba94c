-- Up Migration
-- A cloud server's lifecycle (issue 14): boot order, firmware and TPM, root password, upgrade,
-- disk resize, rebuild, clone and IPv4 assignment.

ALTER TABLE vm_operations DROP CONSTRAINT vm_operations_action_check;
ALTER TABLE vm_operations ADD CONSTRAINT vm_operations_action_check CHECK (action IN (
  'start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete',
  'backup-enable','backup-disable','backup-now','backup-protect','backup-unprotect','backup-delete',
  'backup-restore','backup-restore-clone','snapshot-create','snapshot-delete','snapshot-rollback',
  'iso-attach','iso-detach',
  'boot-order','bios','tpm-add','tpm-remove','root-password','upgrade','resize','rebuild','assign-ipv4'));

-- The boot order holds c, d and n once each (spec 1 §3, §4).
ALTER TABLE vms ADD CONSTRAINT vms_boot_order_check
  CHECK (char_length(boot_order) = 3 AND strpos(boot_order, 'c') > 0 AND strpos(boot_order, 'd') > 0 AND strpos(boot_order, 'n') > 0);

-- Whether the server has a TPM 2.0 state disk, and the system image it was made or last rebuilt from.
ALTER TABLE vms ADD COLUMN tpm boolean NOT NULL DEFAULT false;
ALTER TABLE vms ADD COLUMN image_id text;
UPDATE vms v SET image_id = coalesce(
  (SELECT i.image_id FROM order_items i WHERE i.provisioned_id = v.provisioned_id ORDER BY i.id DESC LIMIT 1), 'debian-12');
ALTER TABLE vms ALTER COLUMN image_id SET NOT NULL;
ALTER TABLE vms ALTER COLUMN image_id SET DEFAULT 'debian-12';

-- Every change of what a server costs a month: an upgrade (model and with it the disk), a disk
-- resize, an IPv4 address. The change is charged from its day to the month's end at once (its own
-- invoice, kind 'change'); a month's invoice bills each server as it was on the month's first day
-- (the old values of the month's first change, else the server's own), so no day is billed twice.
-- One row per operation (operation_id): a job re-run writes it once.
CREATE TABLE vm_plan_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  provisioned_id bigint NOT NULL REFERENCES vms(provisioned_id) ON DELETE CASCADE,
  operation_id uuid UNIQUE REFERENCES vm_operations(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('upgrade','resize','ipv4')),
  changed_on date NOT NULL,
  old_model_id int NOT NULL REFERENCES vm_models(id),
  new_model_id int NOT NULL REFERENCES vm_models(id),
  old_disk_gb int NOT NULL,
  new_disk_gb int NOT NULL,
  old_external_ipv4 int NOT NULL,
  new_external_ipv4 int NOT NULL,
  invoice_id bigint REFERENCES invoices(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vm_plan_changes_vm_idx ON vm_plan_changes (provisioned_id, changed_on, id);
CREATE INDEX vm_plan_changes_client_idx ON vm_plan_changes (client_id);
ALTER TABLE vm_plan_changes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON vm_plan_changes USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON vm_plan_changes TO portside_app;
GRANT UPDATE (invoice_id) ON vm_plan_changes TO portside_app;
GRANT UPDATE (model_id, boot_order, bios, tpm, image_id, external_ipv4) ON vms TO portside_app;

-- The charge of a change is an invoice of its own.
ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('order','monthly','deposit','change'));

-- A server staff made for a customer (VmCreate) is an order paid by nobody: no first invoice, billed
-- monthly from its first day.
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('card','bank_transfer','balance','trial','staff'));

-- Whether an ordered server comes with an IPv4 address (staff may make IPv6-only servers; the
-- customer can assign one later, VmAssignIPv4).
ALTER TABLE order_items ADD COLUMN ipv4 boolean NOT NULL DEFAULT true;

-- Down Migration
ALTER TABLE order_items DROP COLUMN ipv4;
UPDATE orders SET payment_method = 'balance' WHERE payment_method = 'staff';
ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('card','bank_transfer','balance','trial'));
UPDATE invoices SET kind = 'order' WHERE kind = 'change';
ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('order','monthly','deposit'));
REVOKE UPDATE (model_id, boot_order, bios, tpm, image_id, external_ipv4) ON vms FROM portside_app;
DROP TABLE vm_plan_changes;
ALTER TABLE vms DROP COLUMN image_id, DROP COLUMN tpm;
ALTER TABLE vms DROP CONSTRAINT vms_boot_order_check;
DELETE FROM vm_operations WHERE action IN ('boot-order','bios','tpm-add','tpm-remove','root-password','upgrade','resize','rebuild','assign-ipv4');
ALTER TABLE vm_operations DROP CONSTRAINT vm_operations_action_check;
ALTER TABLE vm_operations ADD CONSTRAINT vm_operations_action_check CHECK (action IN (
  'start','stop','reboot','reset','power-cycle','lock','unlock','rename','delete',
  'backup-enable','backup-disable','backup-now','backup-protect','backup-unprotect','backup-delete',
  'backup-restore','backup-restore-clone','snapshot-create','snapshot-delete','snapshot-rollback',
  'iso-attach','iso-detach'));
