/**
 * Profile, settings and the Telegram modal through the real browser: the timezone moves the dates
 * the portal shows, the inactivity logout (driven by Playwright's clock) ends an idle session in
 * every tab while activity keeps it, the billing address's field messages, the password change,
 * account deletion end to end, and the 'connect Telegram' modal of the sidebar.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { messagesOf, sidebarLink, verifiedAccount } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const visible = (l: ReturnType<Page['locator']>, timeout?: number) => l.waitFor({ state: 'visible', timeout });
const hidden = (l: ReturnType<Page['locator']>, timeout?: number) => l.waitFor({ state: 'hidden', timeout });
const onPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path);
const tokenOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'token')?.value ?? null;

/** A new browser context whose clock is fake from the start (time still flows unless told otherwise). */
async function loggedIn(tag: string, time?: Date) {
  const account = await verifiedAccount(e2e, tag);
  const { page, context } = await e2e.newPage();
  await page.clock.install(time ? { time } : {});
  await e2e.loginAs(page, account.email, account.password);
  return { page, context, ...account };
}

describe('settings: timezone', () => {
  test('changing the timezone moves the dates shown to the new offset', async () => {
    // Noon UTC tomorrow (a date in the past would expire the session cookie at once).
    const now = new Date();
    const noon = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12));
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      noon,
    );
    const { page } = await loggedIn('tz', noon);
    await page.goto('/settings');
    const current = page.getByTestId('current-time');
    await visible(current);
    expect(await current.innerText()).toContain(`(UTC): ${day}, 12:0`);

    const select = page.getByRole('combobox', { name: 'Timezone' });
    await select.click();
    await select.fill('Kolkata');
    await page.getByRole('option', { name: /Asia\/Kolkata \(UTC\+05:30\)/ }).click();
    // Before saving: a preview of the chosen zone, the shown dates unchanged.
    await visible(page.getByText(new RegExp(`In Asia/Kolkata it is now ${day}, 17:3\\d GMT\\+5:30`)));
    await page.getByRole('button', { name: 'Save' }).nth(1).click();
    await visible(page.getByText('Timezone saved: Asia/Kolkata'));
    await visible(page.getByText(new RegExp(`Current time in your timezone \\(Asia/Kolkata\\): ${day}, 17:3\\d GMT\\+5:30`)));

    // The account keeps it: a reload shows the same.
    await page.reload();
    await visible(page.getByText(new RegExp(`\\(Asia/Kolkata\\): ${day}, 17:3\\d`)));
  });

  test('an unknown timezone cannot be chosen: the list says no timezone matches', async () => {
    const { page } = await loggedIn('tz-bad');
    await page.goto('/settings');
    const select = page.getByRole('combobox', { name: 'Timezone' });
    await select.click();
    await select.fill('Mars/Olympus');
    await visible(page.getByText('No timezone matches'));
  });
});

