/**
 * The SQL of payments. Every query names the account explicitly, so it is right in the account's
 * tenant transaction (where row-level security also holds) and in the system scope (finance,
 * the public invoice link) alike.
 */
import type { PaymentMethod, PaymentPurpose, PaymentStatus } from '@portside/contract/schemas/payments';
import type { Tx } from '../../db/database.js';

export interface PaymentRow {
  id: number;
  client_id: string;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  order_id: number | null;
  invoice_ids: number[];
  amount_cents: number;
  status: PaymentStatus;
  reference: string;
  provider: string | null;
  provider_ref: string | null;
  idempotency_key: string;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  completed_at: string | null;
}

// bigint[] would come back as strings; invoice ids stay far below 2^53.
const COLUMNS = `id, client_id, method, purpose, order_id, invoice_ids::float8[] AS invoice_ids, amount_cents, status, reference, provider, provider_ref,
  idempotency_key, failure_code, failure_message, created_at, completed_at`;

export async function findByKey(tx: Tx, clientId: string, key: string): Promise<PaymentRow | null> {
  const r = await tx.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND idempotency_key = $2`, [
    clientId,
    key,
  ]);
  return r.rows[0] ?? null;
}

/**
 * A new pending payment, or null when the account already has a payment with this idempotency key
 * (committed by a concurrent call). Its reference is `reference` when given (a transfer for one
 * invoice quotes the invoice's), else made from its id by the table's trigger.
 */
export async function insertPayment(
  tx: Tx,
  p: {
    clientId: string;
    method: PaymentMethod;
    purpose: PaymentPurpose;
    orderId: number | null;
    invoiceIds: number[];
    amountCents: number;
    provider: string;
    key: string;
    reference?: string | null;
  },
): Promise<PaymentRow | null> {
  const r = await tx.query<PaymentRow>(
    `INSERT INTO payments (client_id, method, purpose, order_id, invoice_ids, amount_cents, provider, idempotency_key, reference)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (client_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
    [p.clientId, p.method, p.purpose, p.orderId, p.invoiceIds, p.amountCents, p.provider, p.key, p.reference ?? null],
  );
  return r.rows[0] ?? null;
}

export async function setProviderRef(tx: Tx, id: number, ref: string): Promise<void> {
  await tx.query(`UPDATE payments SET provider_ref = $2 WHERE id = $1`, [id, ref]);
}

/** A payment by id; with `clientId` only one of that account. */
export async function getPayment(tx: Tx, id: number, clientId?: string): Promise<PaymentRow | null> {
  const r = await tx.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1 AND ($2::uuid IS NULL OR client_id = $2)`, [
    id,
    clientId ?? null,
  ]);
  return r.rows[0] ?? null;
}

/** A payment by its reference (not locked). */
export async function findByReference(tx: Tx, reference: string): Promise<PaymentRow | null> {
  const r = await tx.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE reference = $1`, [reference]);
  return r.rows[0] ?? null;
}

/** A payment by its reference, locked until the transaction ends. */
export async function lockByReference(tx: Tx, reference: string): Promise<PaymentRow | null> {
  const r = await tx.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE reference = $1 FOR UPDATE`, [reference]);
  return r.rows[0] ?? null;
}

/**
 * Moves a pending payment to its outcome, once: the conditional update decides who applies it.
 * Gives the payment as it is now, or null when it was no longer pending.
 */
export async function settle(
  tx: Tx,
  id: number,
  o: {
    status: Exclude<PaymentStatus, 'pending'>;
    failureCode?: string | null;
    failureMessage?: string | null;
    confirmedBy?: string | null;
  },
): Promise<PaymentRow | null> {
  const r = await tx.query<PaymentRow>(
    `UPDATE payments SET status = $2, failure_code = $3, failure_message = $4, confirmed_by = $5, completed_at = now()
      WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, o.status, o.failureCode ?? null, o.failureMessage ?? null, o.confirmedBy ?? null],
  );
  return r.rows[0] ?? null;
}

export interface InvoiceRow {
  id: number;
  client_id: string;
  number: string;
  /** The invoice's bank-transfer reference (migration 0026). */
  reference: string;
  kind: 'order' | 'monthly' | 'deposit';
  order_id: number | null;
  status: 'open' | 'paid' | 'void';
  issued_on: string;
  due_on: string;
  total_cents: number;
  paid_cents: number;
}

