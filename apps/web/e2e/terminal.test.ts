/**
 * The terminal console through the real browser and the real hubs: a terminal message published
 * on the server (publishHubMessage, as a worker does) reaches the logged-in account's panel,
 * decoded and labelled; a second one flashes the collapsed line; the minimised choice survives a
 * reload; a message that is not base64 shows raw; another account's messages never arrive; a
 * message stored before the page loaded is put in front of the live ones after about 3 s; the
 * keyboard and the 390 px layout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCAL_KEYS } from '@portside/contract/constants';
import { publishHubMessage } from '../../server/src/hubs/publish.js';
import { startE2E, type E2E } from './harness';
import { hidden, verifiedAccount, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Publishes a terminal message for an account, as a worker does. */
function publish(clientId: string, label: string, message: string): Promise<void> {
  return publishHubMessage(e2e.server.db.owner, {
    clientId,
    kind: 'terminal',
    provisionedId: 101,
    payload: { provisioned_id: 101, label, stage: 'provision', message },
  });
}

/** Waits until the account has (at least `n`) registered terminal connections: live messages then arrive. */
async function registered(clientId: string, n = 1): Promise<void> {
  for (let i = 0; i < 150; i++) {
    const r = await e2e.server.db.owner.query<{ n: string }>(
      `SELECT count(*) AS n FROM hub_connections WHERE client_id = $1 AND kind = 'terminal' AND active`,
      [clientId],
    );
    if (Number(r.rows[0]!.n) >= n) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error('the terminal connection was never registered');
}

const panel = (page: Page) => page.getByRole('region', { name: 'Terminal messages' });
const lines = (page: Page) => panel(page).getByRole('log').getByTestId('terminal-line');
const collapsed = (page: Page) => page.getByRole('button', { name: /^Open terminal messages/ });
const saved = (page: Page) => page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.terminalMinimized);

describe('terminal console', () => {
  let page: Page;
  let account: { email: string; password: string; clientId: string };

  test('a published message appears decoded with its label', async () => {
    account = await verifiedAccount(e2e, 'term');
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, account.email, account.password);
    // No messages yet: the terminal takes no room.
    expect(await panel(page).count()).toBe(0);
    await registered(account.clientId);
    await publish(account.clientId, 'vm-web-1', b64('Installing Debian 12 — zażółć ✓'));
    await visible(panel(page));
    await visible(lines(page).filter({ hasText: '[vm-web-1] Installing Debian 12 — zażółć ✓' }));
    expect(await panel(page).getByText('1 message', { exact: true }).count()).toBe(1);
  });

  test('closing minimises; a new message flashes the collapsed line', async () => {
    await panel(page).getByRole('button', { name: 'Minimise terminal' }).click();
    await hidden(panel(page));
    expect(await saved(page)).toBe('minimized');
    await visible(collapsed(page));
    expect(await page.getByTestId('terminal-last').innerText()).toBe('> vm-web-1: Installing Debian 12 — zażółć ✓');

    // Watch the flash from the page: count the lit/unlit changes of the collapsed line.
    await page.evaluate(() => {
      const w = window as unknown as { flashes: string[] };
      w.flashes = [];
      const el = document.querySelector('[data-testid="terminal-collapsed"]')!;
      new MutationObserver(() => w.flashes.push(el.getAttribute('data-flashing')!)).observe(el, {
        attributes: true,
        attributeFilter: ['data-flashing'],
      });
    });
    await publish(account.clientId, 'vm-web-1', b64('Network configured'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="terminal-last"]')?.textContent === '> vm-web-1: Network configured',
    );
    await page.waitForFunction(() => (window as unknown as { flashes: string[] }).flashes.length >= 10, undefined, {
      timeout: 8000,
    });
    const flashes = await page.evaluate(() => (window as unknown as { flashes: string[] }).flashes);
    expect(flashes.slice(0, 10)).toEqual(['true', 'false', 'true', 'false', 'true', 'false', 'true', 'false', 'true', 'false']);
    // Minimised, it does not open by itself.
    expect(await panel(page).count()).toBe(0);
  });

  test('the minimised choice survives a reload; the stored messages come back behind the line', async () => {
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main navigation' }));
    await visible(collapsed(page), 10_000);
    expect(await page.getByTestId('terminal-last').innerText()).toBe('> vm-web-1: Network configured');
    await page.waitForTimeout(1200); // two polls: still minimised
    expect(await panel(page).count()).toBe(0);
    expect(await saved(page)).toBe('minimized');
  });

  test('the keyboard opens it, Escape closes it, and a click outside closes it', async () => {
    await collapsed(page).focus();
    await page.keyboard.press('Enter');
    await visible(panel(page));
    expect(await saved(page)).toBe('not-minimized');
    expect(await lines(page).allInnerTexts()).toEqual([
      expect.stringContaining('[vm-web-1] Installing Debian 12 — zażółć ✓'),
      expect.stringContaining('[vm-web-1] Network configured'),
    ]);
    // The focus moved into the panel; Escape closes it and gives the focus back to the line.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Minimise terminal');
    await page.keyboard.press('Escape');
    await hidden(panel(page));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('terminal-collapsed');
    expect(await saved(page)).toBe('minimized');

    await collapsed(page).click();
    await visible(panel(page));
    await page.getByRole('heading', { level: 1 }).first().click();
    await hidden(panel(page));
    expect(await saved(page)).toBe('minimized');
  });

  test('a message that is not base64 shows raw; clear empties the panel', async () => {
    await collapsed(page).click();
    await visible(panel(page));
    await publish(account.clientId, '', 'Plain text, not base64!');
    await visible(lines(page).filter({ hasText: 'Plain text, not base64!' }));
    expect(await lines(page).last().innerText()).not.toContain('[');
    await panel(page).getByRole('button', { name: 'Clear messages' }).click();
    await visible(panel(page).getByText('No messages yet.'));
    expect(await lines(page).count()).toBe(0);
  });

  test("another account's messages never arrive", async () => {
    const other = await verifiedAccount(e2e, 'term-other');
    const { page: otherPage } = await e2e.newPage();
    await e2e.loginAs(otherPage, other.email, other.password);
    await registered(other.clientId);
    await publish(other.clientId, 'vm-secret', b64('Only for the other account'));
    await publish(account.clientId, 'vm-web-1', b64('Mine again'));
    await visible(otherPage.getByText('Only for the other account'));
    await visible(lines(page).filter({ hasText: 'Mine again' }));
    expect(await page.getByText('Only for the other account').count()).toBe(0);
    expect(await otherPage.getByText('Mine again').count()).toBe(0);
  });

  test("logging out deactivates the account's connection mappings", async () => {
    const deactivate = page.waitForResponse(
      (r) => r.url().includes('/svc/notifications/deactivate/') && r.request().method() === 'POST',
    );
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    const answer = await deactivate;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ data: expect.any(Number) });
    const r = await e2e.server.db.owner.query(`SELECT count(*)::int AS n FROM hub_connections WHERE client_id = $1 AND active`, [
      account.clientId,
    ]);
    expect(r.rows[0].n).toBe(0);
  });
});

