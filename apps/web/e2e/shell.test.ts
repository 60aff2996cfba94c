/**
 * The app shell (spec 1 §2 'App shell', 'Top bar', 'Sidebar', Modals): logo, greeting menu with
 * Billing, voucher badge, logout icon, sidebar groups, the small-screen sidebar, the mascot's
 * modal, the footer, the search overlay, and the developer mailbox.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, onPath, sidebar, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

const setBillingLink = (link: string | null) =>
  e2e.server.db.owner.query(
    `UPDATE clients SET invoice_ninja_client_link = $1 WHERE id = (SELECT client_id FROM users WHERE email = $2)`,
    [link, DEMO_USERS.demo.email],
  );

/** Drops the cached customer details so the next page load fetches the profile again. */
async function reloadProfile(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.removeItem('customerDetails'));
  await page.goto('/dashboard');
  await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
}

describe('desktop shell of the demo owner', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('the logo leads to the dashboard', async () => {
    await page.goto('/list-view');
    await page.getByRole('link', { name: 'Portside – go to the dashboard' }).click();
    await onPath(page, '/dashboard');
  });

  test('the greeting shows the first name and opens Profile and Settings; without a billing link Billing is the portal’s own page', async () => {
    const greeting = page.getByRole('button', { name: 'Hello, Dana' });
    await greeting.click();
    await visible(page.getByRole('menuitem', { name: 'Settings' }));
    const billing = page.getByRole('menuitem', { name: 'Billing' });
    expect(await billing.isDisabled()).toBe(false);
    expect(await billing.getAttribute('href')).toBe('/billing');
    expect(await billing.getAttribute('target')).toBeNull();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await onPath(page, '/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));
    await greeting.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await onPath(page, '/settings');
  });

  test('with a billing link, Billing opens it in a new tab', async () => {
    await setBillingLink('https://billing.example/x');
    const context = page.context();
    await context.route('https://billing.example/**', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<title>Billing</title>' }),
    );
    try {
      await reloadProfile(page);
      await page.getByRole('button', { name: 'Hello, Dana' }).click();
      const billing = page.getByRole('menuitem', { name: 'Billing' });
      expect(await billing.isDisabled()).toBe(false);
      const [popup] = await Promise.all([context.waitForEvent('page'), billing.click()]);
      await popup.waitForURL('https://billing.example/x');
      await popup.close();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
    } finally {
      await context.unroute('https://billing.example/**');
      await setBillingLink(null);
      await reloadProfile(page);
    }
  });

  test("the voucher badge shows the account's voucher WELCOME10 with its notes", async () => {
    const badge = page.getByRole('banner').getByLabel('Active voucher WELCOME10');
    await visible(badge);
    expect(await badge.innerText()).toBe('WELCOME10');
    await badge.hover();
    const tip = page.getByRole('tooltip');
    await visible(tip.getByText('10% off the base server cost'));
    await visible(tip.getByText(/^Valid until /));
  });

  test('sidebar groups open and close on click, and close when the route leaves their area', async () => {
    const nav = sidebar(page);
    const support = nav.getByRole('button', { name: 'Support' });
    expect(await support.getAttribute('aria-expanded')).toBe('false');
    await support.click();
    await visible(nav.getByRole('link', { name: 'Tickets' }));
    expect(await support.getAttribute('aria-expanded')).toBe('true');
    await support.click();
    await hidden(nav.getByRole('link', { name: 'Tickets' }));
    expect(await support.getAttribute('aria-expanded')).toBe('false');

    const firewall = nav.getByRole('button', { name: 'Firewall' });
    await firewall.click();
    await nav.getByRole('link', { name: 'IP sets' }).click();
    await onPath(page, '/ipsets');
    expect(await firewall.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await onPath(page, '/dashboard');
    await expect.poll(() => firewall.getAttribute('aria-expanded')).toBe('false');
    await hidden(nav.getByRole('link', { name: 'IP sets' }));

    // Opening a page of a group's area opens that group.
    await page.goto('/my-logs');
    expect(await nav.getByRole('button', { name: 'Logs' }).getAttribute('aria-expanded')).toBe('true');
    await visible(nav.getByRole('link', { name: 'Services history' }));
  });

  test("the mascot's info modal opens and 'Yes, Ma'am!' closes it", async () => {
    await sidebar(page)
      .getByRole('button', { name: /Need help\?/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await visible(dialog.getByText('Ahoy! I am Captain Marina.', { exact: false }));
    await visible(dialog.getByRole('img', { name: 'Captain Marina, the Portside mascot' }));
    await dialog.getByRole('button', { name: "Yes, Ma'am!" }).click();
    await hidden(dialog);
  });

  test('the footer shows the three legal links and © 2023', async () => {
    const footer = page.getByRole('navigation', { name: 'Legal' });
    const links: Array<[string, string]> = [
      ['Privacy policy', '/privacy-policy'],
      ['Terms of service', '/terms-of-service'],
      ['Report of abuse and illegal content', '/report-of-abuse-and-illegal-content'],
    ];
    for (const [name, href] of links) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await footer.getByRole('link').count()).toBe(3);
    await visible(page.getByText('© 2023 Portside'));
    await footer.getByRole('link', { name: 'Terms of service' }).click();
    await onPath(page, '/terms-of-service');
    await visible(page.getByRole('heading', { level: 1, name: 'Terms of service' }));
  });

  test('typing in the search box opens the overlay with its three sections, and clearing the text closes it', async () => {
    // A phrase no server, IP set or user of the demo account contains (search.test.ts finds some).
    await page.getByRole('searchbox', { name: 'Search' }).fill('zqx');
    const overlay = page.getByRole('dialog', { name: 'Search' });
    await visible(overlay);
    for (const section of ['Servers', 'IP sets', 'Users']) {
      await visible(overlay.getByRole('heading', { level: 2, name: section }));
    }
    // Each section loads, then says it has nothing for this phrase.
    await expect.poll(() => overlay.getByText('No items available').count()).toBe(3);
    await visible(overlay.getByText('Results for “zqx”'));
    // Typing goes on in the overlay's own field.
    await overlay.getByRole('searchbox', { name: 'Search' }).fill('w');
    await visible(overlay.getByText('Type at least 2 characters to search.'));
    await overlay.getByRole('searchbox', { name: 'Search' }).fill('');
    await hidden(overlay);
  });

  test('the dev mailbox lists the mails the server sent', async () => {
    await e2e.server.rpc('ForgotPassword', { p_email: DEMO_USERS.other.email });
    await page.goto('/dev/mailbox');
    const mail = page.getByRole('article', { name: 'Reset your Portside password' });
    await visible(mail);
    await visible(mail.getByText(DEMO_USERS.other.email, { exact: true }));
    await visible(mail.getByText(/Your password reset code is \d{6}\./));
    await visible(page.getByText('1 mail', { exact: true }));
    await page.getByLabel('Search by recipient').fill('nobody@');
    await visible(page.getByText('No mails to this recipient'));
    await hidden(mail);
  });

  test('the logout icon of the top bar logs out to the login page', async () => {
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    await onPath(page, '/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Log in' }));
    expect((await cookies(page)).token).toBeUndefined();
  });
});

