/**
 * Sessions end when the user leaves (issue 9 §6), through the real browser: two browsers of one
 * user see both sessions in settings, the first logs the second out and the second is sent to the
 * login page on its next request; logging out in the interface makes the old token useless to the
 * API; 'Log out everywhere' at phone width, by keyboard, ends every session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { onPath, shot, verifiedAccount, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** The second device: Firefox on Windows, as far as its User-Agent goes. */
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const tokenOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'token')?.value ?? null;

/** What the API answers to a token: 200, or the refusal's status and code. */
async function apiSays(token: string | null): Promise<string> {
  const r = await e2e.server.get('MyProfile', token ?? undefined);
  return r.status === 200 ? '200' : `${r.status} ${r.body.code}`;
}

/** The Sessions section of /settings and its list of open sessions. */
function sessionsOf(page: Page): { section: Locator; items: Locator } {
  const section = page.getByRole('region', { name: 'Sessions' });
  return { section, items: section.getByRole('list', { name: 'Open sessions' }).getByRole('listitem') };
}

async function waitForCount(items: Locator, n: number): Promise<void> {
  await items.nth(n - 1).waitFor({ state: 'visible' });
  await items.nth(n).waitFor({ state: 'detached' });
}

describe('sessions', () => {
  test('the first browser sees both sessions and logs the other out; the other is sent to login on its next request', async () => {
    const account = await verifiedAccount(e2e, 'two-browsers');
    const first = await e2e.newPage();
    const second = await e2e.newPage({ userAgent: FIREFOX_WINDOWS });
    await e2e.loginAs(first.page, account.email, account.password);
    await e2e.loginAs(second.page, account.email, account.password);
    const secondToken = await tokenOf(second.context);
    expect(await apiSays(secondToken)).toBe('200');

    await first.page.goto('/settings');
    const { section, items } = sessionsOf(first.page);
    await waitForCount(items, 2);
    const mine = items.filter({ hasText: 'This device' });
    expect(await mine.count()).toBe(1);
    expect(await mine.innerText()).toContain('Chrome on Linux');
    const other = items.filter({ hasText: 'Firefox on Windows' });
    expect(await other.innerText()).toMatch(/IP address: .*127\.0\.0\.1[\s\S]*Logged in: [\s\S]*Last active: /);
    // Only the other session can be logged out from here.
    expect(await mine.getByRole('button').count()).toBe(0);
    await shot(first.page, 'sessions-settings');

    await section.getByRole('button', { name: 'Log out Firefox on Windows' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Log out this session?' });
    await visible(dialog.getByText('Firefox on Windows is logged out at once'));
    await shot(first.page, 'sessions-end-one');
    await dialog.getByRole('button', { name: 'Log out session' }).click();
    await visible(first.page.getByText('Firefox on Windows has been logged out.'));
    await waitForCount(items, 1);
    expect(await items.first().getByText('This device').count()).toBe(1);
    expect(await apiSays(secondToken)).toBe('401 JWT_REVOKED');

    // The second browser still believes it is logged in until its next request is refused.
    await second.page.goto('/settings');
    await onPath(second.page, '/login');
    await visible(second.page.getByRole('button', { name: 'Log in', exact: true }));
    expect(await tokenOf(second.context)).toBeNull();
    // The first one is untouched.
    expect(await apiSays(await tokenOf(first.context))).toBe('200');
  });

  test('logging out in the interface ends the token on the server, not only in the browser', async () => {
    const account = await verifiedAccount(e2e, 'ui-logout');
    const { page, context } = await e2e.newPage();
    await e2e.loginAs(page, account.email, account.password);
    const token = await tokenOf(context);
    expect(await apiSays(token)).toBe('200');
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    await onPath(page, '/login');
    expect(await tokenOf(context)).toBeNull();
    expect(await apiSays(token)).toBe('401 JWT_REVOKED');
  });

  test('Log out everywhere, at phone width and by keyboard, ends every session, this one included', async () => {
    const account = await verifiedAccount(e2e, 'everywhere');
    const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const laptop = await e2e.newPage({ userAgent: FIREFOX_WINDOWS });
    await e2e.loginAs(phone.page, account.email, account.password);
    await e2e.loginAs(laptop.page, account.email, account.password);
    const tokens = [await tokenOf(phone.context), await tokenOf(laptop.context)];

    await phone.page.goto('/settings');
    const { section, items } = sessionsOf(phone.page);
    await waitForCount(items, 2);
    await shot(phone.page, 'sessions-390');
    // Nothing sticks out sideways at 390 px.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const everywhere = section.getByRole('button', { name: 'Log out everywhere' });
    await everywhere.focus();
    await phone.page.keyboard.press('Enter');
    const dialog = phone.page.getByRole('dialog', { name: 'Log out everywhere?' });
    await visible(dialog);
    // Cancel has the focus first; Escape closes without ending anything.
    await phone.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await apiSays(tokens[1]!)).toBe('200');

    await everywhere.focus();
    await phone.page.keyboard.press('Enter');
    await visible(dialog);
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.press('Enter');
    await onPath(phone.page, '/login');
    for (const token of tokens) expect(await apiSays(token)).toBe('401 JWT_REVOKED');
  });
});
