/**
 * The VM console in the real browser: the demo owner asks for a console of a running demo server
 * (VmConsole with the browser's own token), opens the console-open link, sees the serial console
 * in xterm.js with the keyboard focus in it, types a login and a password and reads the spec's
 * 'Wrong password for console' hint; Ctrl-D closes the console and 'New console' opens another.
 * An already used link shows the error state; at 390 px nothing overflows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** Logs the demo owner in and asks for a console of a running demo server with the browser's token. */
async function consoleLinkFor(page: Page): Promise<string> {
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  const token = (await cookies(page)).token;
  expect(token).toBeTruthy();
  const vms = await e2e.server.get('MyVMs2?power_status=eq.RUNNING&name=eq.web-1.demo.example', token);
  expect(vms.body).toHaveLength(1);
  const r = await e2e.server.rpc('VmConsole', { p_provisioned_id: vms.body[0].provisioned_id }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.url as string;
}

const terminal = (page: Page) => page.getByRole('region', { name: 'Server console' });

describe('console-open', () => {
  test('shows the serial console: login, a hidden password and the spec’s wrong-password hint; Ctrl-D closes, New console reopens', async () => {
    const { page } = await e2e.newPage();
    const url = await consoleLinkFor(page);
    await page.goto(url);
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    await visible(page.getByRole('heading', { name: 'Console · web-1.demo.example' }));
    await visible(terminal(page).getByText('web-1 login:'));
    // The keyboard focus is in the terminal: typing needs no click.
    await page.keyboard.type('root');
    await page.keyboard.press('Enter');
    await visible(terminal(page).getByText('Password:'));
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await visible(terminal(page).getByText('Wrong password for console: use Reset Root Password, then log in as root'));
    await visible(terminal(page).getByText('Login incorrect'));
    expect(await terminal(page).textContent()).not.toContain('not-the-password');

    await page.keyboard.press('Control+D');
    await visible(page.getByText('Console closed'));
    await visible(page.getByRole('status').filter({ hasText: 'Closed' }));
    const before = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'New console' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    expect(new URL(page.url()).pathname).not.toBe(before);
    await hidden(page.getByText('Console closed'));
    await visible(terminal(page).getByText('web-1 login:'));
  });

  test('opens in a new tab (no customer details loaded there); an already used link shows the error state, at 390 px without overflow', async () => {
    const { page: first, context } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const url = await consoleLinkFor(first);
    // A tab of its own, as the Console tab opens it: the token cookie, but an empty session store.
    const page = await context.newPage();
    await page.goto(url);
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    const box = await terminal(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThan(600);

    await page.goto('/dashboard');
    await page.goto(url);
    await visible(page.getByText('This console link has been used already: each link opens one console.'));
    await visible(page.getByRole('status').filter({ hasText: 'Error' }));
    await visible(page.getByRole('link', { name: 'your servers' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An altered link is refused the same way.
    const parts = url.split('/');
    parts[5] = (parts[5]![0] === 'a' ? 'b' : 'a') + parts[5]!.slice(1);
    await page.goto(parts.join('/'));
    await visible(page.getByText('This console link is not valid.'));
  });
});