describe('small screen (390 px wide)', () => {
  test('the burger opens the sidebar, which also holds the voucher, Profile, Settings, Billing and Log out', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const nav = sidebar(page);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    const navLeft = async () => (await nav.boundingBox())?.x ?? -1;
    // The top bar has no greeting menu or logout icon here; the sidebar starts closed: off screen,
    // and hidden from the keyboard and screen readers (nothing to tab into that cannot be seen).
    expect(await page.getByRole('button', { name: 'Hello, Dana' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Log out' }).count()).toBe(0);
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    const navElement = page.locator('nav[aria-label="Main navigation"]');
    expect(await navElement.count()).toBe(1);
    await hidden(navElement);

    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(navLeft).toBeGreaterThanOrEqual(0);
    const account = nav.getByRole('group', { name: 'Account' });
    await visible(account.getByLabel('Active voucher WELCOME10'));
    await visible(account.getByRole('link', { name: 'Profile' }));
    await visible(account.getByRole('link', { name: 'Log out' }));
    expect(await account.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe('/billing');

    // Picking a page closes the sidebar again.
    await account.getByRole('link', { name: 'Settings' }).click();
    await onPath(page, '/settings');
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
    await hidden(navElement);

    await burger.click();
    await account.getByRole('link', { name: 'Log out' }).click();
    await onPath(page, '/login');
    expect((await cookies(page)).token).toBeUndefined();
  });
});
