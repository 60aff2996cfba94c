-- Up Migration

-- One bank-transfer reference per invoice (issue 12): the invoice number with two MOD 97-10 check
-- digits over its digits, 'PS-2026-000042' → 'PS-2026-000042-87' (contract
-- rules/payment-reference.ts invoiceReference makes the same text; a test holds the two together).
-- It is made from the number, so it exists from the invoice's issue on: the PDF and the e-mail
-- print it before any payment exists, and a bank transfer for that one invoice started in the
-- portal carries it as its payment's reference (payments.reference stays unique: one transfer per
-- invoice reference). Transfers for several invoices and deposits keep the payment's own reference.
CREATE FUNCTION invoice_reference(p_number text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS
  $$ SELECT p_number || '-' || lpad((98 - (replace(substr(p_number, 4), '-', '')::bigint * 100) % 97)::text, 2, '0') $$;

ALTER TABLE invoices ADD COLUMN reference text GENERATED ALWAYS AS (invoice_reference(number)) STORED;
CREATE UNIQUE INDEX invoices_reference_key ON invoices (reference);

-- Down Migration
DROP INDEX invoices_reference_key;
ALTER TABLE invoices DROP COLUMN reference;
DROP FUNCTION invoice_reference(text);
