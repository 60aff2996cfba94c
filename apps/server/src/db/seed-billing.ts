/**
 * Billing reference data (issue 5): the price list (each model's monthly price per location —
 * Frankfurt's electricity makes it 15% dearer), the system images (packages/contract images.ts)
 * and the EU VAT rates.
 * Upserted, so a re-seed updates prices without touching orders or invoices.
 */
import type pg from 'pg';
import { VM_IMAGES } from '@portside/contract/images';

/** Frankfurt's surcharge over the model's base price, percent. */
const ELECTRICITY_SURCHARGE_PERCENT = 15;

/** Standard VAT rates of the EU member states, percent (2026). */
const EU_VAT: Record<string, number> = {
  AT: 20,
  BE: 21,
  BG: 20,
  HR: 25,
  CY: 19,
  CZ: 21,
  DK: 25,
  EE: 24,
  FI: 25.5,
  FR: 20,
  DE: 19,
  GR: 24,
  HU: 27,
  IE: 23,
  IT: 22,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SK: 23,
  SI: 22,
  ES: 21,
  SE: 25,
};

export async function seedBilling(c: pg.PoolClient): Promise<void> {
  await c.query(
    `INSERT INTO vm_prices (model_id, location_id, monthly_price_cents)
       SELECT m.id, l.id, CASE WHEN l.electricity_warning THEN round(m.monthly_price_cents * (100 + $1) / 100.0)::int ELSE m.monthly_price_cents END
         FROM vm_models m CROSS JOIN hosting_locations l
     ON CONFLICT (model_id, location_id) DO UPDATE SET monthly_price_cents = EXCLUDED.monthly_price_cents`,
    [ELECTRICITY_SURCHARGE_PERCENT],
  );
  // The images of the contract (the clusters' templates are named after their ids), in its order.
  for (const [n, i] of VM_IMAGES.entries()) {
    await c.query(
      `INSERT INTO vm_images (id, name, os_family, min_disk_gb, sort) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, os_family = EXCLUDED.os_family, min_disk_gb = EXCLUDED.min_disk_gb, sort = EXCLUDED.sort`,
      [i.id, i.name, i.osFamily, i.minDiskGb, n + 1],
    );
  }
  for (const [country, percent] of Object.entries(EU_VAT)) {
    await c.query(
      `INSERT INTO vat_rates (country_code, percent, eu) VALUES ($1, $2, true)
       ON CONFLICT (country_code) DO UPDATE SET percent = EXCLUDED.percent, eu = true`,
      [country, percent],
    );
  }
}
