/**
 * Billing test data, written directly through the owner pool (no row-level security): accounts
 * with a country, VAT number, voucher and language; cloud servers with their service rows as the
 * order flow leaves them; orders with their items; and deposits.
 */
import crypto from 'node:crypto';
import type { Database } from '../src/db/database.js';
import { createTestVm } from './vm-factories.js';

type Db = Pick<Database, 'owner'>;

export interface BillingClientSpec {
  country?: string;
  vatNumber?: string | null;
  voucher?: string | null;
  language?: string;
  company?: string | null;
}

/** An account (client row and its default project) without users: enough for invoicing. */
export async function createBillingClient(db: Db, spec: BillingClientSpec = {}): Promise<string> {
  const r = await db.owner.query<{ id: string }>(
    `INSERT INTO clients (first_name, last_name, company_name, address, city, country, phone_prefix, phone_number, state, postcode,
                          vat_number, voucher_code, language)
     VALUES ('Bea', 'Billing', $1, 'Rua do Ouro 12', 'Lisboa', $2, '+351', '912000111', 'Lisboa', '1100-060', $3, $4, $5)
     RETURNING id`,
    [
      spec.company ?? 'Billing Test Lda',
      spec.country ?? 'PT',
      spec.vatNumber ?? null,
      spec.voucher ?? null,
      spec.language ?? 'en',
    ],
  );
  const id = r.rows[0]!.id;
  await db.owner.query(`INSERT INTO projects (client_id, name, is_default) VALUES ($1, 'default', true)`, [id]);
  return id;
}

