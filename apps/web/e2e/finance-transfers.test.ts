/**
 * Finance confirms bank transfers on /billing (issue 5): the finance user sees the customer's
 * pending transfers with their references, finds one by reference, marks it received after the
 * confirmation, the row leaves the list, and the invoice is paid / the deposit reaches the
 * balance; at 390 px and in German; a customer does not see the section.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { balanceOf, buildInvoice, buildIssuedInvoice, invoiceRow, newKey } from '../../server/test/payment-factories';
import { idsOf } from '../../server/test/factories';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import type { Json } from '../../server/test/harness';
import { hidden, visible, shot } from './helpers';

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

async function started(r: { status: number; body: Json }): Promise<{ payment_id: number; reference: string }> {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const section = (page: Page) => page.getByRole('region', { name: /Bank transfers awaiting confirmation|Banküberweisungen/ });
const rowOf = (page: Page, reference: string) => section(page).getByRole('row').filter({ hasText: reference });

describe('the finance user on /billing', () => {
  test('marks a bank transfer for an invoice received after confirming; the row leaves and the invoice is paid', async () => {
    const inv = await buildInvoice(e2e.server, clientId, { totalCents: 8150 });
    const pay = await started(
      await e2e.server.rpc(
        'PayInvoices',
        { p_invoice_ids: [inv.id], p_method: 'bank_transfer', p_idempotency_key: newKey() },
        token,
      ),
    );
    const dep = await started(
      await e2e.server.rpc('Deposit', { p_amount_cents: 1234, p_method: 'bank_transfer', p_idempotency_key: newKey() }, token),
    );

    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    await page.goto('/billing');
    await visible(page.getByRole('heading', { name: 'Bank transfers awaiting confirmation' }));
    const row = rowOf(page, pay.reference);
    await visible(row);
    await visible(row.getByText('€81.50'));
    // The purpose, with the invoice the transfer pays (whose own reference it quotes).
    await visible(row.getByRole('cell', { name: `Invoices ${inv.number}`, exact: true }));
    await visible(rowOf(page, dep.reference));
    await shot(page, 'finance-transfers');

    // The search narrows the list to one reference.
    await section(page).getByLabel('Search by reference').fill(dep.reference.toLowerCase());
    await hidden(rowOf(page, pay.reference));
    await visible(rowOf(page, dep.reference));
    await section(page).getByLabel('Search by reference').fill('');
    await visible(row);

    // Cancel changes nothing.
    await row.getByRole('button', { name: 'Mark received' }).click();
    let dialog = page.getByRole('dialog', { name: 'Mark the transfer received?' });
    await visible(dialog.getByText(pay.reference));
    await visible(dialog.getByText('€81.50'));
    await visible(dialog.getByText(/Only confirm a transfer that has arrived on the account/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    expect((await invoiceRow(e2e.server, inv.id)).status).toBe('open');

    // Confirmed with the keyboard: the button, then the dialog's confirm.
    await row.getByRole('button', { name: 'Mark received' }).focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Mark the transfer received?' });
    await shot(page, 'finance-confirm');
    await dialog.getByRole('button', { name: 'Mark received' }).click();
    await visible(page.getByTestId('success-banner').getByText(`Transfer ${pay.reference} of €81.50 marked received.`));
    await hidden(dialog);
    await hidden(rowOf(page, pay.reference));
    await visible(rowOf(page, dep.reference));
    expect((await invoiceRow(e2e.server, inv.id)).status).toBe('paid');
  });

  test('finds an open invoice by the reference its PDF gives, with no transfer started, and marks it received once', async () => {
    const inv = await buildIssuedInvoice(e2e.server, clientId, { totalCents: 4200 });
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    await page.goto('/billing');
    // Typed from a bank statement: lower case, with a space.
    await section(page).getByLabel('Search by reference').fill(inv.reference.toLowerCase().replace('-', ' -'));
    const row = rowOf(page, inv.reference);
    await visible(row.getByText('Not started in the portal'));
    await visible(row.getByText('€42.00'));
    await row.getByRole('button', { name: 'Mark received' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the transfer received?' });
    await visible(dialog.getByRole('row', { name: `Invoice ${inv.number}` }));
    await dialog.getByRole('button', { name: 'Mark received' }).click();
    await visible(page.getByTestId('success-banner').getByText(`Transfer ${inv.reference} of €42.00 marked received.`));
    await hidden(rowOf(page, inv.reference));
    expect(await invoiceRow(e2e.server, inv.id)).toMatchObject({ status: 'paid', paid_cents: 4200 });
  });

  test('marks a deposit received at 390 px in German; the balance grows', async () => {
    const dep = await started(
      await e2e.server.rpc('Deposit', { p_amount_cents: 2500, p_method: 'bank_transfer', p_idempotency_key: newKey() }, token),
    );
    const before = await balanceOf(e2e.server, clientId);
    // The account's language applies at login.
    await e2e.server.db.owner.query(
      `UPDATE clients SET language = 'de' WHERE id = (SELECT client_id FROM users WHERE email = $1)`,
      [DEMO_USERS.finance.email],
    );
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.finance.email, DEMO_USERS.finance.password);
    await page.goto('/billing');
    await visible(page.getByRole('heading', { name: 'Banküberweisungen, die auf Bestätigung warten' }));
    await section(page).getByLabel('Nach Verwendungszweck suchen').fill(dep.reference);
    const row = rowOf(page, dep.reference);
    await visible(row);
    await expect.poll(() => section(page).getByRole('row').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The table fits too: the amount is in view without scrolling it.
    const box = await row.getByText('25,00 €').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await shot(page, 'finance-transfers-390-de');
    await row.getByRole('button', { name: 'Als eingegangen markieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Überweisung als eingegangen markieren?' });
    await dialog.getByRole('button', { name: 'Als eingegangen markieren' }).click();
    await hidden(rowOf(page, dep.reference));
    await visible(section(page).getByText('Keine Überweisungen ausstehend'));
    expect(await balanceOf(e2e.server, clientId)).toBe(before + 2500);
  });
});

describe('a customer on /billing', () => {
  test('does not see the transfers awaiting confirmation', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/billing');
    await visible(page.getByRole('heading', { name: 'Billing' }).first());
    await visible(page.getByRole('heading', { name: /Deposits/ }).first());
    expect(await page.getByRole('heading', { name: 'Bank transfers awaiting confirmation' }).count()).toBe(0);
  });
});
