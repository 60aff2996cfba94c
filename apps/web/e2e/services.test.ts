/**
 * My services in the browser (spec 1 §2 my-services, services-history; 'Other screens: My
 * Services'): the demo owner lists the services, adds one, opens one, cancels it on a chosen day
 * (a day before the minimum cancel date is refused), withdraws it, and finds it all in the
 * history; the Billing menu opens the account's external billing link in a new tab. Screens at
 * 390 px and in German are kept as screenshots for review when E2E_SHOTS_DIR is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { onPath, sidebar, visible, shot } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const day = async (offset: string) =>
  (await e2e.server.db.owner.query<{ d: string }>(`SELECT (utc_today() + $1::interval)::date::text AS d`, [offset])).rows[0]!.d;

describe('the demo owner', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('lists the services from the sidebar and adds one from the catalogue', async () => {
    await sidebar(page).getByRole('link', { name: 'My services' }).click();
    await onPath(page, '/my-services');
    await visible(page.getByRole('heading', { level: 1, name: 'My services' }));
    const table = page.getByRole('table', { name: 'Services' });
    await visible(table.getByText('web-1.demo.example'));
    await visible(page.getByText('10 services'));
    expect(await table.getByText('Cancelled').filter({ visible: true }).count()).toBe(1);
    await shot(page, 'my-services-en');

    await page.getByRole('button', { name: 'Add service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a service' });
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await visible(dialog.getByText('Choose what to add'));
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: /^Priority support plan/ }).click();
    await visible(dialog.getByText(/It can end after 12 months at the earliest/));
    await dialog.getByLabel('Comment (optional)').fill('Launch month');
    await dialog.getByRole('button', { name: 'Add service' }).click();
    await visible(page.getByText(/^Service \d+ added$/));
    await visible(page.getByText('11 services'));
  });

  test('opens a service, refuses a day before its minimum cancel date, cancels on a day, withdraws, and sees the history', async () => {
    await page.getByRole('table', { name: 'Services' }).getByText('web-1.demo.example').click();
    await page.waitForURL(/\/my-services\/\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: /^Cloud server S2R4/ }));
    const equipmentId = page.url().split('/').pop()!;
    await visible(page.getByText('Active', { exact: true }));

    await page.getByRole('button', { name: 'Cancel service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel service' });
    const date = dialog.getByLabel('Last day');
    await date.fill(await day('-1 day'));
    await dialog.getByRole('button', { name: 'Cancel on this day' }).click();
    await visible(dialog.getByText('The end date cannot be in the past'));
    const end = await day('15 days');
    await date.fill(end);
    await dialog.getByRole('button', { name: 'Cancel on this day' }).click();
    await visible(page.getByText(/^The service ends on /));
    await visible(page.getByText('Cancelled', { exact: true }).first());
    const history = page.getByRole('table', { name: 'Services history' });
    await visible(history.getByText('Cancellation', { exact: true }));
    expect(
      (await e2e.server.db.owner.query(`SELECT end_date FROM services WHERE equipment_id = $1`, [equipmentId])).rows[0].end_date,
    ).toBe(end);

    await page.getByRole('button', { name: 'Withdraw cancellation' }).click();
    await page
      .getByRole('dialog', { name: 'Withdraw the cancellation?' })
      .getByRole('button', { name: 'Withdraw cancellation' })
      .click();
    await visible(history.getByText('Cancellation withdrawn'));
    await visible(page.getByText('Active', { exact: true }));

    await page.getByRole('textbox', { name: 'Comment' }).fill('Web front end');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await visible(page.getByText('Comment saved'));
    await shot(page, 'service-details-en');

    await page.goto('/services-history');
    await visible(page.getByRole('heading', { level: 1, name: 'Services history' }));
    await page.getByLabel('Equipment ID').fill(equipmentId);
    const rows = page.getByRole('table', { name: 'Services history' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(5); // the header, created, two changes, the comment
    await visible(page.getByText('4 entries'));
  });

  test('a service with a long term cannot end before its minimum cancel date', async () => {
    await page.goto('/my-services');
    await page.getByRole('table', { name: 'Services' }).getByText('Priority support plan').first().click();
    await page.waitForURL(/\/my-services\/\d+$/);
    await page.getByRole('button', { name: 'Cancel service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel service' });
    await dialog.getByLabel('Last day').fill(await day('1 month'));
    await dialog.getByRole('button', { name: 'Cancel on this day' }).click();
    await visible(dialog.getByText('The service cannot end before its minimum cancel date'));
    await dialog.getByRole('button', { name: 'Keep the service' }).click();
  });
});

describe('the Billing menu', () => {
  const setBillingLink = (link: string | null) =>
    e2e.server.db.owner.query(
      `UPDATE clients SET invoice_ninja_client_link = $1 WHERE id = (SELECT client_id FROM users WHERE email = $2)`,
      [link, DEMO_USERS.demo.email],
    );

  test('opens the account’s invoice_ninja_client_link in a new tab, without opener', async () => {
    await setBillingLink('https://billing.example/client/42');
    try {
      const { page, context } = await e2e.newPage();
      await context.route('https://billing.example/**', (r) =>
        r.fulfill({ contentType: 'text/html', body: '<title>Billing</title>' }),
      );
      await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      await page.getByRole('button', { name: 'Hello, Dana' }).click();
      const billing = page.getByRole('menuitem', { name: 'Billing' });
      expect(await billing.getAttribute('rel')).toContain('noopener');
      const [popup] = await Promise.all([context.waitForEvent('page'), billing.click()]);
      await popup.waitForURL('https://billing.example/client/42');
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
    } finally {
      await setBillingLink(null);
    }
  });
});

describe('small screens and other languages', () => {
  test('the services list and a service fit 390 px, in German too', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/my-services');
    await visible(page.getByRole('table', { name: 'Services' }).getByText('db-1.demo.example'));
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, 'my-services-390');
    await page.getByRole('table', { name: 'Services' }).getByText('build-runner').click();
    await visible(page.getByRole('button', { name: 'Change end date' }));
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, 'service-details-390');

    await page.evaluate(() => {
      document.cookie = 'language=de; path=/';
    });
    await page.goto('/services-history');
    await visible(page.getByRole('heading', { level: 1, name: 'Dienstverlauf' }));
    // On a phone the history is a list of cards: no column is cut off at the edge.
    const change = page.getByRole('list', { name: 'Dienstverlauf' }).getByText('Kündigung', { exact: true }).first();
    await visible(change);
    const box = (await change.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, 'services-history-de-390');
  });
});
