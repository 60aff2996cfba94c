/**
 * The error banner and the forced logout (spec 1 §2 'Notification banners', spec 2 §8). The real
 * trigger is the top-bar language picker: its save (ProfileUpdateLanguage) failing shows in the
 * shell's error area. Failures are injected with page.route, except the revoked session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, errorBanner, hidden, onPath, sessionEntries, submitLogin, visible } from './helpers';

let e2e: E2E;
let page: Page;

const SAVE = '**/api/rpc/ProfileUpdateLanguage';

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});

afterAll(async () => {
  await e2e?.stop();
});

/** Picks a language in the top bar; `from` is the current language's own name. */
async function pickLanguage(from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`: ${from}$`) }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

/**
 * Answers the language save with an error; `calls()` counts the answers given, so a test can wait
 * for every save to be answered before it lets the real server answer again.
 */
function failWith(status: number, body: (n: number) => object) {
  let n = 0;
  const handler = (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body(++n)) });
  return { handler, calls: () => n };
}

describe('error banner', () => {
  test("shows only the first error, hides text after ':::', and lists all of them in the 'Errors List' dialog", async () => {
    const words = ['one:::secret', 'two', 'three'];
    const fail = failWith(500, (n) => ({ code: 'INTERNAL', message: `boom ${words[n - 1]}`, hint: null, details: null }));
    await page.route(SAVE, fail.handler);
    await pickLanguage('English', 'Deutsch');
    await pickLanguage('Deutsch', 'Polski');
    await pickLanguage('Polski', 'Suomi');
    await expect.poll(fail.calls).toBe(3);
    // Back to English: the account still says en (every save failed), so this one saves nothing.
    await pickLanguage('Suomi', 'English');
    await page.unroute(SAVE);

    const banner = errorBanner(page);
    await visible(banner.getByText('INTERNAL: boom one', { exact: true }));
    expect(await banner.count()).toBe(1);
    const text = await banner.innerText();
    expect(text).not.toContain('secret');
    expect(text).not.toContain(':::');
    expect(text).not.toContain('boom two');
    expect(await page.getByText('secret').count()).toBe(0);

    await banner.getByRole('button', { name: 'and 2 more errors...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Errors List' });
    await visible(dialog);
    for (const word of ['one', 'two', 'three']) await visible(dialog.getByText(`INTERNAL: boom ${word}`, { exact: true }));
    expect(await dialog.innerText()).not.toContain('secret');
    // The header's X and the footer button are both named 'Close'; use the footer one.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await hidden(dialog);

    // Closing the banner clears that error; the next one moves up.
    await banner.getByRole('button', { name: 'Close error' }).click();
    await visible(banner.getByText('INTERNAL: boom two', { exact: true }));
    await visible(banner.getByRole('button', { name: 'and 1 more error...' }));
    expect(await page.getByText('INTERNAL: boom one').count()).toBe(0);

    await banner.getByRole('button', { name: 'and 1 more error...' }).click();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await hidden(dialog);
    await hidden(banner);
  });

  test('an error message holding HTML is shown as text and never runs', async () => {
    const fail = failWith(500, () => ({
      code: 'INTERNAL',
      message: '<img src=x onerror=window.__xss=1>',
      hint: '<svg onload=window.__xss=2>',
      details: '<script>window.__xss=3</script>',
    }));
    await page.route(SAVE, fail.handler);
    await pickLanguage('English', 'Deutsch');
    await expect.poll(fail.calls).toBe(1);
    await page.unroute(SAVE);
    await pickLanguage('Deutsch', 'English');

    const banner = errorBanner(page);
    await visible(banner.getByText('INTERNAL: <img src=x onerror=window.__xss=1>'));
    await visible(banner.getByText(': <svg onload=window.__xss=2> Detail: <script>window.__xss=3</script>'));
    // No element of the message made it into the page, only its text.
    expect(await banner.evaluate((el) => el.querySelectorAll('img, script, [onerror], [onload]').length)).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

    await banner.getByRole('button', { name: 'Close error' }).click();
    await hidden(banner);
  });
});

/**
 * The forced logout goes through the router: /logout-raw's loader ends the session and redirects
 * before the address is committed, so the address bar never shows /logout-raw. What proves the
 * route ran is its effect: the token cookie and the session keys (seeded here) are gone.
 */
async function seedSession(): Promise<void> {
  await page.evaluate(() =>
    sessionStorage.setItem('cartItems', JSON.stringify([{ offer_id: 7, location: 'lisbon', quantity: 1 }])),
  );
}

async function expectLoggedOut(): Promise<void> {
  await onPath(page, '/login');
  await visible(page.getByRole('heading', { level: 1 }));
  expect((await cookies(page)).token).toBeUndefined();
  const left = await sessionEntries(page);
  expect(left).not.toHaveProperty('customerDetails');
  expect(left).not.toHaveProperty('token');
  expect(left).not.toHaveProperty('cartItems');
  expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
}

describe('forced logout', () => {
  test('an answer naming JWSError ends the session and lands on the login page, whatever its status', async () => {
    await seedSession();
    await page.route(
      SAVE,
      failWith(400, () => ({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature', hint: null, details: null })).handler,
    );
    await pickLanguage('English', 'Deutsch');
    await expectLoggedOut();
    await page.unroute(SAVE);
  });

  test('a 401 on a private call (session revoked on the server) ends the session on the login page, and the next user does not inherit its error', async () => {
    // Start over from a clean, English browser session, on a page that reads nothing by itself
    // later (the dashboard polls servers with an operation under way) and with live updates off (a
    // hub registration refused after the revocation ends the session too, its check asking the
    // API): this test is about the refusal of the language save.
    await page.routeWebSocket(/\/hubs\//, (ws) => ws.close());
    await page.context().clearCookies();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/profile');
    await seedSession();
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/rpc/ProfileUpdateLanguage')) statuses.push(r.status());
    });
    // The page's own reads are done, so the language save is the first call after the revocation.
    await page.waitForLoadState('networkidle');
    // Ends every session of the user: the token in the browser is now refused.
    await e2e.server.db.owner.query(`UPDATE users SET token_version = token_version + 1 WHERE email = $1`, [
      DEMO_USERS.demo.email,
    ]);

    await pickLanguage('English', 'Polski');
    await expectLoggedOut();
    expect(statuses).toEqual([401]);

    // The login page says why the session ended; the next user of this tab does not inherit it.
    await page.getByLabel('Język').selectOption('en');
    await visible(errorBanner(page).getByText(/^JWT_REVOKED/));
    await submitLogin(page, DEMO_USERS.other.email, DEMO_USERS.other.password);
    await visible(page.getByRole('button', { name: 'Hello, Olga' }));
    expect(await errorBanner(page).count()).toBe(0);
    await page.unrouteAll();
  });

  test('the user’s own logout leaves what the session showed behind: the login page starts clean', async () => {
    const fail = failWith(500, () => ({ code: 'INTERNAL', message: 'boom', hint: null, details: null }));
    await page.route(SAVE, fail.handler);
    await pickLanguage('English', 'Deutsch');
    await expect.poll(fail.calls).toBe(1);
    // Back to English: the account still says en, so this saves nothing.
    await pickLanguage('Deutsch', 'English');
    await page.unroute(SAVE);
    await visible(errorBanner(page).getByText('INTERNAL: boom', { exact: true }));
    await page.getByRole('link', { name: 'Log out' }).first().click();
    await onPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Log in' }));
    expect(await errorBanner(page).count()).toBe(0);
  });
});
