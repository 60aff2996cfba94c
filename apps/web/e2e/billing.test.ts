/**
 * /billing through the real browser as the demo owner (seeded invoices and a deposit): the
 * balance, the invoices with status badges, a PDF download, the selection of two open invoices
 * and their total, the Add funds form's rule, the deposits; the page at 390 px and in German.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, visible } from './helpers';

let e2e: E2E;
let page: Page;
let invoices: Array<{ id: number; number: string; status: string; total_cents: number }>;

const eur = (cents: number) =>
  `€${(cents / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  const token = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  invoices = (await e2e.server.get('MyInvoices', token)).body;
});

afterAll(async () => {
  await e2e?.stop();
});

const table = () => page.getByRole('table', { name: 'Invoices' });

describe('billing as the demo owner', () => {
  test('shows the balance, the invoices with their status and the deposit', async () => {
    await page.goto('/billing');
    await visible(page.getByRole('heading', { level: 1, name: 'Billing' }));
    await visible(page.getByTestId('balance-amount').filter({ hasText: '€50.00' }));
    expect(invoices.length).toBe(3);
    for (const inv of invoices) await visible(table().getByRole('row').filter({ hasText: inv.number }));
    const paid = invoices.find((i) => i.status === 'paid')!;
    await visible(table().getByRole('row').filter({ hasText: paid.number }).getByText('Paid').filter({ visible: true }));
    expect(
      await table()
        .getByRole('checkbox', { name: `Select invoice ${paid.number}` })
        .count(),
    ).toBe(0);
    await visible(page.getByRole('table', { name: 'Deposits' }).getByText('€50.00'));
    await visible(page.getByRole('table', { name: 'Deposits' }).getByText('Bank transfer'));
  });

  test('downloads an invoice as a PDF', async () => {
    const inv = invoices[0]!;
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/InvoicePdf/${inv.id}`)),
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download PDF of invoice ${inv.number}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toBe(`${inv.number}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('selects two open invoices and shows their total for one payment', async () => {
    const open = invoices.filter((i) => i.status === 'open');
    expect(open.length).toBe(2);
    await visible(page.getByText('Select open invoices to pay them together.'));
    expect(await page.getByRole('button', { name: 'Pay selected' }).isDisabled()).toBe(true);
    for (const inv of open)
      await table()
        .getByRole('checkbox', { name: `Select invoice ${inv.number}` })
        .check();
    await visible(page.getByText('2 invoices selected'));
    const total = open.reduce((s, i) => s + i.total_cents, 0);
    await visible(page.getByTestId('selected-total').filter({ hasText: `Total: ${eur(total)}` }));
    await page.getByRole('button', { name: 'Pay selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay invoices' });
    await visible(dialog.getByText('2 invoices'));
    for (const inv of open) await visible(dialog.getByText(inv.number));
    await visible(dialog.getByLabel('Total').filter({ hasText: eur(total) }));
    await visible(dialog.getByRole('radio', { name: 'Card' }));
    await visible(dialog.getByRole('button', { name: `Pay ${eur(total)}` }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await visible(page.getByText('Select open invoices to pay them together.'));
  });

  test('keeps the amount to add within the limits', async () => {
    await page.getByRole('button', { name: 'Add funds' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add funds' });
    const amount = dialog.getByLabel('Amount in euros');
    await visible(dialog.getByText('From 5 € to 10 000 €. Deposits are added to your credit balance once paid.'));
    // Below the smallest deposit the field takes the minimum when it is left.
    await amount.fill('2');
    await amount.blur();
    expect(await amount.inputValue()).toBe('€ 5');
    await amount.fill('');
    await amount.pressSequentially('25.5');
    await amount.blur();
    await visible(dialog.getByText(eur(2550)));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
  });

  test('fits a 390 px screen without sideways scrolling', async () => {
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await phone.goto('/billing');
    await visible(phone.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(3));
    await visible(phone.getByRole('button', { name: `Download PDF of invoice ${invoices[0]!.number}` }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: '/tmp/billing-390.png', fullPage: true });
  });

  test('speaks the interface language', async () => {
    await page.getByRole('button', { name: /: English$/ }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Abrechnung' }));
    await visible(page.getByRole('button', { name: 'Guthaben aufladen' }));
    await visible(page.getByTestId('balance-amount').filter({ hasText: /50,00\s€/ }));
    await page.screenshot({ path: '/tmp/billing-de.png', fullPage: true });
  });
});
