-- Up Migration

-- Ordering dedicated servers through the cart (issue 17). An order item is a cloud server (a model,
-- an image and a disk) or a dedicated server (an offer of server_offers): exactly one of the two.
ALTER TABLE order_items ALTER COLUMN model_id DROP NOT NULL,
  ALTER COLUMN image_id DROP NOT NULL,
  ALTER COLUMN disk_gb DROP NOT NULL,
  ADD COLUMN server_offer_id int REFERENCES server_offers(id),
  ADD CONSTRAINT order_items_one_kind CHECK (
    (server_offer_id IS NULL AND model_id IS NOT NULL AND image_id IS NOT NULL AND disk_gb IS NOT NULL)
    OR (server_offer_id IS NOT NULL AND model_id IS NULL AND image_id IS NULL AND disk_gb IS NULL));

-- A paid dedicated item becomes an install (one per item, the order's service with it); staff hand it
-- over by creating the machine's dedicated server from it (DedicatedServerCreate with p_install).
ALTER TABLE server_installs ADD COLUMN order_item_id bigint UNIQUE REFERENCES order_items(id) ON DELETE SET NULL,
  ADD COLUMN equipment_id bigint UNIQUE REFERENCES services(equipment_id) ON DELETE SET NULL;

-- The offer's price covers the machine as ordered: the parts the first inventory finds are included
-- (priced 0); parts added later are priced from dedicated_part_prices.
ALTER TABLE dedicated_servers ADD COLUMN parts_included boolean NOT NULL DEFAULT false;
GRANT UPDATE (parts_included) ON dedicated_servers TO portside_app;

-- Down Migration
ALTER TABLE dedicated_servers DROP COLUMN parts_included;
ALTER TABLE server_installs DROP COLUMN equipment_id, DROP COLUMN order_item_id;
DELETE FROM order_items WHERE server_offer_id IS NOT NULL;
ALTER TABLE order_items DROP CONSTRAINT order_items_one_kind, DROP COLUMN server_offer_id;
ALTER TABLE order_items ALTER COLUMN model_id SET NOT NULL, ALTER COLUMN image_id SET NOT NULL, ALTER COLUMN disk_gb SET NOT NULL;
