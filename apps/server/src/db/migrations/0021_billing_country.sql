-- Up Migration

-- The billing country (issue 9 §4): invoices never compute VAT from an unknown country. The
-- countries a billing address may name are the contract's list (packages/contract
-- src/rules/countries.ts; a test compares this table with it), with the EU member states marked.
CREATE TABLE countries (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  eu boolean NOT NULL DEFAULT false
);
INSERT INTO countries (code, eu) VALUES
  ('AD', false), ('AE', false), ('AF', false), ('AG', false), ('AI', false), ('AL', false), ('AM', false), ('AO', false),
  ('AR', false), ('AS', false), ('AT', true), ('AU', false), ('AW', false), ('AX', false), ('AZ', false), ('BA', false),
  ('BB', false), ('BD', false), ('BE', true), ('BF', false), ('BG', true), ('BH', false), ('BI', false), ('BJ', false),
  ('BL', false), ('BM', false), ('BN', false), ('BO', false), ('BQ', false), ('BR', false), ('BS', false), ('BT', false),
  ('BW', false), ('BY', false), ('BZ', false), ('CA', false), ('CC', false), ('CD', false), ('CF', false), ('CG', false),
  ('CH', false), ('CI', false), ('CK', false), ('CL', false), ('CM', false), ('CN', false), ('CO', false), ('CR', false),
  ('CU', false), ('CV', false), ('CW', false), ('CX', false), ('CY', true), ('CZ', true), ('DE', true), ('DJ', false),
  ('DK', true), ('DM', false), ('DO', false), ('DZ', false), ('EC', false), ('EE', true), ('EG', false), ('EH', false),
  ('ER', false), ('ES', true), ('ET', false), ('FI', true), ('FJ', false), ('FK', false), ('FM', false), ('FO', false),
  ('FR', true), ('GA', false), ('GB', false), ('GD', false), ('GE', false), ('GF', false), ('GG', false), ('GH', false),
  ('GI', false), ('GL', false), ('GM', false), ('GN', false), ('GP', false), ('GQ', false), ('GR', true), ('GT', false),
  ('GU', false), ('GW', false), ('GY', false), ('HK', false), ('HN', false), ('HR', true), ('HT', false), ('HU', true),
  ('ID', false), ('IE', true), ('IL', false), ('IM', false), ('IN', false), ('IO', false), ('IQ', false), ('IR', false),
  ('IS', false), ('IT', true), ('JE', false), ('JM', false), ('JO', false), ('JP', false), ('KE', false), ('KG', false),
  ('KH', false), ('KI', false), ('KM', false), ('KN', false), ('KP', false), ('KR', false), ('KW', false), ('KY', false),
  ('KZ', false), ('LA', false), ('LB', false), ('LC', false), ('LI', false), ('LK', false), ('LR', false), ('LS', false),
  ('LT', true), ('LU', true), ('LV', true), ('LY', false), ('MA', false), ('MC', false), ('MD', false), ('ME', false),
  ('MF', false), ('MG', false), ('MH', false), ('MK', false), ('ML', false), ('MM', false), ('MN', false), ('MO', false),
  ('MP', false), ('MQ', false), ('MR', false), ('MS', false), ('MT', true), ('MU', false), ('MV', false), ('MW', false),
  ('MX', false), ('MY', false), ('MZ', false), ('NA', false), ('NC', false), ('NE', false), ('NF', false), ('NG', false),
  ('NI', false), ('NL', true), ('NO', false), ('NP', false), ('NR', false), ('NU', false), ('NZ', false), ('OM', false),
  ('PA', false), ('PE', false), ('PF', false), ('PG', false), ('PH', false), ('PK', false), ('PL', true), ('PM', false),
  ('PN', false), ('PR', false), ('PS', false), ('PT', true), ('PW', false), ('PY', false), ('QA', false), ('RE', false),
  ('RO', true), ('RS', false), ('RU', false), ('RW', false), ('SA', false), ('SB', false), ('SC', false), ('SD', false),
  ('SE', true), ('SG', false), ('SH', false), ('SI', true), ('SJ', false), ('SK', true), ('SL', false), ('SM', false),
  ('SN', false), ('SO', false), ('SR', false), ('SS', false), ('ST', false), ('SV', false), ('SX', false), ('SY', false),
  ('SZ', false), ('TC', false), ('TD', false), ('TG', false), ('TH', false), ('TJ', false), ('TK', false), ('TL', false),
  ('TM', false), ('TN', false), ('TO', false), ('TR', false), ('TT', false), ('TV', false), ('TW', false), ('TZ', false),
  ('UA', false), ('UG', false), ('US', false), ('UY', false), ('UZ', false), ('VA', false), ('VC', false), ('VE', false),
  ('VG', false), ('VI', false), ('VN', false), ('VU', false), ('WF', false), ('WS', false), ('XK', false), ('YE', false),
  ('YT', false), ('ZA', false), ('ZM', false), ('ZW', false);
