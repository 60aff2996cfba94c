/**
 * The SQL of invoicing. Every amount comes from the database's own pricing functions
 * (vm_cost_breakdown, prorate_cents, invoice_vat, next_invoice_number of migration 0013), so the
 * builder's price, the cost breakdown and the invoice lines agree to the cent.
 */
import type { Tx } from '../../db/database.js';

/** A line as written to invoice_lines (amounts in cents, dates 'YYYY-MM-DD'). */
export interface LineDraft {
  description: string;
  equipment_id: number | null;
  provisioned_id: number | null;
  period_from: string;
  period_to: string;
  days: number;
  monthly_cents: number;
  amount_cents: number;
}

export interface IssuedInvoice {
  id: number;
  number: string;
  total_cents: number;
}

/** How a VM is named on an invoice line: hostname · model · location. */
const LINE_NAME = (host: string) => `${host} || ' · ' || m.code || ' · ' || l.name`;
/** A dedicated server's line of an order invoice: its hostname, offer `so` and location `l`. */
const DEDICATED_LINE_NAME = `oi.hostname || ' · ' || so.name || ' · ' || l.name`;

/** The order, locked so that two calls for it run one after the other. */
export async function lockOrder(tx: Tx, orderId: number) {
  const r = await tx.query<{ id: number; client_id: string; ordered_on: string; month_end: string; paid_at: string | null }>(
    `SELECT id, client_id, (created_at AT TIME ZONE 'UTC')::date::text AS ordered_on,
            (date_trunc('month', created_at AT TIME ZONE 'UTC') + interval '1 month - 1 day')::date::text AS month_end, paid_at
       FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  return r.rows[0] ?? null;
}

export async function orderInvoice(tx: Tx, orderId: number): Promise<IssuedInvoice | null> {
  const r = await tx.query<IssuedInvoice>(`SELECT id, number, total_cents FROM invoices WHERE order_id = $1`, [orderId]);
  return r.rows[0] ?? null;
}

/** The order's charged servers, cloud and dedicated (trial items cost nothing), with their first charge. */
export async function orderChargeItems(tx: Tx, orderId: number) {
  const r = await tx.query<{
    description: string;
    provisioned_id: number | null;
    monthly_cents: number;
    first_charge_cents: number;
  }>(
    `SELECT CASE WHEN so.id IS NULL THEN ${LINE_NAME('oi.hostname')} ELSE ${DEDICATED_LINE_NAME} END AS description,
            oi.provisioned_id, oi.monthly_cents, oi.first_charge_cents
       FROM order_items oi JOIN hosting_locations l ON l.id = oi.location_id
       LEFT JOIN vm_models m ON m.id = oi.model_id LEFT JOIN server_offers so ON so.id = oi.server_offer_id
      WHERE oi.order_id = $1 AND NOT oi.trial AND oi.status <> 'cancelled'
      ORDER BY oi.position`,
    [orderId],
  );
  return r.rows;
}

/**
 * Serialises the monthly invoicing of one account and month across every worker (released at the
 * transaction's end), so the existence check that follows cannot race another run.
 */
export async function lockAccountMonth(tx: Tx, clientId: string, monthStart: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing.monthly:' || $1 || ':' || $2, 0))`, [
    clientId,
    monthStart,
  ]);
}

export async function monthlyInvoice(tx: Tx, clientId: string, monthStart: string): Promise<IssuedInvoice | null> {
  const r = await tx.query<IssuedInvoice>(
    `SELECT id, number, total_cents FROM invoices WHERE client_id = $1 AND kind = 'monthly' AND period_start = $2`,
    [clientId, monthStart],
  );
  return r.rows[0] ?? null;
}

/** Accounts with a billed service (a cloud server, or another with a monthly price) active some day of the month and no invoice for it yet. */
export async function accountsToInvoice(tx: Tx, monthStart: string, monthEnd: string): Promise<string[]> {
  const r = await tx.query<{ client_id: string }>(
    `SELECT DISTINCT s.client_id FROM services s
      WHERE ((s.category = 'cloud-server' AND s.provisioned_id IS NOT NULL) OR (s.category <> 'cloud-server' AND s.monthly_cents > 0))
        AND s.start_date <= $2 AND (s.end_date IS NULL OR s.end_date >= $1)
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.client_id = s.client_id AND i.kind = 'monthly' AND i.period_start = $1)
      ORDER BY s.client_id`,
    [monthStart, monthEnd],
  );
  return r.rows.map((x) => x.client_id);
}

