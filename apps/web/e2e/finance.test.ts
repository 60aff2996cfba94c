/**
 * /finance (issue 18): the finance user opens it from the sidebar, finds a customer's invoice by
 * its VAT number, downloads the month's CSV for the accountant, sees the payments received and
 * the revenue chart with its table; the page passes axe in light and dark and reads at 390 px; a
 * customer has no Finance entry and the page tells them it is for finance. Finance credits part of
 * a paid invoice, finds the credit note with its PDF, and the customer sees it on /billing.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createBillingClient, createServedVm } from '../../server/test/billing-factories.js';
import { runMonthlyInvoicing } from '../../server/src/modules/billing/monthly-invoicing.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, settled, sidebar, useScheme, visible, withAxe } from './helpers';

let e2e: E2E;
let page: Page;
const month = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  e2e = await startE2E();
  // A German business billed this month under reverse charge.
  const de = await createBillingClient(e2e.server.db, { country: 'DE', vatNumber: 'DE811907980', company: 'Kunde Nord GmbH' });
  await createServedVm(e2e.server.db, { clientId: de, start: '2022-03-01', end: '2022-03-31' });
  expect((await runMonthlyInvoicing(e2e.server.jobDeps(), '2022-03')).failed).toBe(0);
  ({ page } = await e2e.newPage());
  await withAxe(page);
  await e2e.loginAs(page, DEMO_USERS.finance.email, DEMO_USERS.finance.password);
}, 120_000);
afterAll(async () => e2e?.stop());

describe('the finance area', () => {
  test('finds an invoice by VAT number and downloads the month’s CSV', async () => {
    await sidebar(page).getByRole('link', { name: 'Finance' }).click();
    await onPath(page, '/finance');
    await visible(page.getByRole('heading', { level: 1, name: 'Finance' }));
    await page.getByLabel('Search invoices').fill('de811907980');
    const table = page.getByRole('table', { name: 'Invoices of every account' });
    const row = table.getByRole('row').filter({ hasText: 'Kunde Nord GmbH' });
    await visible(row);
    await visible(row.getByText('Reverse charge'));
    await visible(page.getByRole('status').filter({ hasText: '1 invoice' }));

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(file.suggestedFilename()).toBe(`invoices-${month}.csv`);
    const text = await fs.readFile(await file.path(), 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('number,kind,issued_on');
    expect(text).toContain('Kunde Nord GmbH,DE,DE811907980');
  });

  test('shows the payments and the revenue of the last twelve months', async () => {
    await page.getByRole('tab', { name: 'Payments' }).click();
    await visible(page.getByLabel('Search payments'));
    await page.getByRole('tab', { name: 'Revenue' }).click();
    const revenue = page.getByRole('table', { name: 'Revenue by month' });
    await visible(revenue);
    await visible(page.getByText('Net under reverse charge').first());
    expect(await revenue.getByRole('row').count()).toBeGreaterThan(1);
  });

  test('issues a credit note for a paid invoice, which the customer sees on /billing', async () => {
    const paid = await e2e.server.db.owner.query<{ number: string }>(
      `SELECT i.number FROM invoices i JOIN users u ON u.client_id = i.client_id AND u.email = $1
        WHERE i.status = 'paid' AND i.kind <> 'deposit' ORDER BY i.id LIMIT 1`,
      [DEMO_USERS.demo.email],
    );
    const invoice = paid.rows[0]!.number;
    await page.goto('/finance?tab=invoices');
    await page.getByLabel('Search invoices').fill(invoice.toLowerCase());
    const row = page.getByRole('table', { name: 'Invoices of every account' }).getByRole('row').filter({ hasText: invoice });
    await row.getByRole('button', { name: `Issue a credit note for invoice ${invoice}` }).click();
    const dialog = page.getByRole('dialog', { name: `Credit note for invoice ${invoice}` });
    await dialog.getByRole('textbox', { name: 'Net amount to credit' }).fill('1');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    // The reason is required: the form says so and issues nothing.
    await visible(dialog.getByText('Give the reason for the credit note'));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Network outage on 3 November');
    await dialog.getByRole('radio', { name: /^Refund by bank transfer/ }).check();
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await hidden(dialog);
    await visible(row.getByText(/credited$/));

    await page.getByRole('tab', { name: 'Credit notes' }).click();
    const note = page
      .getByRole('table', { name: 'Credit notes of every account' })
      .getByRole('row')
      .filter({ hasText: 'Network outage on 3 November' });
    await visible(note);
    const number = (await note.getByRole('cell').first().textContent())!.trim();
    expect(number).toMatch(/^CN-\d{4}-\d{6}$/);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      note.getByRole('button', { name: `Download credit note ${number} (PDF)` }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    expect((await fs.readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

    const { page: customer } = await e2e.newPage();
    await e2e.loginAs(customer, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await customer.goto('/billing');
    const section = customer.getByRole('region', { name: 'Credit notes' });
    await visible(section.getByText(number));
    await visible(section.getByText('Refunded by bank transfer'));
    await visible(section.getByText(`for invoice ${invoice}`));
    await customer.close();
  });

  test('passes axe in light and dark, and at 390 px', async () => {
    for (const tab of ['invoices', 'credit_notes', 'revenue']) {
      await page.goto(`/finance?tab=${tab}`);
      await settled(page);
      await useScheme(page, 'light');
      expect(await a11yProblems(page), `${tab} light`).toEqual([]);
      await useScheme(page, 'dark');
      expect(await a11yProblems(page, { coloursOnly: true }), `${tab} dark`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await withAxe(phone);
    await e2e.loginAs(phone, DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    await phone.goto('/finance');
    await visible(phone.getByRole('heading', { level: 1, name: 'Finance' }));
    await settled(phone);
    expect(await a11yProblems(phone), '390 px').toEqual([]);
    // Nothing wider than the screen but the tables' own scroll areas.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  test('is not for customers', async () => {
    const { page: customer } = await e2e.newPage();
    await e2e.loginAs(customer, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    expect(await sidebar(customer).getByRole('link', { name: 'Finance' }).count()).toBe(0);
    await customer.goto('/finance');
    await visible(customer.getByText('For finance only'));
  });
});
