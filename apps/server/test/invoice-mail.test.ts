/**
 * The invoice e-mail: the monthly job and the job CreateOrder sends after its commit mail each new
 * invoice once to the account's owner, in the account's language — an open one with a working
 * public pay link, a paid one as a receipt without it; a re-run or a concurrent run mails nothing
 * more, a failed send leaves the invoice for the next run without failing the invoicing, and
 * CreateOrder answers without sending any mail itself.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentPaths } from '@portside/contract/payments';
import { formatCents } from '@portside/contract/rules/money';
import type { OrderLine } from '@portside/contract/schemas/orders';
import { builderOfferId } from '@portside/contract/schemas/orders';
import { runJob } from '../src/jobs/job-handlers.js';
import { JobName, JobStatus } from '../src/jobs/job-types.js';
import { DEMO_USERS, startTestServer, type LogRecord, type TestServer } from './harness.js';
import { idsOf, NO_RATE_LIMIT, scalar } from './factories.js';
import { createBillingClient, createServedVm, invoicesOf } from './billing-factories.js';
import { addCredit, newKey, submitTestCard } from './payment-factories.js';

let s: TestServer;
let other: string;
let otherClient: string;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  other = await s.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
  otherClient = (await idsOf(s, DEMO_USERS.other.email)).clientId;
});
afterAll(async () => s?.stop());

const monthly = (month: string, deps = s.jobDeps()) => runJob(JobName.BillingMonthly, deps, { month });
const mailsTo = async (to: string) =>
  (
    await s.db.owner.query<{ subject: string; text: string }>(
      `SELECT subject, text_body AS text FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id`,
      [to],
    )
  ).rows;

/** An account with an owner and a cloud server billed for all of `month` ('YYYY-MM'). */
async function billedAccount(month: string, language = 'en'): Promise<{ clientId: string; email: string }> {
  const clientId = await createBillingClient(s.db, { language });
  const email = `owner-${crypto.randomBytes(4).toString('hex')}@example.com`;
  await s.db.owner.query(
    `INSERT INTO users (client_id, email, password_hash, first_name, last_name, is_owner) VALUES ($1, $2, 'x', 'Olga', 'Owner', true)`,
    [clientId, email],
  );
  await createServedVm(s.db, { clientId, start: `${month}-01`, end: `${month}-28` });
  return { clientId, email };
}

/** The pay link in a mail's text; checks that the public page it opens shows `number`. */
async function expectWorkingPayLink(text: string, number: string): Promise<void> {
  const m = text.match(/^(\S+)\/pay-invoice\/([^/\s]+)\/(\S+)$/m);
  expect(m, text).not.toBeNull();
  expect(m![1]).toBe(s.config.publicUrl);
  const r = await s.call('GET', paymentPaths.invoice(m![2]!, decodeURIComponent(m![3]!)));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body).toMatchObject({ number, status: 'open' });
}

describe('the monthly job’s invoice e-mails', () => {
  it('mails each new invoice once to the owner, with the total and a working pay link; a re-run mails nothing more', async () => {
    const a = await billedAccount('2023-03');
    const b = await billedAccount('2023-03');
    const run = await monthly('2023-03');
    expect(run.status).toBe(JobStatus.Success);
    expect(run.detail).toContain('2 mailed');
    for (const acc of [a, b]) {
      const [inv] = await invoicesOf(s.db, acc.clientId);
      const mails = await mailsTo(acc.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Portside invoice ${inv.number}`);
      expect(mails[0]!.text).toContain(`Total: ${formatCents(inv.total_cents, 'en-GB')}`);
      expect(mails[0]!.text).toContain('Status: Open');
      expect(mails[0]!.text).toContain('under Billing in the portal');
      await expectWorkingPayLink(mails[0]!.text, inv.number);
    }
    expect((await monthly('2023-03')).status).toBe(JobStatus.Skipped);
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it('writes to a German account in German', async () => {
    const de = await billedAccount('2023-04', 'de');
    await monthly('2023-04');
    const [inv] = await invoicesOf(s.db, de.clientId);
    const [mail, ...more] = await mailsTo(de.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Portside-Rechnung ${inv.number}`);
    expect(mail!.text).toContain(`Ihre Rechnung ${inv.number} wurde ausgestellt.`);
    expect(mail!.text).toContain(`Gesamtbetrag: ${formatCents(inv.total_cents, 'de-DE')}`);
    expect(mail!.text).toContain('Status: Offen');
    expect(mail!.text).toContain('unter Abrechnung');
    await expectWorkingPayLink(mail!.text, inv.number);
  });

  it('mails once when two runs go at once', async () => {
    const a = await billedAccount('2023-05');
    await Promise.all([monthly('2023-05'), monthly('2023-05')]);
    expect(await mailsTo(a.email)).toHaveLength(1);
  });

  it('a failed send fails no invoice; the invoice stays unmailed and the next run mails it', async () => {
    const a = await billedAccount('2023-06');
    const lines: LogRecord[] = [];
    const broken = {
      ...s.jobDeps((m) => lines.push(m)),
      mailer: { send: async () => Promise.reject(new Error('mail server down')) },
    };
    const run = await monthly('2023-06', broken);
    expect(run.status).toBe(JobStatus.Success);
    expect(run.detail).toMatch(/1 issued.*0 mailed, 1 mails failed/);
    const [inv] = await invoicesOf(s.db, a.clientId);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'invoice mail failed; left for the next run',
        invoice: inv.number,
        err: 'mail server down',
      }),
    );
    expect(await scalar(s, `SELECT count(*) FROM invoices WHERE id = $1 AND mailed_at IS NULL`, [inv.id])).toBe(1);
    expect(await mailsTo(a.email)).toHaveLength(0);
    await monthly('2023-06');
    const mails = await mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(inv.number);
  });
});