/**
 * One line per service of the account for the days of the month it was billable. A cloud server: from the
 * latest of the month's first day, the service's start, the day after its trial and (for a server
 * from a charged order) the first day after the order's month, which the order invoice covered; to
 * the earliest of the month's last day, the service's end and the day its VM was deleted. Each
 * line's monthly price is the VM's cost breakdown with the account's voucher, prorated by day, less
 * its backups: those have a line of their own for the days of the period they were on (a share
 * of the model's full price, never discounted), so enabling or disabling them mid-month is billed
 * by the day. Any other service (a dedicated server, an additional address, an add-on) is billed at
 * its own monthly price for its days, from the month after the order that charged its first month.
 * A cloud server's lines are split at the days its prices change within the period (a dated price
 * change), each part prorated at its own prices; an issued invoice's lines are stored, so a change
 * made later never alters it.
 */
export async function monthLines(
  tx: Tx,
  clientId: string,
  monthStart: string,
  monthEnd: string,
  monthDays: number,
): Promise<LineDraft[]> {
  const r = await tx.query<LineDraft>(
    `WITH billable AS (
       -- Each cloud server with the days of the month it was billable, and what its cost is made of.
       SELECT ${LINE_NAME('v.name')} AS description, s.equipment_id, v.provisioned_id, d.from_d, d.to_d,
              coalesce(pc.old_model_id, v.model_id) AS model_id, c.location_id, coalesce(pc.old_disk_gb, v.disk_gb) AS disk_gb,
              v.snapshots_gb, coalesce(pc.old_external_ipv4, v.external_ipv4) AS external_ipv4,
              account_discount_percent(s.client_id) AS discount
         FROM services s
         JOIN vms v ON v.provisioned_id = s.provisioned_id AND v.client_id = s.client_id
         -- The server as it was on the month's first day: a change since then was charged from its day on (vm_plan_changes).
         LEFT JOIN LATERAL (SELECT x.old_model_id, x.old_disk_gb, x.old_external_ipv4 FROM vm_plan_changes x
                             WHERE x.provisioned_id = v.provisioned_id AND x.changed_on >= $2::date
                             ORDER BY x.changed_on, x.id LIMIT 1) pc ON true
         JOIN clusters c ON c.id = v.cluster_id
         JOIN hosting_locations l ON l.id = c.location_id
         JOIN vm_models m ON m.id = coalesce(pc.old_model_id, v.model_id)
         LEFT JOIN orders o ON o.id = s.order_id
         LEFT JOIN order_items oi ON oi.provisioned_id = s.provisioned_id
         CROSS JOIN LATERAL (SELECT
             greatest($2::date, s.start_date, s.trial_until + 1,
               CASE WHEN o.id IS NOT NULL AND NOT coalesce(oi.trial, o.payment_method = 'trial') AND o.payment_method <> 'staff'
                    THEN (date_trunc('month', o.created_at AT TIME ZONE 'UTC') + interval '1 month')::date END) AS from_d,
             least($3::date, s.end_date, (v.deleted_at AT TIME ZONE 'UTC')::date) AS to_d) d
        WHERE s.client_id = $1 AND s.category = 'cloud-server' AND d.to_d >= d.from_d),
     served AS (
       -- Its period split at the days one of its prices changes (migration 0041), each part with
       -- its monthly cost at that part's prices: a price dated later than the month bills nothing here.
       SELECT sv.description, sv.equipment_id, sv.provisioned_id, part.from_d, part.to_d, cb.cost_breakdown AS b
         FROM billable sv
         CROSS JOIN LATERAL (
           SELECT x.day AS from_d, coalesce(lead(x.day) OVER (ORDER BY x.day) - 1, sv.to_d) AS to_d
             FROM (SELECT sv.from_d AS day
                   UNION SELECT c.day FROM price_change_days(vm_price_items(sv.model_id, sv.location_id), sv.from_d, sv.to_d) c(day)) x) part
         CROSS JOIN LATERAL vm_cost_breakdown_on(part.from_d, sv.model_id, sv.location_id, sv.disk_gb, true, sv.snapshots_gb,
           sv.external_ipv4, sv.discount) cb),
     lines AS (
       -- The server without its backups ...
       SELECT description, equipment_id, provisioned_id, from_d, to_d,
              (b ->> 'total_cost')::int - (b ->> 'backup_cost')::int AS monthly, 0 AS line_order
         FROM served
       UNION ALL
       -- ... and its backups for the days of that period they were on (vm_backup_periods).
       SELECT 'Daily backups · ' || x.description, x.equipment_id, x.provisioned_id,
              greatest(x.from_d, bp.enabled_on), least(x.to_d, coalesce(bp.disabled_on - 1, x.to_d)),
              (x.b ->> 'backup_cost')::int, 1
         FROM served x JOIN vm_backup_periods bp ON bp.provisioned_id = x.provisioned_id
       UNION ALL
       -- Every other service at its own monthly price (a dedicated server's base and parts, an address, an
       -- add-on): from its start (or the month after the order that charged its first month) to its end.
       SELECT s.description, s.equipment_id, NULL::bigint, f.from_d, f.to_d, s.monthly_cents, 0
         FROM services s
         LEFT JOIN orders o ON o.id = s.order_id
         CROSS JOIN LATERAL (SELECT
             greatest($2::date, s.start_date, s.trial_until + 1,
               CASE WHEN o.id IS NOT NULL AND o.payment_method NOT IN ('trial','staff')
                    THEN (date_trunc('month', o.created_at AT TIME ZONE 'UTC') + interval '1 month')::date END) AS from_d,
             least($3::date, s.end_date) AS to_d) f
        WHERE s.client_id = $1 AND s.category <> 'cloud-server' AND s.monthly_cents > 0)
     SELECT description, equipment_id, provisioned_id, from_d::text AS period_from, to_d::text AS period_to,
            (to_d - from_d + 1) AS days, monthly AS monthly_cents, prorate_cents(monthly, to_d - from_d + 1, $4) AS amount_cents
       FROM lines WHERE to_d >= from_d
      ORDER BY equipment_id, line_order, from_d`,
    [clientId, monthStart, monthEnd, monthDays],
  );
  return r.rows;
}