GRANT SELECT ON countries TO portside_app;

-- Existing billing countries written in another case or with spaces ('pt ', ' De') become their
-- code. Anything else ('Portugal', 'Narnia') stays as the customer wrote it: no country is
-- guessed. Such an account cannot be invoiced until its billing address is corrected (CreateOrder
-- and PayOrder answer BILLING_ADDRESS_INVALID, the monthly run skips it and logs it).
UPDATE clients c SET country = k.code
  FROM countries k
 WHERE k.code = upper(trim(c.country)) AND c.country <> k.code;

-- The VAT an account pays (replaces 0013's): its country's rate; none with a VAT number from
-- another EU country than the provider's (reverse charge); none for a country outside the EU.
-- A country not in `countries` raises PSB01 (the API answers BILLING_ADDRESS_INVALID) instead
-- of the 0% 'outside-eu' it used to answer; an EU country without a rate in vat_rates raises too.
-- No row for an unknown account, as before.
CREATE OR REPLACE FUNCTION invoice_vat(p_client uuid, p_seller_country text) RETURNS TABLE (percent numeric, note text)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_country text;
  v_vat_number text;
  v_eu boolean;
  v_rate numeric;
BEGIN
  SELECT c.country, nullif(trim(c.vat_number), '') INTO v_country, v_vat_number FROM clients c WHERE c.id = p_client;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT k.eu INTO v_eu FROM countries k WHERE k.code = v_country;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'account % has no valid billing country (%)', p_client, quote_literal(v_country)
      USING ERRCODE = 'PSB01', HINT = 'Correct the country in Settings → Billing address';
  END IF;
  IF NOT v_eu THEN
    RETURN QUERY SELECT 0::numeric, 'outside-eu'::text;
    RETURN;
  END IF;
  SELECT r.percent INTO v_rate FROM vat_rates r WHERE r.country_code = v_country;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no VAT rate for the EU country %', v_country;
  END IF;
  IF v_vat_number IS NOT NULL AND v_country <> p_seller_country THEN
    RETURN QUERY SELECT 0::numeric, 'reverse-charge'::text;
    RETURN;
  END IF;
  RETURN QUERY SELECT v_rate, NULL::text;
END
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION invoice_vat(p_client uuid, p_seller_country text) RETURNS TABLE (percent numeric, note text)
  LANGUAGE sql STABLE AS $$
  SELECT CASE
           WHEN r.country_code IS NULL OR NOT r.eu THEN 0
           WHEN nullif(trim(c.vat_number), '') IS NOT NULL AND c.country <> p_seller_country THEN 0
           ELSE r.percent END,
         CASE
           WHEN r.country_code IS NOT NULL AND r.eu AND nullif(trim(c.vat_number), '') IS NOT NULL AND c.country <> p_seller_country
             THEN 'reverse-charge'
           WHEN r.country_code IS NULL OR NOT r.eu THEN 'outside-eu'
           ELSE NULL END
    FROM clients c LEFT JOIN vat_rates r ON r.country_code = c.country
   WHERE c.id = p_client
$$;
DROP TABLE countries;
