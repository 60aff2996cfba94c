-- Up Migration

-- Dated price changes (issue 18, 'a price change applies from a chosen date and never rewrites
-- issued invoices'). Every price list keeps its own column as the price before any change; a change
-- is a row here naming the price (`item`, e.g. 'vm_model:12:lis' or 'disk_type:NVMe') with its new
-- value from `effective_from` on. What a price is on a day is price_on(): the latest change that
-- started by that day, or the list's own column when none has. The order builder and the cost
-- breakdown ask for today; the monthly invoicing run asks for each day it bills, so a change dated
-- next month leaves this month's invoice as it was, and an issued invoice, whose lines are stored,
-- never changes. A change that has started is history: only one still to come may be withdrawn.
CREATE TABLE price_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item text NOT NULL CHECK (item ~ '^[a-z][a-z_]*:[A-Za-z0-9_.:-]{1,100}$'),
  cents numeric(12, 2) NOT NULL CHECK (cents >= 0 AND cents < 100000000),
  effective_from date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  UNIQUE (item, effective_from)
);
GRANT SELECT, INSERT, UPDATE (cents, created_at, created_by), DELETE ON price_changes TO portside_app;

-- The price `p_item` has on `p_day`: the latest change started by then, else `p_base` (the list's column).
CREATE FUNCTION price_on(p_item text, p_day date, p_base numeric) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT c.cents FROM price_changes c WHERE c.item = p_item AND c.effective_from <= p_day
      ORDER BY c.effective_from DESC LIMIT 1),
    p_base)
$$;
GRANT EXECUTE ON FUNCTION price_on(text, date, numeric) TO portside_app;

-- The days within [p_from, p_to] after the first on which one of the items' prices changes: where
-- the invoicing run splits a line billed at more than one price.
CREATE FUNCTION price_change_days(p_items text[], p_from date, p_to date) RETURNS SETOF date LANGUAGE sql STABLE AS $$
  SELECT DISTINCT c.effective_from FROM price_changes c
   WHERE c.item = ANY (p_items) AND c.effective_from > p_from AND c.effective_from <= p_to
   ORDER BY 1
$$;
GRANT EXECUTE ON FUNCTION price_change_days(text[], date, date) TO portside_app;

-- Down Migration
DROP FUNCTION price_change_days(text[], date, date);
DROP FUNCTION price_on(text, date, numeric);
DROP TABLE price_changes;
