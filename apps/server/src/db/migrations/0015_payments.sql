-- Up Migration

-- Payments (issue 5): every payment gets its reference from its id as it is inserted, with two
-- MOD 97-10 check digits (contract rules/payment-reference.ts makes the same text), so the
-- reference a bank transfer carries names the payment and a typo in it is caught.
CREATE FUNCTION payment_reference(p_id bigint) RETURNS text LANGUAGE sql IMMUTABLE AS
  $$ SELECT 'PS-' || p_id || '-' || lpad((98 - (p_id * 100) % 97)::text, 2, '0') $$;

CREATE FUNCTION payments_set_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reference IS NULL THEN
    NEW.reference := payment_reference(NEW.id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payments_reference BEFORE INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_set_reference();

-- Why a payment failed or was cancelled, as a stable code (card_declined, cancelled, expired, ...)
-- beside failure_message's English text, so the browser can say it in the reader's language.
ALTER TABLE payments ADD COLUMN failure_code text CHECK (failure_code ~ '^[a-z0-9_]{1,40}$');
GRANT UPDATE (failure_code) ON payments TO portside_app;
CREATE INDEX payments_order_idx ON payments (order_id) WHERE order_id IS NOT NULL;

-- The test card provider's own record (drivers/payments/test-card.ts): a hosted checkout session
-- per card payment, and how it ended. It plays an outside provider, so it holds no account id and
-- only the system context reads it; the portal learns the outcome by asking the driver.
CREATE TABLE test_card_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{43}$'),
  merchant_ref text NOT NULL,
  amount_cents int NOT NULL CHECK (amount_cents > 0),
  description text NOT NULL CHECK (char_length(description) <= 200),
  return_url text NOT NULL CHECK (char_length(return_url) <= 2000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','succeeded','failed','cancelled')),
  failure_code text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX test_card_sessions_ref_idx ON test_card_sessions (merchant_ref);
ALTER TABLE test_card_sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY system_only ON test_card_sessions USING (portside_system());
GRANT SELECT, INSERT ON test_card_sessions TO portside_app;
GRANT UPDATE (status, failure_code, card_last4, completed_at) ON test_card_sessions TO portside_app;

-- Down Migration
DROP TABLE test_card_sessions;
DROP INDEX payments_order_idx;
ALTER TABLE payments DROP COLUMN failure_code;
DROP TRIGGER payments_reference ON payments;
DROP FUNCTION payments_set_reference();
DROP FUNCTION payment_reference(bigint);