describe('settings: inactivity logout', () => {
  test('an idle session ends after the set minutes in every tab, and activity keeps it alive', async () => {
    const { page, context } = await loggedIn('idle');
    await page.goto('/settings');
    const minutes = page.getByLabel('Log out after (minutes)');
    await visible(minutes);
    expect(await minutes.inputValue()).toBe('60');
    await minutes.fill('1');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await visible(page.getByText('Saved: you are logged out after 1 minute without activity.'));
    const afterSave = await tokenOf(context);

    // A second tab of the same browser stays idle the whole time.
    const other = await context.newPage();
    other.setDefaultTimeout(15_000);
    await other.goto('/dashboard');
    await visible(other.getByRole('heading', { level: 1, name: 'Dashboard' }));

    await page.clock.fastForward(40_000);
    expect(new URL(page.url()).pathname).toBe('/settings');
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/rpc/RefreshToken') && r.ok());
    await page.mouse.move(200, 300);
    await page.mouse.move(260, 320);
    await renewed;
    await expect.poll(() => tokenOf(context)).not.toBe(afterSave);

    // 80 s after the setting: past the old token's minute, kept alive by the activity at 40 s.
    await page.clock.fastForward(40_000);
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(new URL(other.url()).pathname).toBe('/dashboard');

    // Then a full idle minute: both tabs end on /session-expired, the session cleared.
    await page.clock.fastForward(61_000);
    await onPath(page, '/session-expired');
    await onPath(other, '/session-expired');
    // The second tab was opened last and is in front; a background tab does not paint, so each tab
    // is read while it is in front, and the fake clock is moved on for timers that wait on paint.
    await visible(other.getByRole('heading', { name: 'Your session has expired' }), 30_000);
    await page.bringToFront();
    await page.clock.runFor(1_000);
    await visible(page.getByRole('heading', { name: 'Your session has expired' }), 30_000);
    expect(await tokenOf(context)).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('customerDetails'))).toBeNull();
    await page.goto('/dashboard');
    await onPath(page, '/login');
  });

  test('logging out in one tab logs out the others', async () => {
    const { page, context } = await loggedIn('logout-all');
    const other = await context.newPage();
    await other.goto('/settings');
    await visible(other.getByRole('heading', { level: 1, name: 'Settings' }));
    await page.getByRole('link', { name: 'Log out' }).first().click();
    await onPath(page, '/login');
    await onPath(other, '/login');
    expect(await other.evaluate(() => sessionStorage.getItem('customerDetails'))).toBeNull();
  });
});

describe('settings: billing address', () => {
  test('shows the country, phone and VAT messages under their fields, the VAT format of the chosen country, and saves the values normalised', async () => {
    const { page, email } = await loggedIn('billing');
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Billing address' });
    const vat = section.getByLabel('VAT number');
    const prefix = section.getByLabel('Phone prefix');
    await visible(vat);
    expect(await messagesOf(vat)).toContain('Optional, e.g. PT123456789');

    await vat.fill('PT12');
    await vat.blur();
    await expect.poll(() => messagesOf(vat)).toContain('The VAT number does not have the format of the billing country');
    expect(await vat.getAttribute('aria-invalid')).toBe('true');
    await prefix.fill('+999');
    await prefix.blur();
    await expect.poll(() => messagesOf(prefix)).toContain('Enter a country calling code, such as +351');

    await section.getByLabel('Country').selectOption({ label: 'Germany' });
    await expect.poll(() => messagesOf(vat)).toContain('Optional, e.g. DE123456789');
    await vat.fill('de 811 907 980');
    await prefix.fill('49');
    await expect.poll(() => vat.getAttribute('aria-invalid')).not.toBe('true');
    await section.getByRole('button', { name: 'Save billing address' }).click();
    await visible(section.getByText('Billing address saved.'));
    await expect.poll(() => vat.inputValue()).toBe('DE811907980');
    expect(await prefix.inputValue()).toBe('+49');
    const row = await e2e.server.db.owner.query(
      `SELECT country, phone_prefix, vat_number FROM clients WHERE id = (SELECT client_id FROM users WHERE lower(email) = $1)`,
      [email],
    );
    expect(row.rows[0]).toEqual({ country: 'DE', phone_prefix: '+49', vat_number: 'DE811907980' });
  });
});

describe('profile: change password', () => {
  test('refuses a wrong old password and a mismatch, then changes it and keeps this session', async () => {
    const { page, context, email, password } = await loggedIn('pw');
    const elsewhere = await e2e.server.login(email, password);
    await page.goto('/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));
    await page.getByLabel('Old password').fill('wrong-one');
    await page.getByLabel(/^New password/).fill('better1');
    await page.getByLabel('Repeat new password').fill('better2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Passwords are not matching'));
    await page.getByLabel('Repeat new password').fill('better1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('The old password is not correct'));
    await page.getByLabel('Old password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Password changed'));
    expect(await page.getByLabel('Old password').inputValue()).toBe('');
    // This session goes on with its new token; the other one has ended.
    expect((await e2e.server.get('MyProfile', (await tokenOf(context))!)).status).toBe(200);
    expect((await e2e.server.get('MyProfile', elsewhere)).body.code).toBe('JWT_REVOKED');
    await page.goto('/settings');
    await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
  });
});

