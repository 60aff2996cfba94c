/**
 * My services demo data (issue 5): the catalogue of services a customer adds by hand (upserted,
 * so a re-seed updates prices), and services for the demo accounts' servers with some history.
 * A server's service is created only when it has none (the order flow or another seed step may
 * have made it: ON CONFLICT (provisioned_id) DO NOTHING); the hand-added services and their
 * history only when the account has no hand-added service yet. Idempotent.
 */
import type pg from 'pg';
import { CLOUD_SERVER_DESCRIPTION } from '../modules/orders/provision.repository.js';

/** What AddClientService offers. */
export const SERVICE_PRODUCTS = [
  {
    code: 'managed-backup',
    category: 'addon',
    name: 'Managed off-site backup (100 GB)',
    monthlyCents: 490,
    months: 1,
    needsParent: true,
    sort: 1,
  },
  {
    code: 'monitoring',
    category: 'addon',
    name: '24/7 monitoring and alerting',
    monthlyCents: 290,
    months: 1,
    needsParent: true,
    sort: 2,
  },
  {
    code: 'extra-ipv4',
    category: 'ip-address',
    name: 'Additional IPv4 address',
    monthlyCents: 150,
    months: 1,
    needsParent: true,
    sort: 3,
  },
  {
    code: 'priority-support',
    category: 'addon',
    name: 'Priority support plan',
    monthlyCents: 2900,
    months: 12,
    needsParent: false,
    sort: 4,
  },
] as const;

async function seedProducts(pool: pg.Pool): Promise<void> {
  for (const p of SERVICE_PRODUCTS) {
    await pool.query(
      `INSERT INTO service_products (code, category, name, monthly_cents, contract_months, needs_parent, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (code) DO UPDATE SET category = EXCLUDED.category, name = EXCLUDED.name, monthly_cents = EXCLUDED.monthly_cents,
         contract_months = EXCLUDED.contract_months, needs_parent = EXCLUDED.needs_parent, sort = EXCLUDED.sort`,
      [p.code, p.category, p.name, p.monthlyCents, p.months, p.needsParent, p.sort],
    );
  }
}

/** A service for each of the account's servers that has none, with its 'created' history row. */
async function seedServerServices(pool: pg.Pool, clientId: string): Promise<void> {
  await pool.query(
    `WITH made AS (
       INSERT INTO services (client_id, category, description, description_key, description_params, provisioned_id, start_date, min_cancel_date, contract_months, monthly_cents, created_at)
       SELECT v.client_id, 'cloud-server', ${CLOUD_SERVER_DESCRIPTION}, v.provisioned_id, v.created_at::date,
              (v.created_at::date + interval '1 month')::date, 1,
              (vm_cost_breakdown(v.model_id, c.location_id, v.disk_gb, v.backups_enabled, v.snapshots_gb, v.external_ipv4,
                                 account_discount_percent(v.client_id)) ->> 'total_cost')::int,
              v.created_at
         FROM vms v JOIN vm_models m ON m.id = v.model_id JOIN clusters c ON c.id = v.cluster_id
         JOIN hosting_locations l ON l.id = c.location_id
        WHERE v.client_id = $1 AND v.state <> 'deleted'
        ORDER BY v.provisioned_id
       ON CONFLICT (provisioned_id) DO NOTHING
       RETURNING *)
     INSERT INTO services_history (client_id, equipment_id, change_type, change_date, start_date, category, contract_months, min_cancel_date)
     SELECT client_id, equipment_id, 'created', created_at, start_date, category, contract_months, min_cancel_date FROM made`,
    [clientId],
  );
}

/** Hand-added services of the demo owner (a backup add-on, a support plan) and a cancellation. */
async function seedDemoExtras(pool: pg.Pool, clientId: string): Promise<void> {
  const had = await pool.query(`SELECT 1 FROM services WHERE client_id = $1 AND category <> 'cloud-server' LIMIT 1`, [clientId]);
  if (had.rowCount) return;
  const server = async (name: string) =>
    (
      await pool.query<{ equipment_id: string }>(
        `SELECT s.equipment_id FROM services s JOIN vms v ON v.provisioned_id = s.provisioned_id WHERE s.client_id = $1 AND v.name = $2`,
        [clientId, name],
      )
    ).rows[0]?.equipment_id ?? null;
  const add = async (code: string, parent: string | null, daysAgo: number, comment: string | null) => {
    const r = await pool.query(
      `WITH made AS (
         INSERT INTO services (client_id, parent_equipment_id, category, description, product_code, start_date, min_cancel_date, contract_months, monthly_cents, comment, created_at)
         SELECT $1, $2, p.category, p.name, p.code, utc_today() - $4::int, (utc_today() - $4::int + make_interval(months => p.contract_months))::date,
                p.contract_months, p.monthly_cents, $5, now() - make_interval(days => $4::int)
           FROM service_products p WHERE p.code = $3
         RETURNING *)
       INSERT INTO services_history (client_id, equipment_id, change_type, change_date, start_date, category, contract_months, min_cancel_date)
       SELECT client_id, equipment_id, 'created', created_at, start_date, category, contract_months, min_cancel_date FROM made`,
      [clientId, parent, code, daysAgo, comment],
    );
    return r.rowCount;
  };
  await add('managed-backup', await server('db-1.demo.example'), 60, 'Nightly copy of the customer database');
  await add('priority-support', null, 100, null);
  // The build runner is cancelled for the end of next month.
  const runner = await server('build-runner');
  if (runner) {
    await pool.query(
      `WITH upd AS (
         UPDATE services SET end_date = (date_trunc('month', utc_today()) + interval '2 months' - interval '1 day')::date
          WHERE equipment_id = $1 AND end_date IS NULL RETURNING *)
       INSERT INTO services_history (client_id, equipment_id, change_type, change_date, start_date, end_date, category, contract_months, min_cancel_date)
       SELECT client_id, equipment_id, 'cancel-requested', now() - interval '2 days', start_date, end_date, category, contract_months, min_cancel_date FROM upd`,
      [runner],
    );
  }
}

/** The catalogue and the demo services. Runs after the demo servers exist (seed.ts). */
export async function seedServices(pool: pg.Pool, emails: { demo: string; other: string }): Promise<void> {
  await seedProducts(pool);
  for (const email of [emails.demo, emails.other]) {
    const acct = await pool.query<{ client_id: string }>(`SELECT client_id FROM users WHERE lower(email) = lower($1)`, [email]);
    const clientId = acct.rows[0]?.client_id;
    if (!clientId) continue;
    await seedServerServices(pool, clientId);
    if (email === emails.demo) await seedDemoExtras(pool, clientId);
  }
}
