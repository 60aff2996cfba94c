-- Up Migration

-- Dedicated-server offers (ServerOffers, Products; issue 5). There is no dedicated-server
-- inventory yet: these are the configurations the public offers show, each at one location with
-- its monthly price. Ordering them goes through sales (a ticket), not the cart.
CREATE TABLE server_offers (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The product (the same configuration offered at several locations shares it).
  product text NOT NULL CHECK (product ~ '^[a-z0-9][a-z0-9-]{1,40}$'),
  name text NOT NULL,
  cpu text NOT NULL,
  cores int NOT NULL CHECK (cores > 0),
  ram_gb int NOT NULL CHECK (ram_gb > 0),
  -- The disks as the offer card prints them, e.g. '2 × 960 GB NVMe'.
  disks text NOT NULL,
  storage_gb int NOT NULL CHECK (storage_gb > 0),
  location_id text NOT NULL REFERENCES hosting_locations(id) ON DELETE CASCADE,
  monthly_price_cents int NOT NULL CHECK (monthly_price_cents >= 0),
  sort int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  UNIQUE (product, location_id)
);
GRANT SELECT ON server_offers TO portside_app;

-- A handful of configurations per location (Frankfurt's electricity makes it 15% dearer), as a
-- function: this migration fills the table of a database that has its locations already, and the
-- seed calls it again after creating the locations of a new one. Upserts, so it can run again.
CREATE FUNCTION seed_server_offers() RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO server_offers (product, name, cpu, cores, ram_gb, disks, storage_gb, location_id, monthly_price_cents, sort)
    SELECT p.product, p.name, p.cpu, p.cores, p.ram_gb, p.disks, p.storage_gb, l.id,
           CASE WHEN l.electricity_warning THEN round(p.price * 1.15)::int ELSE p.price END, p.sort
      FROM (VALUES
        ('ds-e2388', 'Entry E-2388G', 'Intel Xeon E-2388G', 8, 32, '2 × 960 GB NVMe', 1920, 5900, 1),
        ('ds-ep7313', 'Performance 7313P', 'AMD EPYC 7313P', 16, 128, '2 × 1.92 TB NVMe', 3840, 14900, 2),
        ('ds-ep9354', 'Compute 9354P', 'AMD EPYC 9354P', 32, 256, '2 × 3.84 TB NVMe', 7680, 27900, 3),
        ('ds-st4314', 'Storage 4314', 'Intel Xeon Silver 4314', 16, 64, '2 × 480 GB SSD + 8 × 16 TB HDD', 128960, 19900, 4)
      ) AS p (product, name, cpu, cores, ram_gb, disks, storage_gb, price, sort)
      CROSS JOIN hosting_locations l
  ON CONFLICT (product, location_id) DO UPDATE SET name = EXCLUDED.name, cpu = EXCLUDED.cpu, cores = EXCLUDED.cores,
    ram_gb = EXCLUDED.ram_gb, disks = EXCLUDED.disks, storage_gb = EXCLUDED.storage_gb,
    monthly_price_cents = EXCLUDED.monthly_price_cents, sort = EXCLUDED.sort
$$;
SELECT seed_server_offers();

-- Down Migration
DROP FUNCTION seed_server_offers();
DROP TABLE server_offers;
