/**
 * One reference and one status for an invoice across page, PDF and e-mail (issue 12, "Billing
 * agrees with itself"), through the real browser as the demo owner: a partly paid invoice is
 * mailed; /billing shows its transfer reference and status; paying it by bank transfer there leads
 * to /payment-return-banktransfer with that reference and the invoice's status; its PDF, downloaded
 * from /billing, and its e-mail, read in the developer mailbox, say the same; and the e-mail's pay
 * link, opened logged out, shows them again.
 */
import fs from 'node:fs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { runJob } from '../../server/src/jobs/job-handlers';
import { JobName, JobStatus } from '../../server/src/jobs/job-types';
import { idsOf } from '../../server/test/factories';
import { buildIssuedInvoice } from '../../server/test/payment-factories';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { onPath, shot, visible } from './helpers';

let e2e: E2E;
let clientId: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ clientId } = await idsOf(e2e.server, DEMO_USERS.demo.email));
});
afterAll(async () => {
  await e2e?.stop();
});

/** The newest mail to `to` that mentions `text`, as the developer mailbox shows it in a tab of `context`. */
async function mailboxText(context: BrowserContext, to: string, text: string): Promise<string> {
  const tab = await context.newPage();
  try {
    await tab.goto('/dev/mailbox');
    await visible(tab.getByRole('heading', { name: 'Developer mailbox' }));
    await tab.getByLabel('Search by recipient').fill(to);
    const mail = tab.getByRole('article').filter({ hasText: text }).first();
    await visible(mail);
    return await mail.innerText();
  } finally {
    await tab.close();
  }
}

/** A PDF's text as a reader extracts it, whitespace flattened. */
async function pdfText(file: string): Promise<string> {
  const { text } = await extractText(new Uint8Array(fs.readFileSync(file)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('an invoice’s bank-transfer reference and status', () => {
  test('are the same on /billing, on the bank-transfer page, in the PDF, in the e-mail and behind its pay link', async () => {
    // Partly paid and not yet due: a status only the one rule gets right everywhere.
    const inv = await buildIssuedInvoice(e2e.server, clientId, { totalCents: 8150, paidCents: 1150 });
    expect((await runJob(JobName.InvoiceMail, e2e.server.jobDeps(), { invoiceId: inv.id })).status).toBe(JobStatus.Success);

    const { page, context } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/billing');
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: inv.number });
    await visible(row.getByText(`Transfer reference: ${inv.reference}`));
    // The badge's own text (textContent: innerText would give the badge's upper-case rendering).
    const status = ((await row.getByText('Partly paid').filter({ visible: true }).textContent()) ?? '').trim();
    expect(status).toBe('Partly paid');

    // The PDF, downloaded from the same row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download PDF of invoice ${inv.number}` }).click(),
    ]);
    const pdf = await pdfText(await download.path());
    expect(pdf).toContain(`Reference ${inv.reference}`);
    expect(pdf).toContain(`Status ${status}`);

    // Paying it by bank transfer from /billing: the instructions quote the same reference.
    await row.getByRole('checkbox', { name: `Select invoice ${inv.number}` }).check();
    await page.getByRole('button', { name: 'Pay selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay invoices' });
    await dialog.getByRole('radio', { name: 'Bank transfer' }).check();
    await dialog.getByRole('button', { name: 'Pay €70.00' }).click();
    await onPath(page, '/payment-return-banktransfer/invoices');
    const instructions = page.getByRole('table', { name: 'Pay by bank transfer' });
    await visible(instructions.getByText(inv.reference, { exact: true }));
    await visible(instructions.getByText('€70.00'));
    const covers = page.getByRole('list', { name: 'This transfer pays' });
    await visible(covers.getByText(`Invoice ${inv.number}`));
    await visible(covers.getByText(status, { exact: true }));
    await shot(page, 'invoice-reference-bank-transfer');

    // The e-mail, as the developer mailbox shows it.
    const mail = await mailboxText(context, DEMO_USERS.demo.email, inv.number);
    expect(mail).toContain(`Reference: ${inv.reference}`);
    expect(mail).toContain(`Status: ${status}`);
    const payLink = /\/pay-invoice\/\S+/.exec(mail)?.[0];
    expect(payLink, mail).toBeDefined();

    // Its pay link, opened without logging in, and a transfer started there: still the one reference.
    const { page: visitor } = await e2e.newPage();
    await visitor.goto(payLink!);
    await visible(visitor.getByRole('heading', { name: `Invoice ${inv.number}` }));
    await visible(visitor.getByRole('row', { name: `Transfer reference ${inv.reference}` }));
    await visible(visitor.getByText(status, { exact: true }));
    await visitor.getByRole('button', { name: 'Pay by bank transfer' }).click();
    await visible(visitor.getByRole('table', { name: 'Pay by bank transfer' }).getByText(inv.reference, { exact: true }));
  });
});
