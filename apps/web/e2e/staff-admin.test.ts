/**
 * The staff's screens of issue 18 in the browser: staff write a help text with a live preview (its
 * script shown nowhere, run nowhere) and the customer sees it on their page; staff post a status
 * message that every page shows and end it after a confirmation; an address that failed too many
 * logins is listed with why and until when, staff unban it and the next login goes through. Each
 * screen is axe clean in the light and dark schemes and fits 390 px; a customer gets the
 * staff-only panel and stays logged in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, settled, shot, sidebarLink, submitLogin, useScheme, visible } from './helpers';

const PER_IP = 5;
let e2e: E2E;

beforeAll(async () => {
  // A small per-address limit, so the test fails logins past it quickly; no delays.
  e2e = await startE2E({ rateLimit: { windowSeconds: 900, perIp: PER_IP, perAccount: 100, baseDelayMs: 0, maxDelayMs: 0 } });
});

afterAll(async () => {
  await e2e?.stop();
});

/** axe finds nothing serious in the light scheme, nor in the dark one's colours; the page fits 390 px when that narrow. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await shot(page, `staff-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `staff-${name}-dark`);
  await useScheme(page, 'light');
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function staffPage(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await e2e.newPage(viewport ? { viewport } : {});
  await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  return page;
}

describe('help texts', () => {
  test('staff write a help text with a live preview and the customer sees it on their page', async () => {
    const page = await staffPage();
    await sidebarLink(page, 'Admin', 'Status messages');
    await page.goto('/help-texts');
    await visible(page.getByRole('heading', { name: 'Help texts', level: 1 }));
    await visible(page.getByText('No help texts yet'));
    await expectAccessible(page, 'helptexts-empty');

    await page.getByRole('button', { name: 'New help text' }).click();
    const editor = page.getByRole('dialog', { name: 'New help text' });
    await visible(editor);
    await editor.getByRole('button', { name: 'Save' }).click();
    await visible(editor.getByText('Use 1 to 64 letters, digits, hyphens or underscores'));
    await editor.getByRole('combobox', { name: 'Label' }).fill('dashboard');
    await editor
      .getByRole('textbox', { name: 'HTML' })
      .fill('<h2>Welcome aboard</h2><p>Start with <strong>New order</strong>.</p><script>window.__staffHelp = 1</script>');
    // The preview renders the HTML as customers will see it; the script neither shows nor runs.
    const preview = editor.getByRole('region', { name: 'Preview' });
    await visible(preview.getByRole('heading', { name: 'Welcome aboard' }));
    expect(await preview.locator('script').count()).toBe(0);
    await expectAccessible(page, 'helptexts-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await hidden(editor);
    await visible(page.getByText('Help text dashboard saved'));
    const row = page.getByRole('row').filter({ hasText: 'dashboard' });
    await visible(row.getByRole('link', { name: '/dashboard' }));
    expect(await page.evaluate(() => (window as unknown as { __staffHelp?: number }).__staffHelp)).toBeUndefined();

    // The customer's dashboard shows it in its help panel.
    const { page: customer } = await e2e.newPage();
    await e2e.loginAs(customer, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const panel = customer.getByRole('complementary', { name: 'Help for this page' });
    await visible(panel.getByRole('heading', { name: 'Welcome aboard' }));
    expect(await panel.locator('script').count()).toBe(0);

    // Staff change it; the customer's next visit shows the new text.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Help text dashboard' });
    await edit.getByRole('textbox', { name: 'HTML' }).fill('<p>Our support answers within the hour.</p>');
    await visible(edit.getByRole('region', { name: 'Preview' }).getByText('Our support answers within the hour.'));
    await edit.getByRole('button', { name: 'Save' }).click();
    await hidden(edit);
    await customer.reload();
    await visible(panel.getByText('Our support answers within the hour.'));

    // Emptying it removes it after a confirmation: no panel any more.
    await row.getByRole('button', { name: 'Edit' }).click();
    await edit.getByRole('textbox', { name: 'HTML' }).fill('');
    await edit.getByRole('button', { name: 'Remove the help text' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove the help text dashboard?' });
    await confirm.getByRole('button', { name: 'Remove the help text' }).click();
    await visible(page.getByText('No help texts yet'));
    await customer.reload();
    await visible(customer.getByRole('heading', { level: 1 }));
    await settled(customer);
    await hidden(panel);
  });

  test('a customer sees the staff-only panel without any call, and stays logged in', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    for (const [path, title] of [
      ['/help-texts', 'Help texts'],
      ['/statuses', 'Status messages'],
      ['/unban-ip', 'Banned addresses'],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: title, level: 1 }));
      await visible(page.getByText('This area is for the provider’s staff'));
      await onPath(page, path);
    }
    await expectAccessible(page, 'customer-refused');
  });
});

describe('status messages', () => {
  test('at 390 px, staff post a message every page shows, and end it after a confirmation', async () => {
    const page = await staffPage({ width: 390, height: 844 });
    await page.goto('/statuses');
    await visible(page.getByRole('heading', { name: 'Status messages', level: 1 }));
    await visible(page.getByText('No status message is shown now'));
    await expectAccessible(page, 'statuses-empty');

    const form = page.getByRole('form', { name: 'Post a status message' });
    await form.getByRole('button', { name: 'Post the message' }).click();
    await visible(form.getByText('Write the message first'));
    await form.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Warning' }).click();
    const message = 'Planned maintenance of the Frankfurt network tonight, 22:00 to 23:00 UTC.';
    await form.getByRole('textbox', { name: 'Message' }).fill(message);
    await form.getByRole('button', { name: 'Post the message' }).click();
    await visible(page.getByText('The status message is shown on every page'));
    const row = page.getByRole('row').filter({ hasText: message });
    await visible(row.getByText('Warning'));
    await visible(page.getByTestId('status-banner').filter({ hasText: message }));
    await expectAccessible(page, 'statuses-list');

    await row.getByRole('button', { name: 'End the message' }).click();
    const confirm = page.getByRole('dialog', { name: 'End this status message?' });
    await visible(confirm.getByText(message));
    await confirm.getByRole('button', { name: 'End the message' }).click();
    await hidden(confirm);
    await visible(page.getByText('No status message is shown now'));
    await page.getByText('Ended', { exact: true }).click();
    const ended = page.getByRole('row').filter({ hasText: message });
    await visible(ended);
    expect(await ended.innerText()).toMatch(/· Ended /);
    expect(await ended.getByRole('button', { name: 'End the message' }).count()).toBe(0);
    await hidden(page.getByTestId('status-banner').filter({ hasText: message }));
  });
});

describe('banned addresses', () => {
  test('an address that failed too many logins is listed with why and until when; staff unban it and the login goes through', async () => {
    const page = await staffPage();
    await page.goto('/unban-ip');
    await visible(page.getByText('No address is banned'));

    // The browser and the harness both come from 127.0.0.1.
    for (let i = 0; i < PER_IP; i++) {
      const r = await e2e.server.rpc('login', { p_email: DEMO_USERS.demo.email, p_password: 'not-the-password' });
      expect(r.status).toBe(401);
    }
    const { page: customer } = await e2e.newPage();
    await customer.goto('/login');
    await submitLogin(customer, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await visible(customer.getByRole('alert').filter({ hasText: 'Too many attempts' }));
    await onPath(customer, '/login');

    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('row').filter({ hasText: '127.0.0.1' });
    await visible(row.getByText('Logging in'));
    expect(await row.innerText()).toContain(`${PER_IP} of ${PER_IP} failures`);
    await visible(page.getByText('1 ban'));
    await expectAccessible(page, 'unban-list');

    await row.getByRole('button', { name: 'Unban' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unban 127.0.0.1?' });
    await visible(confirm);
    await expectAccessible(page, 'unban-confirm');
    await confirm.getByRole('button', { name: 'Unban' }).click();
    await hidden(confirm);
    await visible(page.getByText('127.0.0.1 is no longer banned'));
    await visible(page.getByText('No address is banned'));

    await submitLogin(customer, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await onPath(customer, '/dashboard');
  });
});
