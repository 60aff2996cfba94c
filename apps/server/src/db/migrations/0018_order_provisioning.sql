-- Up Migration

-- Provisioning an order (issue 5). A server being created has its vms row from the moment its VM
-- id is reserved (state 'creating': listed with its progress, no actions yet); the row's unique
-- (cluster, vmid) key is what makes a reservation stick. An order item records the step of the
-- creation it has reached (0 create, 1 finish, 2 start, 3 done) next to the cluster task in flight.
ALTER TABLE vms DROP CONSTRAINT vms_state_check;
ALTER TABLE vms ADD CONSTRAINT vms_state_check CHECK (state IN ('creating','active','pending-delete','deleted'));
GRANT UPDATE (ipv4, ipv6, mac) ON vms TO portside_app;

ALTER TABLE order_items ADD COLUMN step int NOT NULL DEFAULT 0 CHECK (step BETWEEN 0 AND 3);
GRANT UPDATE (step) ON order_items TO portside_app;

-- CreateOrder's answer, kept so that a repeated call with the same idempotency key gets it again.
ALTER TABLE orders ADD COLUMN answer jsonb;
GRANT UPDATE (answer) ON orders TO portside_app;

-- Down Migration
ALTER TABLE orders DROP COLUMN answer;
ALTER TABLE order_items DROP COLUMN step;
UPDATE vms SET state = 'deleted', deleted_at = coalesce(deleted_at, now()) WHERE state = 'creating';
ALTER TABLE vms DROP CONSTRAINT vms_state_check;
ALTER TABLE vms ADD CONSTRAINT vms_state_check CHECK (state IN ('active','pending-delete','deleted'));
