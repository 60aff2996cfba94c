/**
 * Payments in the browser (issue 5): an open invoice paid by test card through the hosted page to
 * 'Payment received'; a declined card shows the reason, the invoice stays open, and 'Try again'
 * pays it; the public /pay-invoice page works logged out (card and bank transfer); the bank
 * transfer page with its instructions; the pages at 390 px and in German.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { buildInvoice, invoiceLink, invoiceRow, newKey } from '../../server/test/payment-factories';
import { idsOf } from '../../server/test/factories';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { onPath, visible, shot } from './helpers';

let e2e: E2E;
let token: string;
let clientId: string;

beforeAll(async () => {
  e2e = await startE2E();
  token = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  ({ clientId } = await idsOf(e2e.server, DEMO_USERS.demo.email));
});
afterAll(async () => {
  await e2e?.stop();
});

/** Starts a payment of the invoice as the billing page's dialog does, and answers its start. */
async function startPayment(invoiceId: number, method: 'card' | 'bank_transfer') {
  const r = await e2e.server.rpc(
    'PayInvoices',
    { p_invoice_ids: [invoiceId], p_method: method, p_idempotency_key: newKey() },
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { payment_id: number; redirect_url?: string; reference: string };
}

/** Types a card number on the hosted test card page and presses Pay. */
async function payOnHostedPage(page: Page, card: string): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Test card payment' }));
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

describe('a logged-in customer', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('pays an open invoice by test card through the hosted page to “Payment received”', async () => {
    const inv = await buildInvoice(e2e.server, clientId, { totalCents: 4599 });
    const started = await startPayment(inv.id, 'card');
    await page.goto(started.redirect_url!);
    await visible(page.getByText('€45.99').first());
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await onPath(page, '/payment-return/invoices');
    await visible(page.getByRole('alert').or(page.getByRole('status')).getByText('Payment received'));
    await visible(page.getByText('Thank you! €45.99 has been paid.'));
    await visible(page.getByRole('link', { name: 'Go to billing' }));
    expect((await invoiceRow(e2e.server, inv.id)).status).toBe('paid');
  });

  test('sees the decline message with the invoice still open, and pays it with “Try again”', async () => {
    const inv = await buildInvoice(e2e.server, clientId, { totalCents: 1230 });
    const started = await startPayment(inv.id, 'card');
    await page.goto(started.redirect_url!);
    await payOnHostedPage(page, '4000 0000 0000 0002');
    await onPath(page, '/payment-return/invoices');
    await visible(page.getByText('Payment failed'));
    await visible(page.getByText('Your card was declined'));
    expect(await invoiceRow(e2e.server, inv.id)).toMatchObject({ status: 'open', paid_cents: 0 });
    await shot(page, 'return-declined');
    await page.getByRole('button', { name: 'Try again' }).click();
    await payOnHostedPage(page, '4242424242424242');
    await visible(page.getByText('Payment received'));
    expect((await invoiceRow(e2e.server, inv.id)).status).toBe('paid');
  });

  test('cancels on the hosted page and sees “Payment cancelled”', async () => {
    const inv = await buildInvoice(e2e.server, clientId);
    const started = await startPayment(inv.id, 'card');
    await page.goto(started.redirect_url!);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visible(page.getByText('Payment cancelled'));
    expect((await invoiceRow(e2e.server, inv.id)).status).toBe('open');
  });

  test('sees the bank transfer instructions, then the transfer received once finance marks it', async () => {
    const inv = await buildInvoice(e2e.server, clientId, { totalCents: 7000 });
    const started = await startPayment(inv.id, 'bank_transfer');
    await page.goto(`/payment-return-banktransfer/invoices?payment=${started.payment_id}`);
    await visible(page.getByRole('heading', { name: 'Pay by bank transfer' }));
    const table = page.getByRole('table', { name: 'Pay by bank transfer' });
    await visible(table.getByText(started.reference));
    await visible(table.getByText(e2e.server.config.payments.bank.iban));
    await visible(page.getByRole('button', { name: 'Copy IBAN' }));
    await visible(page.getByRole('button', { name: 'Copy Reference' }));
    await shot(page, 'bank-transfer');
    const finance = await e2e.server.login(DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    expect((await e2e.server.rpc('MarkBankTransferReceived', { p_reference: started.reference }, finance)).status).toBe(200);
    await page.reload();
    await visible(page.getByText('Transfer received. Thank you!'));
  });
});

describe('the public /pay-invoice page (logged out)', () => {
  test('pays the invoice by card and comes back to the page with “Payment received”', async () => {
    const { page } = await e2e.newPage();
    const inv = await buildInvoice(e2e.server, clientId, { totalCents: 1999 });
    const link = invoiceLink(e2e.server, inv.number);
    await page.goto(link.path);
    await visible(page.getByRole('heading', { name: `Invoice ${inv.number}` }));
    await visible(page.getByText('€19.99').first());
    await shot(page, 'pay-invoice');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await payOnHostedPage(page, '4242 4242 4242 4242');
    await onPath(page, link.path);
    await visible(page.getByText('Payment received'));
    await visible(page.getByText('Paid', { exact: true }).first());
    expect((await invoiceRow(e2e.server, inv.id)).status).toBe('paid');
  });

  test('offers a bank transfer, refuses an altered link, and fits a 390 px screen in German', async () => {
    const { page, context } = await e2e.newPage({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    await context.addCookies([{ name: 'language', value: 'de', url: e2e.server.url }]);
    const inv = await buildInvoice(e2e.server, clientId, { totalCents: 5000 });
    const link = invoiceLink(e2e.server, inv.number);
    await page.goto(link.path);
    await visible(page.getByRole('heading', { name: `Rechnung ${inv.number}` }));
    await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await visible(page.getByRole('heading', { name: 'Zahlung mit Testkarte' }));
    await page.getByLabel('Kartennummer').fill('1234');
    await page.getByRole('button', { name: /zahlen$/ }).click();
    await visible(page.getByRole('alert').getByText('Dies ist keine der unten genannten Testkarten'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'test-card-de-390');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await visible(page.getByText('Zahlung abgebrochen'));
    await page.getByRole('button', { name: 'Per Überweisung bezahlen' }).click();
    await visible(page.getByText('IBAN', { exact: true }));
    await visible(page.getByRole('button', { name: 'Referenz kopieren' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'pay-invoice-bank-de-390');
    await page.goto(link.path.slice(0, -1) + (link.path.endsWith('0') ? '1' : '0'));
    await visible(page.getByText('Der Zahlungslink ist ungültig'));
  });
});