/**
 * The account's billing country and whether it is one of the `countries` (migration 0021), the
 * only countries invoice_vat() computes VAT for; null for an unknown account.
 */
export async function billingCountry(tx: Tx, clientId: string): Promise<{ country: string; known: boolean } | null> {
  const r = await tx.query<{ country: string; known: boolean }>(
    `SELECT c.country, EXISTS (SELECT 1 FROM countries k WHERE k.code = c.country) AS known FROM clients c WHERE c.id = $1`,
    [clientId],
  );
  return r.rows[0] ?? null;
}

export interface InvoiceDraft {
  clientId: string;
  kind: 'order' | 'monthly' | 'change';
  orderId: number | null;
  periodStart: string | null;
  issuedOn: string;
  dueOn: string;
  subtotalCents: number;
  /** When the charge was paid already (an order paid at checkout): the invoice is issued paid. */
  paidAt: string | null;
  sellerCountry: string;
}

/**
 * Writes the invoice with the account's VAT (invoice_vat) and its billing details as they are now,
 * taking the year's next number in this transaction (a rollback gives it back: no gaps).
 */
export async function insertInvoice(tx: Tx, d: InvoiceDraft): Promise<IssuedInvoice> {
  const r = await tx.query<IssuedInvoice>(
    `WITH v AS (SELECT coalesce(percent, 0) AS percent, note, round($3::int * coalesce(percent, 0) / 100.0)::int AS vat
                  FROM invoice_vat($1, $9)),
          b AS (SELECT jsonb_build_object(
                  'name', c.first_name || ' ' || c.last_name, 'company', c.company_name,
                  'address_lines', to_jsonb(array_remove(ARRAY[c.address, nullif(trim(c.address2), ''),
                     trim(c.postcode || ' ' || c.city), nullif(trim(c.state), '')], NULL)),
                  'country', c.country, 'vat_number', nullif(trim(c.vat_number), '')) AS bill_to
                  FROM clients c WHERE c.id = $1)
     INSERT INTO invoices (client_id, number, kind, order_id, period_start, issued_on, due_on, status, subtotal_cents,
                           vat_percent, vat_note, vat_cents, total_cents, paid_cents, paid_at, bill_to)
     SELECT $1, next_invoice_number($6::date), $4, $5, $2, $6, $7, CASE WHEN $8::timestamptz IS NULL THEN 'open' ELSE 'paid' END,
            $3, v.percent, v.note, v.vat, $3 + v.vat, CASE WHEN $8::timestamptz IS NULL THEN 0 ELSE $3 + v.vat END, $8, b.bill_to
       FROM v, b
     RETURNING id, number, total_cents`,
    [d.clientId, d.periodStart, d.subtotalCents, d.kind, d.orderId, d.issuedOn, d.dueOn, d.paidAt, d.sellerCountry],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`invoice for account ${d.clientId} not written: no such account`);
  return row;
}

export async function insertLines(tx: Tx, invoiceId: number, clientId: string, lines: readonly LineDraft[]): Promise<void> {
  await tx.query(
    `INSERT INTO invoice_lines (invoice_id, client_id, position, description, equipment_id, provisioned_id, period_from, period_to,
                                days, monthly_cents, amount_cents)
     SELECT $1, $2, e.ord, e.v->>'description', (e.v->>'equipment_id')::bigint, (e.v->>'provisioned_id')::bigint,
            (e.v->>'period_from')::date, (e.v->>'period_to')::date, (e.v->>'days')::int, (e.v->>'monthly_cents')::int,
            (e.v->>'amount_cents')::int
       FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(v, ord)`,
    [invoiceId, clientId, JSON.stringify(lines)],
  );
}