describe('settings: account deletion', () => {
  test('needs the four ticks and DELETE, deletes the account and its login', async () => {
    const { page, email, password } = await loggedIn('delete');
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await visible(dialog);
    const confirm = dialog.getByRole('button', { name: 'Delete account permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(4);
    for (let i = 0; i < 4; i++) await boxes.nth(i).check();
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await boxes.nth(2).uncheck();
    expect(await confirm.isDisabled()).toBe(true);
    await boxes.nth(2).check();
    await confirm.click();

    await onPath(page, '/logout');
    await visible(page.getByText('Your account has been deleted.'));
    const r = await e2e.server.rpc('login', { p_email: email, p_password: password });
    expect(r.body.code).toBe('INVALID_CREDENTIALS');
    await page.getByRole('link', { name: 'Log in again' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(page.getByText(/Invalid e-mail or password/));
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

/**
 * Opens the Telegram modal from the Support group. The group's entries slide open; on a busy
 * machine a click can land while they move, so the entry is clicked again when no dialog came.
 */
async function openTelegram(page: Page, dialog: Locator): Promise<void> {
  const entry = await sidebarLink(page, 'Support', 'Telegram', 'button');
  await expect
    .poll(
      async () => {
        // While the modal opens, the page behind it leaves the accessibility tree and the entry
        // cannot be found: a click that finds nothing soon is no failure, the next round looks again.
        if (!(await dialog.isVisible())) await entry.click({ timeout: 2_000 }).catch(() => undefined);
        return dialog.getByLabel('Telegram ID').isVisible();
      },
      { timeout: 15_000, interval: 1_000 },
    )
    .toBe(true);
}

describe('the Telegram modal', () => {
  test('opens from the Support group, sends the id, confirms, clears and closes after 3 s', async () => {
    const { page, email } = await loggedIn('tg');
    const dialog = page.getByRole('dialog', { name: 'connect Telegram' });
    await openTelegram(page, dialog);
    const send = dialog.getByRole('button', { name: 'Send request' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Telegram ID').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Telegram ID').fill('@portside_fan');
    await send.click();
    await visible(dialog.getByText('Request sent successfully!'));
    expect(await dialog.getByLabel('Telegram ID').inputValue()).toBe('');
    const stored = await e2e.server.db.owner.query(
      `SELECT c.telegram_id, c.telegram_pending FROM clients c JOIN users u ON u.client_id = c.id WHERE lower(u.email) = $1`,
      [email],
    );
    expect(stored.rows).toEqual([{ telegram_id: '@portside_fan', telegram_pending: true }]);
    await page.clock.fastForward(3_100);
    await hidden(dialog);
  });

  test('shows errors inside the modal, and closing resets the field and the messages', async () => {
    const { page } = await loggedIn('tg-error');
    await page.route('**/api/rpc/TelegramRequest', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'DATABASE_UNAVAILABLE',
          message: 'The database is not answering',
          hint: 'Try again in a minute',
          details: null,
        }),
      }),
    );
    const dialog = page.getByRole('dialog', { name: 'connect Telegram' });
    await openTelegram(page, dialog);
    await dialog.getByLabel('Telegram ID').fill('123456789');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: 'The database is not answering' }));
    expect(await page.getByTestId('error-banner').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await hidden(dialog);
    await page.getByRole('button', { name: 'Telegram' }).click();
    await visible(dialog);
    expect(await dialog.getByLabel('Telegram ID').inputValue()).toBe('');
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });
});
