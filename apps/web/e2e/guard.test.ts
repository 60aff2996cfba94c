/**
 * The route guard of spec 1 §2 through the real browser: private pages without a token, public
 * and always-allowed routes, the logged-in redirects, profile-reload, the login redirect target,
 * the not-found page, the loading flag, /logout-raw, and the sidebar by claim and role.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, onPath, pathOf, sessionEntries, sidebar, sidebarLink, submitLogin, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Opens `path` and waits for the page's h1; the guard has decided by then (it runs before render). */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1, name: heading }));
}

/** An e-mail address as a path segment: the path ends in a top-level domain, not a file. */
const ADDR = 'ana%40example.test';

describe('without a token', () => {
  test('private pages redirect to the login page', async () => {
    const { page } = await e2e.newPage();
    for (const path of ['/dashboard', '/projects', '/list-view', '/unban-ip', '/profile-reload', '/']) {
      await page.goto(path);
      await onPath(page, '/login');
      await visible(page.getByRole('heading', { name: 'Log in' }));
    }
  });

  test('every public route opens without a token', async () => {
    const { page } = await e2e.newPage();
    const routes: Array<[string, string | RegExp]> = [
      ['/forgot-password', 'Forgot your password?'],
      ['/reset-password', 'Set a new password'],
      ['/reset-password/not-a-real-message', 'Set a new password'],
      ['/register-confirmation', 'Check your mailbox'],
      ['/register/voucher/WELCOME10', 'Create your account'],
      [`/resend-confirmation/${ADDR}`, 'Resend the confirmation e-mail'],
      [`/confirm-email/123456/${ADDR}`, 'Confirming your e-mail'],
      ['/report-of-abuse-and-illegal-content', 'Report of abuse and illegal content'],
      ['/tickets', 'Tickets'],
      ['/pay-invoice/portside/INV-1', 'Pay invoice'],
      ['/login', 'Log in'],
      ['/register', 'Create your account'],
      ['/session-expired', 'Your session has expired'],
    ];
    for (const [path, heading] of routes) {
      await open(page, path, heading);
      expect(new URL(page.url()).pathname, path).toBe(new URL(path, e2e.server.url).pathname);
    }
    // The voucher of the link is filled in; a public page shows without the shell.
    await page.goto('/register/voucher/welcome10');
    expect(await page.getByLabel('Voucher code').inputValue()).toBe('WELCOME10');
    await open(page, '/tickets', 'Tickets');
    expect(await sidebar(page).count()).toBe(0);

    // Last: the welcome page switches to the country's language when none was chosen.
    await open(page, '/welcome/PT', /Portugal/);
    expect(pathOf(page)).toBe('/welcome/PT');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
  });

  test('logout, logout-raw, login-with-redirect, login-with-email and tickets are always allowed', async () => {
    const { page } = await e2e.newPage();
    await open(page, '/logout', 'You have been logged out');
    await open(page, `/login-with-redirect/${b64('/projects')}`, 'Log in');
    expect(pathOf(page)).toBe(`/login-with-redirect/${b64('/projects')}`);
    await open(page, `/login-with-email/${ADDR}`, 'Log in');
    expect(await page.getByLabel('Email').inputValue()).toBe('ana@example.test');
    await open(page, '/tickets', 'Tickets');
    await page.goto('/logout-raw');
    await onPath(page, '/login');
  });

  test('an unknown address shows the not-found page', async () => {
    const { page } = await e2e.newPage();
    await open(page, '/no/such/page', 'Page not found');
    expect(pathOf(page)).toBe('/no/such/page');
    await visible(page.getByText('There is no page at /no/such/page.'));
  });
});

