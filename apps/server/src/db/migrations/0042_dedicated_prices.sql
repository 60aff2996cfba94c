-- Up Migration

-- The dedicated-server price lists and their reference lists (issue 18: ServersPricelist,
-- ServersDisksPricelist, ServersCPUFamilies, ServersModels, ServersDiskTypes, ServerDiskSets).
--
-- Prices are dated (migration 0040). Item keys of these lists:
--   'server_offer:<server_offers.id>'  base: server_offers.monthly_price_cents (whole cents a month)
--   'disk_type:<SSD|NVMe|HDD>'          base: dedicated_part_prices.cents_per_unit (cents per TB a month)
--   'ram:gb'                            base: dedicated_part_prices.cents_per_unit of 'ram' (cents per GB a month)
-- The base columns are never updated by a price change: they are the price before any change.
-- A rented server bills its service's own monthly_cents (its contract price, set at order or
-- hand-over), so a new list price applies to new orders and to parts first seen from its day on.

-- Processors the offers are built with.
CREATE TABLE server_cpu_families (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 100),
  vendor text NOT NULL CHECK (char_length(vendor) BETWEEN 1 AND 50),
  -- null: not known (a processor only read from a server's BMC).
  cores int CHECK (cores BETWEEN 1 AND 1024),
  threads int CHECK (threads BETWEEN 1 AND 2048),
  generation text CHECK (char_length(generation) BETWEEN 1 AND 100),
  CHECK (threads IS NULL OR cores IS NULL OR threads >= cores)
);

-- Chassis (server models).
CREATE TABLE server_models (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vendor text NOT NULL CHECK (char_length(vendor) BETWEEN 1 AND 50),
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 100),
  form_factor text CHECK (form_factor IN ('1U','2U','3U','4U','tower','blade')),
  drive_bays int CHECK (drive_bays BETWEEN 0 AND 200),
  max_ram_gb int CHECK (max_ram_gb BETWEEN 1 AND 65536)
);

-- Disk types: one per media type the BMC reports, wrapping its price row of dedicated_part_prices
-- (which keeps the base price the first inventory reads).
CREATE TABLE server_disk_types (
  kind text PRIMARY KEY REFERENCES dedicated_part_prices(kind) CHECK (kind IN ('SSD','NVMe','HDD')),
  interface text NOT NULL CHECK (interface IN ('SATA','SAS','PCIe')),
  sort int NOT NULL DEFAULT 0
);
INSERT INTO server_disk_types (kind, interface, sort) VALUES ('NVMe', 'PCIe', 1), ('SSD', 'SATA', 2), ('HDD', 'SAS', 3);

-- Named disk configurations: count × size × type, one or more parts ('2 × 480 GB SSD + 8 × 16 TB HDD').
CREATE TABLE server_disk_sets (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 100)
);
CREATE TABLE server_disk_set_parts (
  set_id int NOT NULL REFERENCES server_disk_sets(id) ON DELETE CASCADE,
  position int NOT NULL CHECK (position >= 1),
  count int NOT NULL CHECK (count BETWEEN 1 AND 100),
  size_gb int NOT NULL CHECK (size_gb BETWEEN 1 AND 1000000),
  kind text NOT NULL REFERENCES server_disk_types(kind),
  PRIMARY KEY (set_id, position)
);

ALTER TABLE server_offers ADD COLUMN cpu_family_id int REFERENCES server_cpu_families(id),
  ADD COLUMN model_id int REFERENCES server_models(id),
  ADD COLUMN disk_set_id int REFERENCES server_disk_sets(id);

GRANT SELECT ON server_cpu_families, server_models, server_disk_types, server_disk_sets, server_disk_set_parts TO portside_app;
GRANT UPDATE (name, sort, active) ON server_offers TO portside_app;
-- ServersPricelistCreate: a new offer from the reference lists.
GRANT INSERT ON server_offers TO portside_app;
GRANT USAGE ON SEQUENCE server_offers_id_seq TO portside_app;

-- Links every offer without references to the CPU family its `cpu` names and the disk set its
-- `disks` text describes, adding those that do not exist yet (a disk set from its text, parsed as
-- '<count> × <size> <GB|TB> <SSD|NVMe|HDD>' parts joined by ' + '; a text that does not parse
-- stays unlinked). Also lists the processors and chassis of the dedicated servers. Idempotent.
CREATE FUNCTION link_server_offer_references() RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  d record;
  parts text[];
  m text[];
  new_id int;
  ok boolean;
