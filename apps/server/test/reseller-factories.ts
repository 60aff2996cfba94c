/**
 * Test data for the reseller programme: an approved reseller written straight into the table (the
 * agreement flow itself is tested through its calls), a client's invoice on a given day, the
 * signed agreement paths as the browser signs them, and a client file upload.
 */
import { accountSalt, notificationHashInput, type NotificationAuth } from '@portside/contract/hubs';
import { resellerAgreementPaths } from '@portside/contract/schemas/reseller';
import type { RegisterInput } from '@portside/contract/schemas/auth';
import { newReferrerCode } from '../src/modules/reseller/reseller.service.js';
import type { Answer, TestServer } from './harness.js';
import { newAccount } from './factories.js';
import { nowEpoch, sha512HexWeb } from './hub-client.js';

/** A new confirmed account made an approved reseller with a fresh code. */
export async function approvedReseller(s: TestServer, o: { percent?: number; over?: Partial<RegisterInput> } = {}) {
  const account = await newAccount(s, o.over);
  const code = newReferrerCode();
  await s.db.owner.query(
    `INSERT INTO resellers (client_id, referrer_code, commission_percent, agreement_status, agreement_key, generated_at,
                            signed_key, signed_mime, signed_name, signed_size, submitted_at, approved_at)
     VALUES ($1, $2, $3, 'approved', 'test-agreement-key-0001', now(), 'test-signed-key-00001', 'application/pdf',
             'signed.pdf', 10, now(), now())`,
    [account.clientId, code, o.percent ?? 10],
  );
  return { ...account, code };
}

/** An invoice of the client issued `daysAgo` days ago (negative: in the future), with its net subtotal and VAT. */
export async function invoiceOn(
  s: TestServer,
  clientId: string,
  o: {
    daysAgo: number;
    subtotal: number;
    vat?: number;
    status?: 'open' | 'paid' | 'void';
    kind?: 'order' | 'monthly' | 'deposit';
  },
): Promise<{ id: number; number: string }> {
  const vat = o.vat ?? Math.round(o.subtotal * 0.23);
  const status = o.status ?? 'paid';
  const r = await s.db.owner.query<{ id: number; number: string }>(
    `INSERT INTO invoices (client_id, number, kind, issued_on, due_on, subtotal_cents, vat_cents, total_cents, paid_cents, status,
                           bill_to, paid_at, period_start)
     VALUES ($1, next_invoice_number(current_date), $6::text, current_date - $2::int, current_date - $2::int + 14, $3::int, $4::int,
             $3::int + $4::int, CASE WHEN $5::text = 'paid' THEN $3::int + $4::int ELSE 0 END, $5::text, '{}',
             CASE WHEN $5::text = 'paid' THEN now() END,
             CASE WHEN $6::text = 'monthly' THEN date_trunc('month', current_date - $2::int)::date END)
     RETURNING id::int AS id, number`,
    [clientId, o.daysAgo, o.subtotal, vat, status, o.kind ?? 'order'],
  );
  return r.rows[0]!;
}

/** The caller's MyProfile row (the notification secret signs the service-host paths). */
export async function profileOf(
  s: TestServer,
  token: string,
): Promise<{ email: string; client: string; notification_secret: string }> {
  const r = await s.get('MyProfile', token);
  if (r.status !== 200) throw new Error(`MyProfile: ${JSON.stringify(r.body)}`);
  return r.body[0] as { email: string; client: string; notification_secret: string };
}

/** A signed agreement path of the account, as the browser signs it; `o` spoils one part for the refusal tests. */
export async function agreementPath(
  which: keyof typeof resellerAgreementPaths,
  p: { email: string; client: string; notification_secret: string },
  o: { epoch?: number; secret?: string; client?: string; email?: string } = {},
): Promise<string> {
  const epoch = o.epoch ?? nowEpoch();
  const email = o.email ?? p.email;
  const hash = await sha512HexWeb(
    notificationHashInput(email.toLowerCase(), epoch, accountSalt(o.client ?? p.client, o.secret ?? p.notification_secret)),
  );
  const auth: NotificationAuth = { issuer: 'portside', email, clientId: o.client ?? p.client, epoch, hash };
  return resellerAgreementPaths[which](auth);
}

/** POST a multipart body with one file to a path (FileUpload or the agreement's submit). */
export async function postFile(
  s: TestServer,
  path: string,
  bytes: Buffer,
  o: { token?: string; fields?: Record<string, string>; filename?: string; type?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(o.fields ?? {})) form.append(k, v);
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: o.type ?? 'application/octet-stream' }),
    o.filename ?? 'file.bin',
  );
  const res = await fetch(s.url + path, {
    method: 'POST',
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** A small PDF-looking file (the header is what the upload judges). */
export const pdfBytes = (seed = 1) => Buffer.from(`%PDF-1.7\n% signed copy ${seed}\n%%EOF\n`);