describe('CreateOrder’s invoice e-mail', () => {
  let modelId: number;
  let serial = 0;
  beforeAll(async () => {
    modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
  });
  function line(): OrderLine {
    const config = {
      model_id: modelId,
      image: 'debian-12',
      disk_gb: 30,
      backups: false,
      hostname: `mail${Date.now().toString(36)}${serial++}`,
      project: null,
      ssh_keys: [],
    };
    return { offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config };
  }
  const order = (method: string, key = newKey()) =>
    s.rpc('CreateOrder', { p_idempotency_key: key, p_items: [line()], p_payment_method: method }, other);
  const orderInvoice = async (orderId: number) =>
    (await s.db.owner.query(`SELECT id, number, status, total_cents, mailed_at FROM invoices WHERE order_id = $1`, [orderId]))
      .rows[0];

  it('mails the open invoice of a bank-transfer order once, with its pay link', async () => {
    const before = (await mailsTo(DEMO_USERS.other.email)).length;
    const key = newKey();
    const r = await order('bank_transfer', key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await s.jobsIdle();
    const inv = await orderInvoice(r.body.order_id);
    expect(inv).toMatchObject({ status: 'open', mailed_at: expect.any(Date) });
    const mails = (await mailsTo(DEMO_USERS.other.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(inv.number);
    expect(mails[0]!.text).toContain(formatCents(inv.total_cents, 'en-GB'));
    await expectWorkingPayLink(mails[0]!.text, inv.number);
    // The same order again (double submit), and the monthly job's sweep: no second mail.
    expect((await order('bank_transfer', key)).body).toEqual(r.body);
    await monthly('2019-01');
    expect((await mailsTo(DEMO_USERS.other.email)).slice(before)).toHaveLength(1);
  });

  it('mails an invoice paid at once from the balance as a receipt, without a pay link', async () => {
    await addCredit(s, otherClient, 100_000);
    const before = (await mailsTo(DEMO_USERS.other.email)).length;
    const r = await order('balance');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await s.jobsIdle();
    const inv = await orderInvoice(r.body.order_id);
    expect(inv.status).toBe('paid');
    const mails = (await mailsTo(DEMO_USERS.other.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Portside invoice ${inv.number} (paid)`);
    expect(mails[0]!.text).toContain('Status: Paid');
    expect(mails[0]!.text).toContain(formatCents(inv.total_cents, 'en-GB'));
    expect(mails[0]!.text).not.toContain('/pay-invoice/');
  });
});

describe('the invoice e-mail of an order paid by card', () => {
  let modelId: number;
  let serial = 0;
  beforeAll(async () => {
    modelId = Number(await scalar(s, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
  });
  const cardOrder = async () => {
    const config = {
      model_id: modelId,
      image: 'debian-12',
      disk_gb: 30,
      backups: false,
      hostname: `card${Date.now().toString(36)}${serial++}`,
      project: null,
      ssh_keys: [],
    };
    const items = [{ offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config }];
    const r = await s.rpc('CreateOrder', { p_idempotency_key: newKey(), p_items: items, p_payment_method: 'card' }, other);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { order_id: number; payment: { payment_id: number; redirect_url: string } };
  };
  const numberOf = async (orderId: number) =>
    (await s.db.owner.query(`SELECT number FROM invoices WHERE order_id = $1`, [orderId])).rows[0]!.number as string;

  it('waits for the checkout: paid a moment later, the one mail is a receipt, never a pay-it-online mail', async () => {
    const before = (await mailsTo(DEMO_USERS.other.email)).length;
    const o = await cardOrder();
    await s.jobsIdle();
    // The checkout is under way: no mail yet, and the retry sweep leaves it alone too.
    await runJob(JobName.InvoiceMailRetry, s.jobDeps(), {});
    expect((await mailsTo(DEMO_USERS.other.email)).slice(before)).toHaveLength(0);
    await submitTestCard(s, o.payment.redirect_url, { card: '4242 4242 4242 4242', action: 'pay' });
    expect((await s.rpc('PaymentStatus', { p_payment_id: o.payment.payment_id }, other)).body.status).toBe('succeeded');
    await s.jobsIdle();
    const number = await numberOf(o.order_id);
    const mails = (await mailsTo(DEMO_USERS.other.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([`Portside invoice ${number} (paid)`]);
    expect(mails[0]!.text).toContain('Status: Paid');
    expect(mails[0]!.text).not.toContain('/pay-invoice/');
  });

  it('mails the pay link once the card is declined, and after a checkout left open too long', async () => {
    const before = (await mailsTo(DEMO_USERS.other.email)).length;
    const declined = await cardOrder();
    await submitTestCard(s, declined.payment.redirect_url, { card: '4000 0000 0000 0002', action: 'pay' });
    expect((await s.rpc('PaymentStatus', { p_payment_id: declined.payment.payment_id }, other)).body.status).toBe('failed');
    await s.jobsIdle();
    let mails = (await mailsTo(DEMO_USERS.other.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(await numberOf(declined.order_id));
    expect(mails[0]!.text).toContain('/pay-invoice/');

    const left = await cardOrder();
    await s.jobsIdle();
    await s.db.owner.query(`UPDATE payments SET created_at = now() - interval '31 minutes' WHERE id = $1`, [
      left.payment.payment_id,
    ]);
    await runJob(JobName.InvoiceMailRetry, s.jobDeps(), {});
    mails = (await mailsTo(DEMO_USERS.other.email)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain(await numberOf(left.order_id));
    expect(mails[1]!.text).toContain('/pay-invoice/');
  });
});

describe('CreateOrder and the invoice.mail job', () => {
  it('answers without sending mail; the mail arrives from the job, once', async () => {
    // A server whose invoice.mail jobs wait in the test's hands instead of running.
    const held: Array<{ invoiceId: number }> = [];
    const t = await startTestServer(
      { rateLimit: NO_RATE_LIMIT },
      {
        wrapQueue: (inline) => ({
          ...inline,
          send: async (name, data, opts) => {
            if (name !== JobName.InvoiceMail) return inline.send(name, data, opts);
            held.push(data as { invoiceId: number });
            return null;
          },
        }),
      },
    );
    try {
      const token = await t.login(DEMO_USERS.other.email, DEMO_USERS.other.password);
      const modelId = Number(await scalar(t, `SELECT id FROM vm_models WHERE code = 'S1R2' AND core_type = 'vcore'`));
      const config = {
        model_id: modelId,
        image: 'debian-12',
        disk_gb: 30,
        backups: false,
        hostname: 'held-mail',
        project: null,
        ssh_keys: [],
      };
      const line = { offer_id: builderOfferId('lisbon', config), location: 'lisbon', quantity: 1, config };
      const mails = async () =>
        Number(await scalar(t, `SELECT count(*) FROM mail_outbox WHERE lower(to_address) = lower($1)`, [DEMO_USERS.other.email]));
      const before = await mails();
      const r = await t.rpc(
        'CreateOrder',
        { p_idempotency_key: newKey(), p_items: [line], p_payment_method: 'bank_transfer' },
        token,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await t.jobsIdle();
      const inv = (await t.db.owner.query(`SELECT id::int AS id, mailed_at FROM invoices WHERE order_id = $1`, [r.body.order_id]))
        .rows[0];
      // The request sent the job and no mail: the invoice is not even claimed.
      expect(held).toEqual([{ invoiceId: inv.id }]);
      expect(inv.mailed_at).toBeNull();
      expect(await mails()).toBe(before);
      const first = await runJob(JobName.InvoiceMail, t.jobDeps(), held[0]!);
      expect(first.status).toBe(JobStatus.Success);
      expect(await mails()).toBe(before + 1);
      // The job again (a retry, a duplicate send) and the retry sweep: no second mail.
      expect((await runJob(JobName.InvoiceMail, t.jobDeps(), held[0]!)).status).toBe(JobStatus.Skipped);
      expect((await runJob(JobName.InvoiceMailRetry, t.jobDeps(), {})).status).toBe(JobStatus.Skipped);
      expect(await mails()).toBe(before + 1);
    } finally {
      await t.stop();
    }
  });

  it('mails by the retry sweep an invoice whose mail failed, once', async () => {
    const before = (await mailsTo(DEMO_USERS.other.email)).length;
    const a = await billedAccount('2023-07');
    // The monthly run issues the invoice, but its mail fails: the sweep is what is left to mail it.
    await monthly('2023-07', {
      ...s.jobDeps(),
      mailer: { send: async () => Promise.reject(new Error('down')) },
    });
    expect(await mailsTo(a.email)).toHaveLength(0);
    const swept = await runJob(JobName.InvoiceMailRetry, s.jobDeps(), {});
    expect(swept.status).toBe(JobStatus.Success);
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect((await runJob(JobName.InvoiceMailRetry, s.jobDeps(), {})).status).toBe(JobStatus.Skipped);
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect((await mailsTo(DEMO_USERS.other.email)).length).toBe(before);
  });
});