describe('login redirect target', () => {
  test("login-with-redirect to base64('/projects') lands on /projects after login", async () => {
    const { page } = await e2e.newPage();
    await page.goto(`/login-with-redirect/${b64('/projects')}`);
    await submitLogin(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await onPath(page, '/projects');
    await visible(page.getByRole('heading', { level: 1, name: 'My projects' }));
  });

  test("login-with-redirect to base64 of another site's address lands on /dashboard", async () => {
    const { page } = await e2e.newPage();
    await page.goto(`/login-with-redirect/${b64('https://evil.example/x')}`);
    await submitLogin(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await onPath(page, '/dashboard');
    expect(new URL(page.url()).origin).toBe(e2e.server.url);
  });
});

describe('logged in as the demo owner', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('login, register and register with voucher redirect to the dashboard', async () => {
    for (const path of ['/login', '/register', '/register/voucher/WELCOME10']) {
      await page.goto(path);
      await onPath(page, '/dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    }
  });

  test('pages for visitors follow the session: /session-expired and /welcome go to the dashboard, the language stays', async () => {
    for (const path of ['/session-expired', '/welcome/PL']) {
      await page.goto(path);
      await onPath(page, '/dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
      expect(await page.getByText('Your session has expired').count()).toBe(0);
    }
    // The welcome page did not switch a logged-in user's interface to Polish.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  test('always-allowed routes stay open with a token, and unknown addresses show not-found inside the shell', async () => {
    await open(page, '/tickets', 'Tickets');
    await visible(sidebar(page));
    await open(page, `/login-with-email/${ADDR}`, 'Log in');
    await open(page, `/login-with-redirect/${b64('/projects')}`, 'Log in');
    await open(page, '/no/such/page', 'Page not found');
    await visible(sidebar(page));
  });

  test('with the token but without customer details a private page goes through profile-reload and back', async () => {
    await page.evaluate(() => sessionStorage.removeItem('customerDetails'));
    // Hold the profile answer so the profile-reload page can be seen.
    await page.route('**/api/MyProfile', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    try {
      await page.goto('/projects');
      await page.waitForURL((u) => u.pathname === '/profile-reload' && u.searchParams.get('redirect') === '/projects');
      await visible(page.getByText('Loading your account…'));
      await onPath(page, '/projects');
      await visible(page.getByRole('heading', { level: 1, name: 'My projects' }));
      await visible(sidebar(page));
      expect(JSON.parse((await sessionEntries(page)).customerDetails!).email).toBe(DEMO_USERS.demo.email);
    } finally {
      await page.unroute('**/api/MyProfile');
    }
  });

  test('the loading flag and its spinner show while a page loads and clear after the navigation', async () => {
    await open(page, '/dashboard', 'Dashboard');
    await page.route('**/assets/dedicated-servers-page-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const spinner = page.getByRole('status', { name: 'Loading…' });
    await sidebar(page).getByRole('link', { name: 'Dedicated servers' }).click();
    await visible(spinner);
    expect((await sessionEntries(page)).loading).toBe('true');
    await onPath(page, '/servers-dedicated');
    await visible(page.getByRole('heading', { level: 1, name: 'Dedicated servers' }));
    await hidden(spinner);
    await expect.poll(async () => (await sessionEntries(page)).loading).toBe('false');
    await page.unroute('**/assets/dedicated-servers-page-*.js');
  });

  test('/logout-raw clears the token cookie and the session keys of the spec and lands on the login page', async () => {
    await open(page, '/dashboard', 'Dashboard');
    await page.evaluate(() => {
      sessionStorage.setItem('cartItems', JSON.stringify([{ offer_id: 1, location: 'lisbon', quantity: 1 }]));
      sessionStorage.setItem('orderData', JSON.stringify({ order_id: 'o1' }));
      sessionStorage.setItem('helpText', JSON.stringify({ x: 1 }));
      sessionStorage.setItem('errorMessage', JSON.stringify('old error'));
      sessionStorage.setItem('pspHelperValue', JSON.stringify('psp'));
    });
    expect((await cookies(page)).token).toBeTruthy();
    await page.goto('/logout-raw');
    await onPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Log in' }));

    expect((await cookies(page)).token).toBeUndefined();
    const left = await sessionEntries(page);
    for (const key of [
      'token',
      'customerDetails',
      'cartItems',
      'products',
      'productsVms',
      'hostingLocationGlobal',
      'errorMessage',
      'orderData',
      'serverBuilderData',
      'myIps',
      'serverDetails',
      'serverDedicatedDetails',
      'helpText',
    ]) {
      expect(left, key).not.toHaveProperty(key);
    }
    // Logout keeps what the spec does not list.
    expect(left.pspHelperValue).toBe('"psp"');
    // The session is over: a private page goes to login again.
    await page.goto('/dashboard');
    await onPath(page, '/login');
  });
});

describe('sidebar by claim and role', () => {
  async function navFor(email: string, password: string): Promise<Page> {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, email, password);
    await visible(sidebar(page));
    // Settled on the dashboard (after the profile reload): a later change of route would fold the
    // group a test opens.
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    return page;
  }
  const link = (page: Page, name: string) => sidebar(page).getByRole('link', { name, exact: true, includeHidden: true });

  test('the sub-user sees Cloud servers but neither Users nor Dedicated servers', async () => {
    const page = await navFor(DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    await visible(link(page, 'Cloud servers'));
    expect(await link(page, 'Users').count()).toBe(0);
    expect(await link(page, 'Dedicated servers').count()).toBe(0);
    expect(await link(page, 'Unban IP').count()).toBe(0);
  });

  test('the staff user sees the staff-only links, the demo owner does not', async () => {
    const staff = await navFor(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const unban = await sidebarLink(staff, 'Admin', 'Unban IP');
    expect(await unban.getAttribute('href')).toBe('/unban-ip');
    await visible(link(staff, 'VM add-ons'));
    await unban.click();
    await onPath(staff, '/unban-ip');
    await visible(staff.getByRole('heading', { level: 1, name: 'Banned addresses' }));

    const owner = await navFor(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    // The owner's own claims show Users and Dedicated servers, but no staff area at all.
    await visible(link(owner, 'Users'));
    await visible(link(owner, 'Dedicated servers'));
    expect(await sidebar(owner).getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await link(owner, 'Unban IP').count()).toBe(0);
    expect(await link(owner, 'Installed servers').count()).toBe(0);
  });
});
