-- Up Migration

-- The invoice e-mail (issue 5): when an invoice was mailed to the account's owner. A mailer claims
-- an invoice by setting it (UPDATE ... WHERE mailed_at IS NULL RETURNING), so two workers never
-- mail one invoice twice; a failed send sets it back to NULL for the next run. Invoices issued
-- before this migration count as mailed: they are not sent all at once on upgrade.
ALTER TABLE invoices ADD COLUMN mailed_at timestamptz;
UPDATE invoices SET mailed_at = created_at;
CREATE INDEX invoices_unmailed_idx ON invoices (client_id) WHERE mailed_at IS NULL;
GRANT UPDATE (mailed_at) ON invoices TO portside_app;

-- Down Migration
DROP INDEX invoices_unmailed_idx;
ALTER TABLE invoices DROP COLUMN mailed_at;