const INVOICE_COLUMNS = `id::int AS id, client_id, number, reference, kind, order_id::int AS order_id, status, issued_on::text AS issued_on,
  due_on::text AS due_on, total_cents, paid_cents`;

/** The account's invoices of `ids` (those that exist), locked in id order until the transaction ends. */
export async function lockInvoices(tx: Tx, clientId: string, ids: number[]): Promise<InvoiceRow[]> {
  const r = await tx.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE client_id = $1 AND id = ANY($2::bigint[]) ORDER BY id FOR UPDATE`,
    [clientId, ids],
  );
  return r.rows;
}

/** An invoice by its number (any account: the public link names it). */
export async function invoiceByNumber(tx: Tx, number: string): Promise<InvoiceRow | null> {
  const r = await tx.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE number = $1`, [number]);
  return r.rows[0] ?? null;
}

/** An invoice by its number (any account), locked until the transaction ends. */
export async function lockInvoiceByNumber(tx: Tx, number: string): Promise<InvoiceRow | null> {
  const r = await tx.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE number = $1 FOR UPDATE`, [number]);
  return r.rows[0] ?? null;
}

/** The invoice of an order's first charge, locked until the transaction ends (null before it has one). */
export async function lockOrderInvoice(tx: Tx, orderId: number): Promise<InvoiceRow | null> {
  const r = await tx.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE order_id = $1 AND kind = 'order' FOR UPDATE`,
    [orderId],
  );
  return r.rows[0] ?? null;
}

/** Whether the order has items and all of them are dedicated servers. */
export async function orderDedicatedOnly(tx: Tx, orderId: number | null): Promise<boolean> {
  if (orderId === null) return false;
  const r = await tx.query<{ only: boolean }>(
    `SELECT count(*) > 0 AND bool_and(server_offer_id IS NOT NULL) AS only FROM order_items WHERE order_id = $1`,
    [orderId],
  );
  return r.rows[0]?.only ?? false;
}

/** The invoices a payment pays — those it names, or an order payment's order invoice — in id order. */
export async function invoicesOfPayment(
  tx: Tx,
  p: Pick<PaymentRow, 'client_id' | 'invoice_ids' | 'order_id'>,
): Promise<InvoiceRow[]> {
  const r = await tx.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices
      WHERE client_id = $1 AND (id = ANY($2::bigint[]) OR ($3::bigint IS NOT NULL AND order_id = $3 AND kind = 'order'))
      ORDER BY id`,
    [p.client_id, p.invoice_ids, p.order_id],
  );
  return r.rows;
}

/** Adds a paid amount to an invoice; it becomes paid when nothing is left open. */
export async function payIntoInvoice(tx: Tx, id: number, cents: number): Promise<void> {
  await tx.query(
    `UPDATE invoices SET paid_cents = paid_cents + $2,
            status = CASE WHEN paid_cents + $2 >= total_cents THEN 'paid' ELSE status END,
            paid_at = CASE WHEN paid_cents + $2 >= total_cents THEN now() ELSE paid_at END
      WHERE id = $1 AND status = 'open'`,
    [id, cents],
  );
}

export async function addBalanceEntry(
  tx: Tx,
  e: {
    clientId: string;
    amountCents: number;
    kind: 'deposit' | 'payment' | 'adjustment';
    paymentId: number;
    invoiceId?: number | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO balance_entries (client_id, amount_cents, kind, payment_id, invoice_id, note) VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.clientId, e.amountCents, e.kind, e.paymentId, e.invoiceId ?? null, e.note ?? null],
  );
}

/**
 * The account's credit balance, with the account's balance locked until the transaction ends, so
 * two payments from the balance cannot both spend the same money.
 */
export async function lockedBalance(tx: Tx, clientId: string): Promise<number> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('portside.balance:' || $1, 0))`, [clientId]);
  const r = await tx.query<{ cents: number }>(`SELECT account_balance_cents($1) AS cents`, [clientId]);
  return r.rows[0]?.cents ?? 0;
}

/** An order of the account, locked until the transaction ends. */
export async function lockOrder(
  tx: Tx,
  orderId: number,
  clientId?: string,
): Promise<{ id: number; status: string; total_cents: number } | null> {
  const r = await tx.query<{ id: number; status: string; total_cents: number }>(
    `SELECT id, status, total_cents FROM orders WHERE id = $1 AND ($2::uuid IS NULL OR client_id = $2) FOR UPDATE`,
    [orderId, clientId ?? null],
  );
  return r.rows[0] ?? null;
}
