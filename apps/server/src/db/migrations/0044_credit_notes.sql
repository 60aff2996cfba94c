-- Up Migration

-- Credit notes (issue 18, finance: 'credit notes for a refund'). A credit note takes back part or
-- all of a paid invoice: its own gapless number per year (CN-YYYY-NNNNNN, taken in the transaction
-- that writes it), the invoice's VAT rate and note and the account as the invoice billed it, the
-- reason, and how the money goes back — to the account's credit balance (a 'refund' balance entry
-- written with it) or by bank transfer, which finance makes outside the portal. The invoice itself
-- never changes: what is left to credit is its total less its credit notes.
CREATE TABLE credit_note_counters (
  year int PRIMARY KEY,
  last_number int NOT NULL CHECK (last_number > 0)
);
GRANT SELECT, INSERT, UPDATE ON credit_note_counters TO portside_app;

CREATE FUNCTION next_credit_note_number(p_on date) RETURNS text LANGUAGE sql VOLATILE AS $$
  INSERT INTO credit_note_counters AS c (year, last_number) VALUES (extract(year FROM p_on)::int, 1)
    ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
  RETURNING 'CN-' || c.year || '-' || lpad(c.last_number::text, 6, '0')
$$;
GRANT EXECUTE ON FUNCTION next_credit_note_number(date) TO portside_app;

CREATE TABLE credit_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  invoice_id bigint NOT NULL,
  number text NOT NULL UNIQUE CHECK (number ~ '^CN-[0-9]{4}-[0-9]{6}$'),
  issued_on date NOT NULL,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  refund text NOT NULL CHECK (refund IN ('balance', 'bank')),
  subtotal_cents int NOT NULL CHECK (subtotal_cents > 0),
  vat_percent numeric(5, 2) NOT NULL,
  vat_note text,
  vat_cents int NOT NULL CHECK (vat_cents >= 0),
  total_cents int NOT NULL CHECK (total_cents = subtotal_cents + vat_cents),
  bill_to jsonb NOT NULL,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (invoice_id, client_id) REFERENCES invoices (id, client_id) ON DELETE CASCADE
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id);
CREATE INDEX credit_notes_client_idx ON credit_notes (client_id, id DESC);
CREATE INDEX credit_notes_issued_idx ON credit_notes (issued_on);
ALTER TABLE credit_notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant ON credit_notes USING (client_id = portside_client() OR portside_system());
GRANT SELECT, INSERT ON credit_notes TO portside_app;

-- Down Migration
DROP TABLE credit_notes;
DROP FUNCTION next_credit_note_number(date);
DROP TABLE credit_note_counters;
