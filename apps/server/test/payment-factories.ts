/**
 * Test data for payments: open invoices written straight into the invoices table (numbers from
 * next_invoice_number, as invoicing takes them), credit, the hosted test card page driven over
 * HTTP as a browser's form would, and the signed service-host paths.
 */
import crypto from 'node:crypto';
import { accountSalt, notificationHashInput, type NotificationAuth } from '@portside/contract/hubs';
import { paymentPaths } from '@portside/contract/payments';
import { invoiceReference } from '@portside/contract/rules/payment-reference';
import { payInvoicePath } from '../src/modules/payments/invoice-link.js';
import type { TestServer } from './harness.js';
import { nowEpoch, sha512HexWeb } from './hub-client.js';

/** An invoice of the account (kind 'order', no order), open unless told otherwise. */
export async function buildInvoice(
  s: TestServer,
  clientId: string,
  o: { totalCents?: number; paidCents?: number; status?: 'open' | 'paid' | 'void' } = {},
): Promise<{ id: number; number: string; totalCents: number }> {
  const total = o.totalCents ?? 1230;
  const r = await s.db.owner.query<{ id: number; number: string }>(
    `INSERT INTO invoices (client_id, number, kind, due_on, subtotal_cents, vat_cents, total_cents, paid_cents, status, bill_to, paid_at)
     VALUES ($1, next_invoice_number(current_date), 'order', current_date + 14, $2, 0, $2, $3, $4, '{}',
             CASE WHEN $4 = 'paid' THEN now() END)
     RETURNING id, number`,
    [clientId, total, o.paidCents ?? (o.status === 'paid' ? total : 0), o.status ?? 'open'],
  );
  return { ...r.rows[0]!, totalCents: total };
}

/**
 * An open invoice as invoicing writes one — billing details, a line, due in `dueInDays` — so that
 * its PDF renders as a customer's would; its reference is the contract's invoiceReference().
 */
export async function buildIssuedInvoice(
  s: TestServer,
  clientId: string,
  o: { totalCents?: number; paidCents?: number; dueInDays?: number } = {},
): Promise<{ id: number; number: string; totalCents: number; reference: string }> {
  const inv = await buildInvoice(s, clientId, { totalCents: o.totalCents, paidCents: o.paidCents });
  await s.db.owner.query(
    `UPDATE invoices SET due_on = current_date + $2::int,
            bill_to = '{"name":"Demo Customer","company":null,"address_lines":["Rua do Ouro 12","1100-060 Lisboa"],"country":"PT","vat_number":null}'
      WHERE id = $1`,
    [inv.id, o.dueInDays ?? 14],
  );
  await s.db.owner.query(
    `INSERT INTO invoice_lines (invoice_id, client_id, position, description, amount_cents)
     VALUES ($1, $2, 1, 'app.example · S1R2 · Lisbon', $3)`,
    [inv.id, clientId, inv.totalCents],
  );
  return { ...inv, reference: invoiceReference(inv.number) };
}

/** Credit on the account's balance (an adjustment entry). */
export async function addCredit(s: TestServer, clientId: string, cents: number): Promise<void> {
  await s.db.owner.query(
    `INSERT INTO balance_entries (client_id, amount_cents, kind, note) VALUES ($1, $2, 'adjustment', 'test credit')`,
    [clientId, cents],
  );
}

export async function balanceOf(s: TestServer, clientId: string): Promise<number> {
  return Number((await s.db.owner.query(`SELECT account_balance_cents($1) AS c`, [clientId])).rows[0].c);
}

export async function invoiceRow(
  s: TestServer,
  id: number,
): Promise<{ status: string; paid_cents: number; paid_at: string | null }> {
  return (await s.db.owner.query(`SELECT status, paid_cents, paid_at FROM invoices WHERE id = $1`, [id])).rows[0];
}

export const newKey = () => crypto.randomUUID();

/**
 * Submits the hosted test card page at `pageUrl` (a redirect_url) as its form does: Pay with a
 * card number, or Cancel. Gives the status, the Location it sends the browser to, and the HTML.
 */
export async function submitTestCard(s: TestServer, pageUrl: string, form: { card?: string; action: 'pay' | 'cancel' }) {
  const res = await fetch(new URL(pageUrl, s.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: form.card ?? '', action: form.action }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

/** The public invoice link's invoice part and page path, signed with the server's key. */
export function invoiceLink(s: TestServer, number: string, nowMs = Date.now()) {
  const path = payInvoicePath(s.secrets.dataKey, s.config.notificationIssuer, number, nowMs);
  const [, , issuer, part] = path.split('/');
  return { path, issuer: issuer!, part: decodeURIComponent(part!) };
}

/** A signed service-host path of the account, as the browser signs it (profile: MyProfile's row). */
export async function signedPaymentPath(
  which: 'deposit' | 'helper',
  p: { email: string; client: string; notification_secret: string },
  o: { epoch?: number; secret?: string } = {},
): Promise<string> {
  const epoch = o.epoch ?? nowEpoch();
  const hash = await sha512HexWeb(
    notificationHashInput(p.email.toLowerCase(), epoch, accountSalt(p.client, o.secret ?? p.notification_secret)),
  );
  const auth: NotificationAuth = { issuer: 'portside', email: p.email, clientId: p.client, epoch, hash };
  return paymentPaths[which](auth);
}
