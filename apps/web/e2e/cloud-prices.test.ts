/**
 * The cloud price lists in the browser (issue 18): at 390 px staff create a model, set its Lisbon
 * price from the 1st of next month, see the scheduled change in the list and the dialog, withdraw
 * it, and retire the model after a confirmation; on /addons-vm staff schedule the backups' share
 * (a percent, not euros). Each screen is axe clean in the light and dark schemes and fits 390 px;
 * a customer gets the staff-only panel.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, settled, shot, useScheme, visible } from './helpers';

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
  await shot(page, `cloud-prices-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `cloud-prices-${name}-dark`);
  await useScheme(page, 'light');
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function staffPage(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await e2e.newPage(viewport ? { viewport } : {});
  await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  return page;
}

/** The 1st of next month (UTC), as the dialog proposes it. */
function firstOfNextMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

describe('product models', () => {
  test('at 390 px, staff create a model, schedule a price from next month, withdraw it, and retire the model', async () => {
    const page = await staffPage({ width: 390, height: 844 });
    await page.goto('/products-models');
    await visible(page.getByRole('heading', { name: 'Product models', level: 1 }));
    await visible(page.getByRole('table', { name: 'Cloud server models' }));
    await expectAccessible(page, 'models');

    // A new model: the code follows the size; a price for every location.
    await page.getByRole('button', { name: 'New model' }).click();
    const create = page.getByRole('dialog', { name: 'New cloud server model' });
    await create.getByRole('button', { name: 'Create model' }).click();
    await visible(create.getByText('Choose a core type from the list'));
    await create.getByRole('textbox', { name: 'Cores' }).fill('3');
    await create.getByRole('textbox', { name: 'RAM (GB)' }).fill('9');
    await create.getByRole('textbox', { name: 'Disk (GB)' }).fill('30');
    expect(await create.getByRole('textbox', { name: 'Code' }).inputValue()).toBe('S3R9');
    await create.getByRole('combobox', { name: 'Core type' }).click();
    await page.getByRole('option', { name: 'vCore — shared' }).click();
    await create.getByRole('textbox', { name: 'Monthly price in Lisbon' }).fill('9.90');
    await create.getByRole('textbox', { name: 'Monthly price in Frankfurt' }).fill('11.40');
    await expectAccessible(page, 'create');
    await create.getByRole('button', { name: 'Create model' }).click();
    await hidden(create);
    await visible(page.getByText('Model S3R9 created'));

    await page.getByRole('textbox', { name: 'Search by code' }).fill('S3R9');
    await visible(page.getByText('1 model', { exact: true }));
    const row = page.getByRole('row').filter({ hasText: 'S3R9' });
    await visible(row.getByText('Offered'));

    // Lisbon's price from the 1st of next month (the dialog's default day).
    await row.getByRole('button', { name: 'Change price of S3R9 in Lisbon' }).click();
    const dialog = page.getByRole('dialog', { name: 'S3R9 in Lisbon' });
    await visible(dialog.getByText('No price changes yet'));
    expect(await dialog.getByLabel('Applies from').inputValue()).toBe(firstOfNextMonth());
    await dialog.getByRole('textbox', { name: 'New price' }).fill('12.50');
    await expectAccessible(page, 'price-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);
    await visible(page.getByText('The new price of S3R9 in Lisbon is saved'));
    await visible(row.getByText(/€12\.50 from/));
    expect(await row.innerText()).toContain('€9.90');

    // The dialog lists it as scheduled; withdrawing it (confirmed) leaves the price as it was.
    await row.getByRole('button', { name: 'Change price of S3R9 in Lisbon' }).click();
    await visible(dialog.getByText('Scheduled'));
    await dialog.getByRole('button', { name: /^Withdraw the price €12\.50/ }).click();
    await dialog.getByRole('button', { name: /^Confirm: withdraw the price €12\.50/ }).click();
    await visible(dialog.getByText('No price changes yet'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    await hidden(row.getByText(/€12\.50 from/));

    // Retiring asks first; the model stays listed as retired.
    await row.getByRole('button', { name: 'Retire S3R9' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire S3R9?' });
    await visible(confirm.getByText('No server has it.', { exact: false }));
    await confirm.getByRole('button', { name: 'Retire model' }).click();
    await hidden(confirm);
    await visible(page.getByText('S3R9 is retired'));
    await visible(row.getByText('Retired'));
    await visible(row.getByRole('button', { name: 'Restore S3R9' }));
  });
});

describe('VM add-ons', () => {
  test('staff schedule the backups share as a percent, and see it as the next change', async () => {
    const page = await staffPage();
    await page.goto('/addons-vm');
    await visible(page.getByRole('heading', { name: 'VM add-ons', level: 1 }));
    const backups = page.getByRole('row').filter({ hasText: 'Daily backups' });
    await visible(backups.getByText('20 %'));
    await expectAccessible(page, 'addons');

    await backups.getByRole('button', { name: 'Change price: Daily backups' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily backups' });
    await visible(dialog.getByText("Price now: 20 % of the model's monthly price"));
    await dialog.getByRole('textbox', { name: 'New price' }).fill('25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);
    await visible(page.getByText('The new price of Daily backups is saved'));
    await visible(backups.getByText(/^Next price 25 % from/));
    await visible(backups.getByText('20 %'));
  });

  test('a customer gets the staff-only panel on both price lists', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    for (const [path, title] of [
      ['/products-models', 'Product models'],
      ['/addons-vm', 'VM add-ons'],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: title, level: 1 }));
      await visible(page.getByText('This area is for the provider’s staff'));
      await onPath(page, path);
    }
  });
});