BEGIN
  INSERT INTO server_cpu_families (name, vendor, cores)
    SELECT DISTINCT ON (cpu) cpu, split_part(cpu, ' ', 1), cores FROM server_offers ORDER BY cpu, cores
  ON CONFLICT (name) DO NOTHING;
  INSERT INTO server_cpu_families (name, vendor)
    SELECT DISTINCT CASE WHEN s.cpu_name ILIKE split_part(s.cpu_family, ' ', 1) || ' %' THEN s.cpu_name
                         ELSE split_part(s.cpu_family, ' ', 1) || ' ' || s.cpu_name END,
           split_part(s.cpu_family, ' ', 1)
      FROM dedicated_servers s
  ON CONFLICT (name) DO NOTHING;
  INSERT INTO server_models (vendor, name)
    SELECT DISTINCT split_part(model, ' ', 1), model FROM dedicated_servers
  ON CONFLICT (name) DO NOTHING;
  UPDATE server_offers o SET cpu_family_id = f.id FROM server_cpu_families f WHERE f.name = o.cpu AND o.cpu_family_id IS NULL;

  FOR d IN SELECT DISTINCT disks FROM server_offers WHERE disk_set_id IS NULL LOOP
    IF NOT EXISTS (SELECT 1 FROM server_disk_sets WHERE name = d.disks) THEN
      parts := string_to_array(d.disks, ' + ');
      ok := char_length(d.disks) <= 100;
      FOR i IN 1 .. coalesce(array_length(parts, 1), 0) LOOP
        ok := ok AND parts[i] ~ '^[0-9]{1,3} × [0-9]+(\.[0-9]+)? (GB|TB) (SSD|NVMe|HDD)$';
      END LOOP;
      CONTINUE WHEN NOT ok;
      INSERT INTO server_disk_sets (name) VALUES (d.disks) RETURNING id INTO new_id;
      FOR i IN 1 .. array_length(parts, 1) LOOP
        m := regexp_match(parts[i], '^([0-9]+) × ([0-9.]+) (GB|TB) (SSD|NVMe|HDD)$');
        INSERT INTO server_disk_set_parts (set_id, position, count, size_gb, kind)
          VALUES (new_id, i, m[1]::int, round(m[2]::numeric * CASE WHEN m[3] = 'TB' THEN 1000 ELSE 1 END)::int, m[4]);
      END LOOP;
    END IF;
  END LOOP;
  UPDATE server_offers o SET disk_set_id = s.id FROM server_disk_sets s WHERE s.name = o.disks AND o.disk_set_id IS NULL;
END
$$;

-- What is known of the processors and chassis the provider's seed and demo use (the text columns
-- say only a name): filled in where a name matches, never overwriting what staff entered.
CREATE FUNCTION seed_server_references() RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO server_cpu_families (name, vendor, cores, threads, generation) VALUES
    ('Intel Xeon E-2388G', 'Intel', 8, 16, 'Rocket Lake'),
    ('AMD EPYC 7313P', 'AMD', 16, 32, 'Milan (Zen 3)'),
    ('AMD EPYC 9354P', 'AMD', 32, 64, 'Genoa (Zen 4)'),
    ('Intel Xeon Silver 4314', 'Intel', 16, 32, 'Ice Lake'),
    ('Intel Xeon Silver 4214R', 'Intel', 12, 24, 'Cascade Lake'),
    ('Intel Xeon Gold 6230', 'Intel', 20, 40, 'Cascade Lake')
  ON CONFLICT (name) DO NOTHING;
  INSERT INTO server_models (vendor, name, form_factor, drive_bays, max_ram_gb) VALUES
    ('Dell', 'PowerEdge R250', '1U', 4, 128),
    ('Dell', 'PowerEdge R6515', '1U', 10, 2048),
    ('Supermicro', 'A+ Server 1115CS-TNR', '1U', 10, 6144),
    ('Supermicro', 'SuperStorage 620P-E1CR12L', '2U', 12, 2048),
    ('HPE', 'ProLiant DL360 Gen10', '1U', 10, 3072),
    ('Supermicro', 'SuperServer 1029U-TR4', '1U', 10, 3072)
  ON CONFLICT (name) DO NOTHING;
  -- The seeded offers' chassis (by product), where none is set.
  UPDATE server_offers o SET model_id = m.id
    FROM (VALUES ('ds-e2388', 'PowerEdge R250'), ('ds-ep7313', 'PowerEdge R6515'), ('ds-ep9354', 'A+ Server 1115CS-TNR'),
                 ('ds-st4314', 'SuperStorage 620P-E1CR12L')) AS p (product, model)
    JOIN server_models m ON m.name = p.model
   WHERE o.product = p.product AND o.model_id IS NULL;
  SELECT link_server_offer_references();
$$;

-- The seed calls seed_server_offers() again once it has made the locations of a new database, so
-- the offers it adds get their references there too.
CREATE OR REPLACE FUNCTION seed_server_offers() RETURNS void LANGUAGE sql VOLATILE AS $$
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
    monthly_price_cents = EXCLUDED.monthly_price_cents, sort = EXCLUDED.sort;
  SELECT seed_server_references();
$$;
SELECT seed_server_references();

-- Down Migration
CREATE OR REPLACE FUNCTION seed_server_offers() RETURNS void LANGUAGE sql VOLATILE AS $$
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
DROP FUNCTION seed_server_references();
DROP FUNCTION link_server_offer_references();
REVOKE UPDATE (name, sort, active), INSERT ON server_offers FROM portside_app;
REVOKE USAGE ON SEQUENCE server_offers_id_seq FROM portside_app;
DELETE FROM price_changes WHERE item LIKE 'server_offer:%' OR item LIKE 'disk_type:%' OR item = 'ram:gb';
ALTER TABLE server_offers DROP COLUMN disk_set_id, DROP COLUMN model_id, DROP COLUMN cpu_family_id;
DROP TABLE server_disk_set_parts;
DROP TABLE server_disk_sets;
DROP TABLE server_disk_types;
DROP TABLE server_models;
DROP TABLE server_cpu_families;
