/**
 * The server builder and the checkout (spec 1 §2 NewOrder and checkout, §4 Cart): the demo owner
 * declines the free-trial offer, builds a server in Frankfurt (the German-electricity banner),
 * sees the hostname rule while typing and the live price change with backups (+20% of the list
 * price), fills the cart (the same configuration raises the quantity, another one is a second
 * line), changes and removes lines on /checkout and places a card order (CreateOrder answered
 * here; order-flow.test.ts goes through the real one) that sends the browser to the provider's
 * page. Logout empties the cart; at 390 px the builder does not overflow; German texts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { CreateOrderAnswer } from '@portside/contract/schemas/orders';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import type { Json } from '../../server/test/harness';
import { hidden, onPath, visible } from './helpers';

let e2e: E2E;
let listPrice: number;

beforeAll(async () => {
  e2e = await startE2E();
  const r = await e2e.server.db.owner.query(
    `SELECT vp.monthly_price_cents FROM vm_prices vp JOIN vm_models m ON m.id = vp.model_id
      WHERE m.code = 'S4R16' AND m.core_type = 'vcore' AND vp.location_id = 'frankfurt'`,
  );
  listPrice = r.rows[0].monthly_price_cents;
});
afterAll(async () => {
  await e2e?.stop();
});

const euros = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const cartButton = (page: Page, name: RegExp) => page.getByRole('banner').getByRole('link', { name });

/** Opens /new-order and declines the free-trial modal when it comes. */
async function openBuilder(page: Page, trialTitle = 'Try a server for free', decline = 'No, thanks'): Promise<void> {
  await page.goto('/new-order');
  const dialog = page.getByRole('dialog', { name: trialTitle });
  await visible(dialog);
  await dialog.getByRole('button', { name: decline }).click();
  await hidden(dialog);
}

/** Chooses Frankfurt, vCore, S4R16 and Debian 12 in the builder. */
async function chooseServer(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /Frankfurt, Germany/ }).click();
  await page.getByRole('radio', { name: /vCore — shared/ }).click();
  await page.getByRole('radio', { name: /^S4R16/ }).click();
  await page.getByRole('radio', { name: /Debian 12/ }).click();
}

const priceRow = (page: Page, label: string) =>
  page.getByTestId('price-lines').getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