/** A voucher with a discount (valid for a year). */
export async function createVoucher(db: Db, percent: number): Promise<string> {
  const code = `T${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await db.owner.query(
    `INSERT INTO vouchers (code, notes, valid_to, discount_percent) VALUES ($1, 'test', current_date + 365, $2)`,
    [code, percent],
  );
  return code;
}

export interface ServedVmSpec {
  clientId: string;
  /** 'lis-sim' (Lisbon, default) or 'fra-sim' (Frankfurt). */
  cluster?: string;
  model?: string;
  coreType?: string;
  diskGb?: number;
  backups?: boolean;
  snapshotsGb?: number;
  externalIpv4?: number;
  start: string;
  end?: string | null;
  trialUntil?: string | null;
  orderId?: number | null;
}

/** A cloud server and its service row (category cloud-server), billable from `start`. */
export async function createServedVm(
  db: Db,
  spec: ServedVmSpec,
): Promise<{ provisionedId: number; equipmentId: number; name: string }> {
  const name = `bill-${crypto.randomBytes(4).toString('hex')}.example`;
  const { provisionedId } = await createTestVm(db, {
    clientId: spec.clientId,
    name,
    cluster: spec.cluster,
    model: spec.model,
    coreType: spec.coreType,
  });
  await db.owner.query(
    `UPDATE vms SET disk_gb = coalesce($2, disk_gb), backups_enabled = $3, snapshots_gb = $4, external_ipv4 = $5 WHERE provisioned_id = $1`,
    [provisionedId, spec.diskGb ?? null, spec.backups ?? false, spec.snapshotsGb ?? 0, spec.externalIpv4 ?? 0],
  );
  // Backups on from the service's start (the trigger dated their period today).
  await db.owner.query(`UPDATE vm_backup_periods SET enabled_on = $2 WHERE provisioned_id = $1`, [provisionedId, spec.start]);
  const s = await db.owner.query<{ equipment_id: number }>(
    `INSERT INTO services (client_id, category, description, provisioned_id, order_id, start_date, end_date, min_cancel_date, trial_until)
     VALUES ($1, 'cloud-server', $2, $3, $4, $5, $6, $5, $7) RETURNING equipment_id`,
    [spec.clientId, name, provisionedId, spec.orderId ?? null, spec.start, spec.end ?? null, spec.trialUntil ?? null],
  );
  return { provisionedId, equipmentId: s.rows[0]!.equipment_id, name };
}

export interface OrderItemSpec {
  hostname: string;
  model?: string;
  coreType?: string;
  location?: string;
  monthlyCents: number;
  firstChargeCents: number;
  trial?: boolean;
}

/** An order placed at `createdAt` with its items; paid at that moment when `paid`. */
export async function createOrder(
  db: Db,
  spec: { clientId: string; createdAt: string; items: OrderItemSpec[]; paid?: boolean; method?: string },
): Promise<number> {
  const subtotal = spec.items.reduce((a, i) => a + i.firstChargeCents, 0);
  const monthly = spec.items.reduce((a, i) => a + i.monthlyCents, 0);
  const o = await db.owner.query<{ id: number }>(
    `INSERT INTO orders (client_id, idempotency_key, payment_method, status, subtotal_cents, total_cents, monthly_cents, created_at, paid_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, CASE WHEN $8 THEN $7::timestamptz END) RETURNING id`,
    [
      spec.clientId,
      crypto.randomUUID(),
      spec.method ?? 'card',
      spec.paid ? 'paid' : 'awaiting_payment',
      subtotal,
      monthly,
      spec.createdAt,
      !!spec.paid,
    ],
  );
  const orderId = o.rows[0]!.id;
  let position = 0;
  for (const i of spec.items) {
    await db.owner.query(
      `INSERT INTO order_items (order_id, client_id, position, offer_id, model_id, location_id, image_id, hostname, disk_gb, monthly_cents,
                                first_charge_cents, trial)
       SELECT $1, $2, $3, 'offer-' || m.code, m.id, $6, 'debian-12', $7, m.disk_gb, $8, $9, $10
         FROM vm_models m WHERE m.code = $4 AND m.core_type = $5`,
      [
        orderId,
        spec.clientId,
        ++position,
        i.model ?? 'S1R2',
        i.coreType ?? 'vcore',
        i.location ?? 'lisbon',
        i.hostname,
        i.monthlyCents,
        i.firstChargeCents,
        i.trial ?? false,
      ],
    );
  }
  return orderId;
}

/** A succeeded deposit: the payment and the balance entry it adds. */
export async function createDeposit(db: Db, clientId: string, cents: number, method = 'bank_transfer'): Promise<number> {
  const p = await db.owner.query<{ id: number }>(
    `INSERT INTO payments (client_id, method, purpose, amount_cents, status, reference, idempotency_key, completed_at)
     VALUES ($1, $2, 'deposit', $3, 'succeeded', $4, $5, now()) RETURNING id`,
    [clientId, method, cents, `DEP-${crypto.randomBytes(5).toString('hex').toUpperCase()}`, crypto.randomUUID()],
  );
  await db.owner.query(`INSERT INTO balance_entries (client_id, amount_cents, kind, payment_id) VALUES ($1, $2, 'deposit', $3)`, [
    clientId,
    cents,
    p.rows[0]!.id,
  ]);
  return p.rows[0]!.id;
}

/** The full monthly cost of a VM from the pricing function (the account's voucher applied). */
export async function vmMonthlyCents(db: Db, provisionedId: number): Promise<number> {
  const r = await db.owner.query<{ total: number }>(
    `SELECT (vm_cost_breakdown(v.model_id, c.location_id, v.disk_gb, v.backups_enabled, v.snapshots_gb, v.external_ipv4,
             account_discount_percent(v.client_id)) ->> 'total_cost')::int AS total
       FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.provisioned_id = $1`,
    [provisionedId],
  );
  return r.rows[0]!.total;
}

/** A VM's monthly backup cost from the pricing function (a share of the model's full price, no voucher). */
export async function vmBackupCents(db: Db, provisionedId: number): Promise<number> {
  const r = await db.owner.query<{ backup: number }>(
    `SELECT (vm_cost_breakdown(v.model_id, c.location_id, v.disk_gb, true, 0, 0, 0) ->> 'backup_cost')::int AS backup
       FROM vms v JOIN clusters c ON c.id = v.cluster_id WHERE v.provisioned_id = $1`,
    [provisionedId],
  );
  return r.rows[0]!.backup;
}

/** An account's invoices with their lines (owner view). */
export async function invoicesOf(db: Db, clientId: string) {
  const r = await db.owner.query(
    `SELECT i.id, i.number, i.kind, i.period_start::text, i.status, i.subtotal_cents, i.vat_percent::float AS vat_percent, i.vat_note,
            i.vat_cents, i.total_cents, i.paid_cents, i.bill_to, i.issued_on::text, i.due_on::text,
            (SELECT jsonb_agg(jsonb_build_object('description', l.description, 'from', l.period_from, 'to', l.period_to, 'days', l.days,
               'monthly', l.monthly_cents, 'amount', l.amount_cents, 'provisioned_id', l.provisioned_id) ORDER BY l.position)
               FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines
       FROM invoices i WHERE i.client_id = $1 ORDER BY i.id`,
    [clientId],
  );
  return r.rows;
}
