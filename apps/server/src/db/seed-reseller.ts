/**
 * The demo reseller (issue 17), after the accounts' commit (seed.ts makes the accounts): an
 * approved reseller with the referrer code RESEL, two clients under contract since the start of
 * the month before last (registered through its link), and a month of their invoices — two paid,
 * one open — so /reseller shows clients, invoices and a commission from the first start.
 * Idempotent: rows are only added where missing.
 */
import type pg from 'pg';
import { billingMonth, previousMonth, shiftMonth } from '@portside/contract/rules/billing-period';
import { RESELLER_CONTRACT_MONTHS } from '@portside/contract/schemas/reseller';
import { insertInvoice, insertLines, type LineDraft } from '../modules/billing/billing.repository.js';
import { addDays } from '../modules/billing/invoicing.js';
import { SELLER } from '../modules/billing/seller.js';
import { inTransaction } from './transaction.js';

/** The demo reseller's referrer code: its links carry `?ref=<language>RESEL`. */
export const DEMO_REFERRER_CODE = 'RESEL';

/** The demo reseller's two clients (accounts of their own, listed in the README). */
export const DEMO_REFERRED = {
  clara: { email: 'clara@portside.test', password: 'clara123' },
  bruno: { email: 'bruno@portside.test', password: 'bruno123' },
} as const;

const clientOf = async (c: pg.PoolClient, email: string) =>
  (await c.query<{ client_id: string }>(`SELECT client_id FROM users WHERE lower(email) = lower($1)`, [email])).rows[0]
    ?.client_id;

/** The line of one cloud server for `days` of a month of `monthDays`, prorated by day. */
function line(description: string, from: string, to: string, days: number, monthDays: number, monthly: number): LineDraft {
  const amount = Math.round((monthly * days) / monthDays);
  return {
    description,
    equipment_id: null,
    provisioned_id: null,
    period_from: from,
    period_to: to,
    days,
    monthly_cents: monthly,
    amount_cents: amount,
  };
}

export async function seedDemoReseller(
  pool: pg.Pool,
  emails: { reseller: string; clara: string; bruno: string },
  now: Date = new Date(),
): Promise<void> {
  const last = billingMonth(previousMonth(now))!;
  const before = billingMonth(shiftMonth(previousMonth(now), -1))!;
  await inTransaction(pool, async (c) => {
    const reseller = await clientOf(c, emails.reseller);
    const clara = await clientOf(c, emails.clara);
    const bruno = await clientOf(c, emails.bruno);
    if (!reseller || !clara || !bruno) return;
    // Approved without going through the calls: the agreement's files are not part of the demo.
    await c.query(
      `INSERT INTO resellers (client_id, referrer_code, commission_percent, agreement_status, agreement_key, generated_at,
                              signed_key, signed_mime, signed_name, signed_size, submitted_at, approved_at)
       VALUES ($1, $2, 10, 'approved', 'seed-demo-agreement-0001', $3::date - 10, 'seed-demo-agreement-signed-0001',
               'application/pdf', 'reseller-agreement-signed.pdf', 1, $3::date - 8, $3::date - 5)
       ON CONFLICT (client_id) DO NOTHING`,
      [reseller, DEMO_REFERRER_CODE, before.start],
    );
    for (const client of [clara, bruno]) {
      await c.query(`UPDATE clients SET referrer = $2 WHERE id = $1 AND referrer IS NULL`, [client, DEMO_REFERRER_CODE]);
      await c.query(
        `INSERT INTO reseller_contracts (reseller_id, client_id, origin, commission_percent, created_at, expires_at)
         VALUES ($1, $2, 'referral', 10, $3::date, $3::date + make_interval(months => $4))
         ON CONFLICT (client_id) DO NOTHING`,
        [reseller, client, before.start, RESELLER_CONTRACT_MONTHS],
      );
    }
    const issue = async (
      client: string,
      d: { kind: 'monthly' | 'order'; issuedOn: string; paid: boolean; period: string | null; lines: LineDraft[] },
    ) => {
      const invoice = await insertInvoice(c, {
        clientId: client,
        kind: d.kind,
        orderId: null,
        periodStart: d.period,
        issuedOn: d.issuedOn,
        dueOn: addDays(d.issuedOn, 14),
        subtotalCents: d.lines.reduce((sum, l) => sum + l.amount_cents, 0),
        paidAt: d.paid ? `${addDays(d.issuedOn, 2)}T10:00:00Z` : null,
        sellerCountry: SELLER.country,
      });
      await insertLines(c, invoice.id, client, d.lines);
    };
    const hasInvoices = async (client: string) =>
      ((await c.query(`SELECT 1 FROM invoices WHERE client_id = $1`, [client])).rowCount ?? 0) > 0;
    // Last month: Clara's month of two servers (paid) and an order (paid); Bruno's month of one server (open).
    if (!(await hasInvoices(clara))) {
      await issue(clara, {
        kind: 'monthly',
        issuedOn: last.start,
        paid: true,
        period: before.start,
        lines: [
          line('clara-web · S2R4 · Lisbon', before.start, before.end, before.days, before.days, 1690),
          line('clara-db · S4R16 · Lisbon', before.start, before.end, before.days, before.days, 3005),
        ],
      });
      await issue(clara, {
        kind: 'order',
        issuedOn: addDays(last.start, 13),
        paid: true,
        period: null,
        lines: [line('clara-cache · S2R8 · Lisbon', addDays(last.start, 13), last.end, last.days - 13, last.days, 1615)],
      });
    }
    if (!(await hasInvoices(bruno))) {
      await issue(bruno, {
        kind: 'monthly',
        issuedOn: last.start,
        paid: false,
        period: before.start,
        lines: [line('kunde-app · S4R8 · Frankfurt', before.start, before.end, before.days, before.days, 2645)],
      });
    }
    // Demo history, not news: nobody is e-mailed these invoices.
    await c.query(`UPDATE invoices SET mailed_at = created_at WHERE mailed_at IS NULL AND client_id = ANY($1::uuid[])`, [
      [clara, bruno],
    ]);
  });
}
