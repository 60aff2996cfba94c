/**
 * The provider's status banner (issue 16): a status staff post (PostInternalStatus) shows on every
 * page — a customer's and a logged-out visitor's — in the level's colour, goes away once ended
 * (EndInternalStatus) at the next read, which a return to the window triggers (no minute's wait),
 * and a dismissed message stays hidden for the rest of the tab session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, settled, shot, useScheme, visible } from './helpers';

let e2e: E2E;
let staffToken: string;

beforeAll(async () => {
  e2e = await startE2E();
  staffToken = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});

afterAll(async () => {
  await e2e?.stop();
});

async function post(message: string, level: 'info' | 'warning' | 'critical'): Promise<number> {
  const r = await e2e.server.rpc('PostInternalStatus', { p_message: message, p_level: level }, staffToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as number;
}

async function end(id: number): Promise<void> {
  const r = await e2e.server.rpc('EndInternalStatus', { p_id: id }, staffToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The window comes back into focus: the banner reads the statuses again. */
async function refocus(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

function banner(page: Page, text: string) {
  return page.getByTestId('status-banner').filter({ hasText: text });
}

describe('the status banner', () => {
  test('shows a posted status to a customer and a visitor, and hides it once ended', async () => {
    const message = 'Planned maintenance of the Lisbon storage tonight, 22:00 to 23:00 UTC.';
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await settled(page);
    await hidden(page.getByTestId('status-banner'));

    const id = await post(message, 'warning');
    await refocus(page);
    const shown = banner(page, message);
    await visible(shown);
    await visible(shown.getByText('Service warning'));
    expect(await shown.getAttribute('role')).toBe('status');
    await settled(page);
    expect(await a11yProblems(page)).toEqual([]);
    await useScheme(page, 'dark');
    expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);

    // A visitor who is not logged in sees it on the login page.
    const { page: visitor } = await e2e.newPage();
    await visitor.goto('/login');
    await visible(banner(visitor, message));
    await shot(visitor, 'support-status-login');
    await settled(visitor);
    expect(await a11yProblems(visitor)).toEqual([]);

    await end(id);
    await refocus(page);
    await hidden(banner(page, message));
    await visitor.reload();
    await visible(visitor.getByRole('button', { name: 'Log in', exact: true }));
    await hidden(banner(visitor, message));
  });

  test('a dismissed status stays hidden in the tab until it is over; a critical one is an alert', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const critical = await post('Frankfurt network outage: we are on it.', 'critical');
    const info = await post('New: servers in Frankfurt with AMD EPYC.', 'info');
    try {
      await page.reload();
      const outage = banner(page, 'Frankfurt network outage');
      await visible(outage);
      expect(await outage.getAttribute('role')).toBe('alert');
      await visible(outage.getByText('Service disruption'));
      const news = banner(page, 'AMD EPYC');
      await visible(news);
      await shot(page, 'support-status-shell');

      await news.getByRole('button', { name: 'Dismiss this status message' }).click();
      await hidden(news);
      await visible(outage);
      // The rest of the tab session: other pages and reloads.
      await page.goto('/projects');
      await visible(banner(page, 'Frankfurt network outage'));
      await hidden(banner(page, 'AMD EPYC'));
      await page.reload();
      await visible(banner(page, 'Frankfurt network outage'));
      await hidden(banner(page, 'AMD EPYC'));
    } finally {
      await end(critical);
      await end(info);
    }
    await refocus(page);
    await hidden(page.getByTestId('status-banner'));
  });

  test("the automatic status shows while the heartbeat has lost the account's cluster, in the reader's language", async () => {
    const { page, context } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const lost = (value: boolean) =>
      e2e.server.db.owner.query(
        'UPDATE clients SET prox_sync_success = $1 WHERE id = (SELECT client_id FROM users WHERE lower(email) = lower($2))',
        [!value, DEMO_USERS.demo.email],
      );
    await lost(true);
    try {
      await context.addCookies([{ name: 'language', value: 'pl', url: e2e.server.url }]);
      await page.reload();
      const polish = 'Usługa raportowania zaplecza utraciła łączność; serwery działają, a zespół pracuje nad problemem.';
      await visible(banner(page, polish));
      // Dismissed, it stays away at the next reads while the contact is still lost.
      await banner(page, polish).getByRole('button', { name: 'Zamknij ten komunikat o stanie' }).click();
      await hidden(banner(page, polish));
      await refocus(page);
      await page.reload();
      await visible(page.getByRole('heading', { level: 1 }));
      await hidden(banner(page, polish));
      // Back in contact (read once more), then lost again: it shows again.
      await lost(false);
      const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/InternalStatus');
      await refocus(page);
      await read;
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portside.dismissed-statuses') ?? '[]')).toBe('[]');
      await lost(true);
      await page.reload();
      await visible(banner(page, polish));
    } finally {
      await lost(false);
    }
    await refocus(page);
    await hidden(page.getByTestId('status-banner'));
  });
});