describe('terminal console: failing notification calls', () => {
  test("a refused registration shows the fixed message with the answer's own; a network failure shows nothing", async () => {
    const account = await verifiedAccount(e2e, 'term-refused');
    const { page } = await e2e.newPage();
    await page.route('**/svc/notifications/register/**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOTIFICATION_HASH_INVALID', message: 'Hash refused here', hint: null, details: null }),
      }),
    );
    await e2e.loginAs(page, account.email, account.password);
    const banner = page.getByTestId('error-banner');
    await visible(banner);
    expect(await banner.innerText()).toContain('Failed to register notification connection: Hash refused here');

    const { page: offline } = await e2e.newPage();
    await offline.route('**/svc/notifications/**', (route) => route.abort('connectionrefused'));
    const aborted = offline.waitForRequest((r) => r.url().includes('/svc/notifications/register/'));
    await e2e.loginAs(offline, account.email, account.password);
    await aborted;
    await offline.waitForTimeout(3500); // past the stored-message merge, which fails the same way
    expect(await offline.getByTestId('error-banner').count()).toBe(0);
    expect(new URL(offline.url()).pathname).toBe('/dashboard');
  });
});

describe('terminal console on a phone', () => {
  test('a message stored before the page loaded is put in front of live ones after about 3 s', async () => {
    const account = await verifiedAccount(e2e, 'term-phone');
    await publish(account.clientId, 'vm-db-1', b64('Stored before login'));
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, account.email, account.password);
    const start = Date.now();
    await registered(account.clientId);
    await publish(account.clientId, 'vm-db-1', b64('Live after login'));
    await visible(lines(page).filter({ hasText: 'Live after login' }));
    if (Date.now() - start < 2000) expect(await lines(page).count()).toBe(1);
    await visible(lines(page).filter({ hasText: 'Stored before login' }), 10_000);
    expect(await lines(page).allInnerTexts()).toEqual([
      expect.stringContaining('[vm-db-1] Stored before login'),
      expect.stringContaining('[vm-db-1] Live after login'),
    ]);
    // Full width at 390 px, and no wider than the screen.
    const box = await panel(page).boundingBox();
    expect(box && Math.round(box.width)).toBe(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('terminal lines the server keyed (issue 12)', () => {
  test('show in the reader’s language, stored ones too; an unknown key shows the English the server sent', async () => {
    const account = await verifiedAccount(e2e, 'term-pl');
    const keyed = (key: string, english: string, params: Record<string, string | number> = {}) =>
      publishHubMessage(e2e.server.db.owner, {
        clientId: account.clientId,
        kind: 'terminal',
        provisionedId: 101,
        payload: { provisioned_id: 101, label: 'vm-pl-1', stage: 'x', message: b64(english), text_key: key, text_params: params },
      });
    await keyed('terminal:create.failed.cluster', 'Server creation failed: clone failed: storage full', {
      reason: 'clone failed: storage full',
    });
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, account.email, account.password);
    await page.evaluate(() => {
      document.cookie = 'language=pl; path=/; SameSite=Strict';
    });
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'pl');
    await registered(account.clientId);
    await keyed('terminal:ops.stop.done', 'Server stopped');
    await keyed('terminal:ops.hibernate.done', 'Server hibernated');
    const log = page.getByRole('region', { name: 'Komunikaty terminala' }).getByRole('log').getByTestId('terminal-line');
    await visible(log.filter({ hasText: '[vm-pl-1] Serwer zatrzymany' }));
    await visible(log.filter({ hasText: '[vm-pl-1] Server hibernated' }));
    await visible(log.filter({ hasText: '[vm-pl-1] Tworzenie serwera nie powiodło się: clone failed: storage full' }), 10_000);
    expect(await log.filter({ hasText: 'Server stopped' }).count()).toBe(0);
  });
});
