/**
 * The voucher badge and dialog (spec 1 §4 'Voucher badge and dialog', spec 2 §8): 'Have Voucher?'
 * opens 'enter voucher code'; the pattern check; server refusals in the dialog; 'voucher updated',
 * the badge with the new code and the dialog closing after 3 s; the mask dismisses; the badge
 * opens it from the keyboard with the current voucher; the small-screen sidebar; sub-users.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { TIMING } from '@portside/contract/constants';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, sidebar, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
  await e2e.server.db.owner.query(
    `INSERT INTO vouchers (code, notes, valid_to, discount_percent) VALUES
       ('SPRING25', 'Spring offer', current_date + 30, 25), ('OLDCODE9', 'Ended yesterday', current_date - 1, 9)`,
  );
});
afterAll(async () => {
  await e2e?.stop();
});

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'enter voucher code' });
const PATTERN_MESSAGE = 'The code must contain 5-15 uppercase letters or digits';

/** Types a code into the open dialog and presses Redeem. */
async function redeem(page: Page, code: string): Promise<void> {
  const dialog = dialogOf(page);
  await dialog.getByLabel('Voucher code').fill(code);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
}

describe('an owner without a voucher (desktop)', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.other.email, DEMO_USERS.other.password);
  });

  test("'Have Voucher?' opens the dialog, and a click on the mask dismisses it and clears the input", async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Have Voucher?' }).click();
    const dialog = dialogOf(page);
    await visible(dialog);
    await dialog.getByLabel('Voucher code').fill('SPRING');
    await page.mouse.click(5, 5);
    await hidden(dialog);
    await page.getByRole('banner').getByRole('button', { name: 'Have Voucher?' }).click();
    expect(await dialogOf(page).getByLabel('Voucher code').inputValue()).toBe('');
  });

  test('the pattern check refuses lower-case letters in the dialog and sends nothing', async () => {
    const dialog = dialogOf(page);
    let sent = 0;
    const count = () => sent++;
    page.on('request', (r) => r.url().endsWith('/api/rpc/ProfileUpdateVoucher') && count());
    await redeem(page, 'welcome10');
    await visible(dialog.getByText(PATTERN_MESSAGE));
    expect(await dialog.getByLabel('Voucher code').inputValue()).toBe('welcome10');
    expect(sent).toBe(0);
    page.removeAllListeners('request');
  });

  test('unknown and expired codes are refused in the dialog, and the input is cleared', async () => {
    const dialog = dialogOf(page);
    await redeem(page, 'NOSUCH99');
    await visible(dialog.getByRole('alert').getByText('The voucher code does not exist or has expired'));
    expect(await dialog.getByLabel('Voucher code').inputValue()).toBe('');
    await redeem(page, 'OLDCODE9');
    await visible(dialog.getByRole('alert').getByText('The voucher code has expired'));
    await visible(dialog.getByRole('alert').getByText(/ask for a current code/));
    await redeem(page, 'ABC1');
    await visible(dialog.getByText(PATTERN_MESSAGE));
    expect(await dialog.getByLabel('Voucher code').inputValue()).toBe('');
  });

  test("WELCOME10 shows 'voucher updated', the badge shows the code, and the dialog closes after 3 s", async () => {
    const dialog = dialogOf(page);
    await redeem(page, 'WELCOME10');
    const start = Date.now();
    await visible(dialog.getByRole('status').getByText('voucher updated'));
    expect(await dialog.getByLabel('Voucher code').inputValue()).toBe('');
    await visible(page.getByRole('banner').getByRole('button', { name: 'Active voucher WELCOME10' }));
    await hidden(dialog, TIMING.dialogCloseMs + 5_000);
    expect(Date.now() - start).toBeGreaterThanOrEqual(TIMING.dialogCloseMs - 500);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Have Voucher?' }).count()).toBe(0);
  });

  test('the badge opens the dialog from the keyboard, with the current voucher’s notes and valid-to date', async () => {
    const badge = page.getByRole('banner').getByRole('button', { name: 'Active voucher WELCOME10' });
    await badge.focus();
    await page.keyboard.press('Enter');
    const current = dialogOf(page).getByRole('group', { name: 'Current voucher' });
    await visible(current.getByText('Current voucher: WELCOME10'));
    await visible(current.getByText('10% off the base server cost'));
    await visible(current.getByText(/^Valid until /));
    await page.keyboard.press('Escape');
    await hidden(dialogOf(page));
  });
});

describe('small screen (390 px wide)', () => {
  test('the sidebar’s badge opens the dialog, and redeeming SPRING25 replaces WELCOME10', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const account = sidebar(page).getByRole('group', { name: 'Account' });
    await account.getByRole('button', { name: 'Active voucher WELCOME10' }).click();
    const dialog = dialogOf(page);
    await visible(dialog.getByText('Current voucher: WELCOME10'));
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await redeem(page, 'SPRING25');
    await visible(dialog.getByText('voucher updated'));
    await hidden(dialog, TIMING.dialogCloseMs + 5_000);
    await visible(account.getByRole('button', { name: 'Active voucher SPRING25' }));
  });
});

describe('a sub-user', () => {
  test('without billing-manage sees the account’s voucher; the dialog names the permission and Redeem stays disabled', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Active voucher / })
      .click();
    const dialog = dialogOf(page);
    await visible(dialog.getByText('Redeeming a voucher needs the permission “Billing, payments and orders”.'));
    expect(await dialog.getByLabel('Voucher code').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
  });
});
