/**
 * The dedicated price lists in the browser (issue 18): staff set a disk type's price from the 1st of
 * next month and see it scheduled in the list and in the price's history, while today's price stays;
 * on the offers' price list they search, look at the reference lists and retire an offer after a
 * confirmation, then offer it again; they make a new offer from the reference lists. Both pages are
 * axe clean in light and dark and fit 390 px.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, settled, shot, useScheme, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

/** axe finds nothing serious in the light scheme, nor in the dark one's colours; the page fits its width. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await shot(page, `dedprices-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `dedprices-${name}-dark`);
  await useScheme(page, 'light');
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function staffPage(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await e2e.newPage(viewport ? { viewport } : {});
  await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  return page;
}

/** The 1st of the month after today's (UTC), as the API answers days. */
function firstOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

describe('the disk and RAM price list', () => {
  test('staff set the NVMe price from next month and see it scheduled, today’s price unchanged', async () => {
    const page = await staffPage();
    await page.goto('/servers-disks-price-list');
    await visible(page.getByRole('heading', { name: 'Disk and RAM price list', level: 1 }));
    const table = page.getByRole('table', { name: 'Part prices' });
    const nvme = table.getByRole('row').filter({ hasText: 'NVMe disks' });
    await visible(nvme.getByText('per TB a month'));
    await expectAccessible(page, 'parts');

    await nvme.getByRole('button', { name: 'Change price of NVMe disks' }).click();
    const dialog = page.getByRole('dialog', { name: 'NVMe disks' });
    await visible(dialog);
    const price = dialog.getByRole('textbox', { name: 'New price' });
    await price.fill('6.5');
    // The day defaults to the 1st of next month.
    expect(await dialog.getByLabel('Applies from').inputValue()).toBe(firstOfNextMonth());
    await expectAccessible(page, 'parts-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);
    await visible(page.getByText('The new price of NVMe disks is saved'));

    // Scheduled: the row notes the price to come; today's price is the one it had.
    await visible(nvme.getByText(/from/));
    const cells = await nvme.innerText();
    expect(cells).toContain('6.00');
    expect(cells).toContain('6.50');
    const rows = await e2e.server.db.owner.query(
      `SELECT cents::text, effective_from::text FROM price_changes WHERE item = 'disk_type:NVMe'`,
    );
    expect(rows.rows).toEqual([{ cents: '650.00', effective_from: firstOfNextMonth() }]);

    // The price's history in the dialog lists it as scheduled, with a way to withdraw it.
    await nvme.getByRole('button', { name: 'Change price of NVMe disks' }).click();
    await visible(dialog.getByText('Scheduled'));
    await visible(dialog.getByRole('button', { name: /Withdraw the price/ }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
  });
});

describe('the dedicated server price list', () => {
  test('at 390 px staff search the offers, read the reference lists, retire an offer after a confirmation and offer it again', async () => {
    const page = await staffPage({ width: 390, height: 844 });
    await page.goto('/servers-price-list');
    await visible(page.getByRole('heading', { name: 'Dedicated server price list', level: 1 }));
    await visible(page.getByText('rented servers keep the price they were ordered at', { exact: false }));
    const table = page.getByRole('table', { name: 'Dedicated offers' });
    await visible(table.getByRole('row').filter({ hasText: 'Compute 9354P' }).first());
    await expectAccessible(page, 'offers');

    await page.getByRole('textbox', { name: 'Search offers' }).fill('epyc 7313');
    await visible(page.getByRole('status').filter({ hasText: '2 offers' }));
    expect(await table.getByRole('row').filter({ hasText: 'Compute 9354P' }).count()).toBe(0);

    const offer = table.getByRole('row').filter({ hasText: 'Lisbon' }).filter({ hasText: 'Performance 7313P' });
    await offer.getByRole('button', { name: 'Retire Performance 7313P in Lisbon' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire Performance 7313P in Lisbon?' });
    await visible(confirm.getByText('Customers can no longer see or order it.', { exact: false }));
    await expectAccessible(page, 'retire');
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await hidden(confirm);
    await visible(offer.getByText('Retired'));
    const offered = async () =>
      ((await e2e.server.get('ServerOffers?name=eq.Performance%207313P&location=eq.lisbon')).body as unknown[]).length;
    expect(await offered()).toBe(0);
    await offer.getByRole('button', { name: 'Offer again: Performance 7313P in Lisbon' }).click();
    await hidden(offer.getByText('Retired'));
    expect(await offered()).toBe(1);

    await page.getByRole('tab', { name: 'Processors' }).click();
    const cpus = page.getByRole('table', { name: 'Processors' });
    await visible(cpus.getByRole('row').filter({ hasText: 'AMD EPYC 9354P' }));
    await page.getByRole('tab', { name: 'Disk sets' }).click();
    await visible(page.getByRole('table', { name: 'Disk sets' }).getByText('2 × 480 GB SSD + 8 × 16 TB HDD'));
    await expectAccessible(page, 'disk-sets');
  });
});

describe('a new dedicated offer', () => {
  test('staff make one from the reference lists after the form names what is missing, and find it in the list', async () => {
    const page = await staffPage();
    await page.goto('/servers-price-list');
    await page.getByRole('button', { name: 'New offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dedicated offer' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    await visible(dialog.getByText('Name the offer'));
    await expectAccessible(page, 'new-offer');

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Compute 9354P Max');
    await dialog.getByRole('textbox', { name: 'Product code' }).fill('ds-ep9354-max');
    const pick = async (field: string, option: string) => {
      await dialog.getByRole('combobox', { name: field }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Location', 'Frankfurt');
    await pick('Processor', 'AMD EPYC 9354P');
    await pick('Disks', '2 × 3.84 TB NVMe');
    await dialog.getByRole('textbox', { name: 'Memory (GB)' }).fill('512');
    await dialog.getByRole('textbox', { name: 'Monthly price' }).fill('449');
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    await hidden(dialog);
    await visible(page.getByText('The offer Compute 9354P Max is created'));

    await page.getByRole('textbox', { name: 'Search offers' }).fill('9354p max');
    const row = page.getByRole('table', { name: 'Dedicated offers' }).getByRole('row').filter({ hasText: 'Compute 9354P Max' });
    await visible(row.getByText('449.00', { exact: false }));
    const offered = (await e2e.server.get('ServerOffers?product=eq.ds-ep9354-max')).body as { monthly_price_cents: number }[];
    expect(offered.map((o) => o.monthly_price_cents)).toEqual([44_900]);
  });
});
