/**
 * Demo billing (issue 5), after the demo services (seed-services.ts): the monthly invoices of the
 * last three complete months, issued on the 1st after each month as the monthly job would have,
 * and for the demo owner a deposit on the balance and the oldest invoice paid — so /billing shows
 * a balance, paid and open invoices and a deposit. Idempotent: invoices and the demo payments are
 * only added where missing.
 */
import type pg from 'pg';
import { billingMonth, previousMonth, shiftMonth } from '@portside/contract/rules/billing-period';
import { accountsToInvoice } from '../modules/billing/billing.repository.js';
import { addDays, invoiceAccountMonth } from '../modules/billing/invoicing.js';
import { inTransaction } from './transaction.js';

const MONTHS = 3;
const DEMO_DEPOSIT_CENTS = 5000;

/** The demo owner's deposit and the oldest invoice paid by card, once (references: the payments' own, from their ids). */
async function seedDemoPayments(pool: pg.Pool, demoEmail: string): Promise<void> {
  await inTransaction(pool, async (c) => {
    const demo = (await c.query<{ client_id: string }>(`SELECT client_id FROM users WHERE lower(email) = lower($1)`, [demoEmail]))
      .rows[0];
    if (!demo || (await c.query(`SELECT 1 FROM payments WHERE client_id = $1 LIMIT 1`, [demo.client_id])).rowCount) return;
    const dep = await c.query<{ id: number }>(
      `INSERT INTO payments (client_id, method, purpose, amount_cents, status, reference, idempotency_key, created_at, completed_at)
       VALUES ($1, 'bank_transfer', 'deposit', $2, 'succeeded', $3, 'seed-demo-deposit', now() - interval '20 days', now() - interval '18 days')
       RETURNING id`,
      [demo.client_id, DEMO_DEPOSIT_CENTS, null],
    );
    await c.query(
      `INSERT INTO balance_entries (client_id, amount_cents, kind, payment_id, note, created_at)
      VALUES ($1, $2, 'deposit', $3, 'Demo deposit', now() - interval '18 days')`,
      [demo.client_id, DEMO_DEPOSIT_CENTS, dep.rows[0]!.id],
    );
    const oldest = (
      await c.query<{ id: number; total_cents: number; paid_at: string }>(
        `SELECT id, total_cents, (issued_on + 3)::timestamptz AS paid_at FROM invoices WHERE client_id = $1 AND status = 'open' ORDER BY id LIMIT 1`,
        [demo.client_id],
      )
    ).rows[0];
    if (!oldest) return;
    await c.query(
      `INSERT INTO payments (client_id, method, purpose, invoice_ids, amount_cents, status, reference, provider, idempotency_key, created_at, completed_at)
       VALUES ($1, 'card', 'invoices', ARRAY[$2::bigint], $3, 'succeeded', $4, 'test-card', 'seed-demo-invoice-payment', $5, $5)`,
      [demo.client_id, oldest.id, oldest.total_cents, null, oldest.paid_at],
    );
    await c.query(`UPDATE invoices SET status = 'paid', paid_cents = total_cents, paid_at = $2 WHERE id = $1`, [
      oldest.id,
      oldest.paid_at,
    ]);
  });
}

export async function seedDemoInvoices(pool: pg.Pool, demoEmail: string, now: Date = new Date()): Promise<void> {
  const last = previousMonth(now);
  for (let back = MONTHS - 1; back >= 0; back--) {
    const month = billingMonth(shiftMonth(last, -back))!;
    const issuedOn = addDays(month.end, 1);
    const accounts = await inTransaction(pool, (c) => accountsToInvoice(c, month.start, month.end));
    for (const clientId of accounts) await inTransaction(pool, (c) => invoiceAccountMonth(c, clientId, month, issuedOn));
  }
  await seedDemoPayments(pool, demoEmail);
  // Demo history, not news: nobody is e-mailed these invoices (migration 0019 mailed_at).
  await pool.query(`UPDATE invoices SET mailed_at = created_at WHERE mailed_at IS NULL`);
}
