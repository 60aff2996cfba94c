/**
 * The tickets pages in other languages (issue 16): in Hindi and Finnish at 390 px the list, a
 * ticket with a reply from support, the 'New ticket' dialog with its messages and the close
 * confirmation, and a visitor's form in Polish, show no English text, no message key, no clipped
 * button and no page wider than the window.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, settled, visible } from './helpers';
import { languageProblems, tx, type Lng } from './i18n-checks';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

const PHONE = { width: 390, height: 844 };

/** English left, message keys, clipped buttons and sideways scrolling, once the page has settled. */
async function check(page: Page, lng: Lng, where: string): Promise<string[]> {
  await settled(page);
  return languageProblems(page, lng, where);
}

describe.each(['hi', 'fi'] as const)('in %s on a phone', (lng) => {
  test('the list, a ticket, the New ticket dialog and the close confirmation are all in the language', async () => {
    const owner = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const made = await e2e.server.rpc(
      'CreateTicket',
      { p_title: `VPN ${lng}`, p_description: 'wg0 ↔ 10.0.0.1', p_priority: 'high' },
      owner,
    );
    expect(made.status).toBe(200);
    const id = made.body.ticket as number;
    expect((await e2e.server.rpc('RespondToTicket', { p_ticket: id, p_comment: 'OK: 10.0.0.2' }, staff)).status).toBe(200);

    const { page } = await e2e.newPage({ viewport: PHONE });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const token = (await cookies(page)).token;
    expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: lng }, token)).status).toBe(200);
    await page.evaluate((l) => {
      document.cookie = `language=${l}; path=/; SameSite=Strict`;
    }, lng);

    await page.goto('/tickets');
    await visible(page.getByRole('heading', { level: 1, name: tx(lng, 'tickets:title'), exact: true }));
    await visible(page.getByRole('link', { name: `#${id} VPN ${lng}` }));
    const problems = await check(page, lng, 'list');

    await page.goto(`/tickets?ticket=${id}`);
    await visible(page.getByText('OK: 10.0.0.2'));
    problems.push(...(await check(page, lng, 'ticket')));
    await page.getByRole('button', { name: tx(lng, 'tickets:controls.close') }).click();
    await visible(page.getByRole('dialog').getByText(tx(lng, 'tickets:controls.close_body')));
    problems.push(...(await check(page, lng, 'close confirmation')));
    await page.keyboard.press('Escape');

    await page.goto('/tickets?new=1');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: tx(lng, 'tickets:new.submit') }).click();
    await visible(dialog.getByText(tx(lng, 'validation:ticket_title_empty')));
    problems.push(...(await check(page, lng, 'new ticket dialog')));
    expect(problems).toEqual([]);
  });
});

test("a visitor's form and its confirmation in Polish", async () => {
  const { page, context } = await e2e.newPage({ viewport: PHONE });
  await context.addCookies([{ name: 'language', value: 'pl', url: e2e.server.url }]);
  await page.goto('/tickets');
  await visible(page.getByRole('heading', { level: 1, name: tx('pl', 'tickets:title'), exact: true }));
  await page.getByRole('button', { name: tx('pl', 'tickets:guest.submit') }).click();
  await visible(page.getByText(tx('pl', 'validation:ticket_title_empty')));
  const problems = await check(page, 'pl', 'visitor form');
  await page.getByLabel(tx('pl', 'tickets:guest.email_label')).fill('gosc@example.test');
  await page.getByLabel(tx('pl', 'tickets:guest.name_label')).fill('Gość');
  await page.getByLabel(tx('pl', 'tickets:new.title_label')).fill('Pytanie');
  await page.getByLabel(tx('pl', 'tickets:new.description_label')).fill('Treść pytania');
  await page.getByRole('button', { name: tx('pl', 'tickets:guest.submit') }).click();
  await visible(page.getByText(tx('pl', 'tickets:guest.sent_title')));
  problems.push(...(await check(page, 'pl', 'visitor confirmation')));
  expect(problems).toEqual([]);
});