describe('the demo owner orders a server', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('builds a server in Frankfurt: banner, hostname rule while typing, live price with backups', async () => {
    await openBuilder(page);
    // No field is in red before the user has touched it (nothing chosen yet: disk and hostname are not valid).
    const options = page.getByRole('region', { name: 'Options', exact: true });
    expect(await options.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await options.getByText('Invalid data').count()).toBe(0);
    await chooseServer(page);
    await visible(page.getByText('German electricity prices affect the cost', { exact: false }));
    expect(await options.locator('[aria-invalid="true"]').count()).toBe(0);
    // Touched and left empty, the disk says so.
    const disk = page.getByLabel('Disk', { exact: true });
    const chosenDisk = await disk.inputValue();
    await disk.fill('');
    await disk.blur();
    await visible(options.locator('[aria-invalid="true"]').first());
    await disk.fill(chosenDisk.replace(/\D/g, ''));
    await disk.blur();
    await expect.poll(() => options.locator('[aria-invalid="true"]').count()).toBe(0);

    const hostname = page.getByLabel('Hostname');
    await hostname.fill('bad_name!');
    await visible(page.getByText('Hostname may contain only letters, digits, - and .'));
    await hostname.fill('web-1');
    await hidden(page.getByText('Hostname may contain only letters, digits, - and .'));

    await visible(page.getByTestId('price-lines'));
    expect(await priceRow(page, 'Server S4R16').textContent()).toBe(euros(listPrice));
    const before = await priceRow(page, 'Per server and month').textContent();
    await page.getByLabel('Daily backups').check();
    await visible(priceRow(page, 'Backups'));
    expect(await priceRow(page, 'Backups').textContent()).toBe(euros(Math.round(listPrice * 0.2)));
    const after = await priceRow(page, 'Per server and month').textContent();
    expect(after).not.toBe(before);
    // The voucher (WELCOME10) takes 10% off the base cost only.
    expect(after).toBe(euros(Math.round(listPrice * 0.9) + Math.round(listPrice * 0.2)));
  });

  test('fills the cart: the same configuration raises the quantity, another one is a second line', async () => {
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await visible(cartButton(page, /^Cart, 1 server$/));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await visible(cartButton(page, /^Cart, 2 servers$/));
    await page.getByLabel('Hostname').fill('db-1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await visible(cartButton(page, /^Cart, 3 servers$/));
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('cartItems')))!);
    expect(stored.map((i: { quantity: number; config: { hostname: string } }) => [i.config.hostname, i.quantity])).toEqual([
      ['web-1', 2],
      ['db-1', 1],
    ]);
  });

  test('a reload keeps the builder', async () => {
    await page.reload();
    await visible(page.getByRole('heading', { name: 'New order' }));
    expect(await page.getByLabel('Hostname').inputValue()).toBe('db-1');
    expect(await page.getByRole('radio', { name: /Frankfurt, Germany/ }).getAttribute('aria-checked')).toBe('true');
  });

  test('checkout: changes a quantity, removes a line, places a card order and follows the provider page', async () => {
    await cartButton(page, /^Cart, 3 servers$/).click();
    await onPath(page, '/checkout');
    const lines = page.getByRole('list', { name: 'Servers in the cart' }).getByRole('listitem');
    await visible(lines.nth(1));
    expect(await lines.count()).toBe(2);

    await lines.first().getByLabel('Quantity').fill('3');
    await visible(cartButton(page, /^Cart, 4 servers$/));
    await lines
      .nth(1)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await visible(cartButton(page, /^Cart, 3 servers$/));
    expect(await lines.count()).toBe(1);
    await visible(page.getByText('VAT 23%'));

    let sent: Json = null;
    const answer: CreateOrderAnswer = {
      order_id: 5001,
      status: 'awaiting_payment',
      total_cents: 1234,
      payment: { payment_id: 1, status: 'pending', redirect_url: `${e2e.server.url}/psp-test/pay/1` },
    };
    await page.route('**/api/rpc/CreateOrder', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
    });
    const place = page.getByRole('button', { name: 'Place order' });
    expect(await place.isDisabled()).toBe(true);
    // The disabled button says why, and the hint goes once the terms are accepted.
    const hint = page.getByText('Tick the box above to accept the terms of service, then place the order.');
    await visible(hint);
    expect(await place.getAttribute('aria-describedby')).toBe('place-order-hint');
    await page.getByLabel(/I accept the/).check();
    await hidden(hint);
    await page.getByRole('radio', { name: /^Card/ }).check();
    await place.click();
    await page.waitForURL('**/psp-test/pay/1');
    expect(sent.p_payment_method).toBe('card');
    expect(sent.p_idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(sent.p_items).toEqual([
      expect.objectContaining({
        location: 'frankfurt',
        quantity: 3,
        config: expect.objectContaining({ hostname: 'web-1', backups: true, image: 'debian-12' }),
      }),
    ]);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('cartItems'))) ?? '[]')).toEqual([]);
  });

  test('logout empties the cart', async () => {
    await page.goto('/new-order');
    await visible(page.getByRole('button', { name: 'Add to cart' }));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await visible(cartButton(page, /^Cart, 1 server$/));
    await page.goto('/logout-raw');
    await onPath(page, '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('cartItems'))).toBeNull();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await visible(cartButton(page, /^Cart, empty$/));
  });
});

describe('the checkout when not verified, on a phone and in German', () => {
  test('an account whose verification is pending is sent to /verification when it places the order', async () => {
    const { page } = await e2e.newPage();
    await e2e.server.db.owner.query(
      `UPDATE clients SET verification_status = 'pending' WHERE id = (SELECT client_id FROM users WHERE email = $1)`,
      [DEMO_USERS.other.email],
    );
    await e2e.loginAs(page, DEMO_USERS.other.email, DEMO_USERS.other.password);
    await openBuilder(page);
    await chooseServer(page);
    await page.getByLabel('Hostname').fill('trial-1');
    await page.getByRole('button', { name: 'Order now' }).click();
    await onPath(page, '/checkout');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await onPath(page, '/verification');
  });

  test('at 390 px the builder has no horizontal overflow', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await openBuilder(page);
    await chooseServer(page);
    await visible(page.getByRole('button', { name: 'Order now' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the builder speaks German', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await context.addCookies([{ name: 'language', value: 'de', url: e2e.server.url }]);
    await openBuilder(page, 'Server kostenlos testen', 'Nein, danke');
    await visible(page.getByRole('heading', { level: 1, name: 'Neue Bestellung' }));
    await page.getByRole('radio', { name: /Frankfurt, Deutschland/ }).click();
    await visible(page.getByText('Deutsche Strompreise', { exact: false }).first());
  });
});
