/**
 * From /new-order to a running, invoiced server with nothing faked (issue 5): the demo owner builds
 * a server in Lisbon, checks out by card, pays on the test card provider's page, comes back to
 * 'Payment received', watches the server appear and reach RUNNING on /list-view without reloading
 * (the terminal panel shows the creation), and finds the paid order invoice on /billing. A second
 * customer takes the free trial from the builder's offer: nothing to pay, the server runs, its
 * service is a trial, and the offer is not made again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, onPath, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const hostname = `shop-${Date.now().toString(36)}`;

describe('ordering a server end to end', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('builds a server and pays it by card on the provider’s page', async () => {
    await page.goto('/new-order');
    const trial = page.getByRole('dialog', { name: 'Try a server for free' });
    await visible(trial);
    await trial.getByRole('button', { name: 'No, thanks' }).click();
    await hidden(trial);
    await page.getByRole('radio', { name: /Lisbon, Portugal/ }).click();
    await page.getByRole('radio', { name: /vCore — shared/ }).click();
    await page.getByRole('radio', { name: /^S1R2/ }).click();
    await page.getByRole('radio', { name: /Debian 12/ }).click();
    await page.getByLabel('Hostname').fill(hostname);
    await visible(page.getByTestId('price-lines'));
    await page.getByRole('button', { name: 'Order now' }).click();
    await onPath(page, '/checkout');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    // The embedded test card provider's page.
    await page.waitForURL('**/svc/test-card/**');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/payment-return/**');
    await visible(page.getByText('Payment received'));
    const order = (
      await e2e.server.db.owner.query(
        `SELECT o.id, o.status FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.hostname = $1`,
        [hostname],
      )
    ).rows[0];
    expect(order).toBeDefined();
    expect(['provisioning', 'completed']).toContain(order.status);
  });

  test('sees the new server reach RUNNING on /list-view without reloading, with the creation in the terminal panel', async () => {
    await page.goto('/list-view');
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const row = page.getByRole('row').filter({ hasText: hostname });
    await visible(row, 30_000);
    await visible(row.getByText('RUNNING', { exact: true }), 60_000);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // Its addresses come from the Lisbon pools (the list shows IPv4 by default), the one the server holds.
    const { ipv4 } = (
      await e2e.server.db.owner.query(`SELECT host(ipv4) AS ipv4 FROM vms WHERE name = $1 AND state <> 'deleted'`, [hostname])
    ).rows[0];
    expect(ipv4).toMatch(/^185\.66\.10\.\d+$/);
    await visible(row.getByText(ipv4, { exact: true }));
    // The terminal panel shows the creation's stages, labelled with the server's name.
    const terminal = page.getByRole('region', { name: 'Terminal messages' }).getByTestId('terminal-line');
    await visible(terminal.filter({ hasText: 'Server ready' }).filter({ hasText: hostname }).first(), 30_000);
  });

  test('finds the paid order invoice on /billing', async () => {
    const invoice = (
      await e2e.server.db.owner.query(
        `SELECT inv.number FROM invoices inv JOIN orders o ON o.id = inv.order_id JOIN order_items i ON i.order_id = o.id WHERE i.hostname = $1`,
        [hostname],
      )
    ).rows[0];
    expect(invoice).toBeDefined();
    await page.goto('/billing');
    const row = page.getByRole('row').filter({ hasText: invoice.number });
    await visible(row);
    await visible(row.getByText('Paid', { exact: true }).locator('visible=true').first());
  });
});

describe('the free trial from the builder’s offer', () => {
  let page: Page;
  const trialName = `trial-${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.other.email, DEMO_USERS.other.password);
  });

  test('takes the trial: nothing to pay today, the server runs, and its service is a trial', async () => {
    await page.goto('/new-order');
    const offer = page.getByRole('dialog', { name: 'Try a server for free' });
    await visible(offer);
    await offer.getByRole('button', { name: 'Start my free trial' }).click();
    await hidden(offer);
    await visible(page.getByText('Free trial chosen: build one server and check out with the free trial.'));
    await page.getByRole('radio', { name: /Lisbon, Portugal/ }).click();
    await page.getByRole('radio', { name: /vCore — shared/ }).click();
    await page.getByRole('radio', { name: /^S1R2/ }).click();
    await page.getByRole('radio', { name: /Debian 12/ }).click();
    await page.getByLabel('Hostname').fill(trialName);
    await visible(page.getByTestId('price-lines'));
    await page.getByRole('button', { name: 'Order now' }).click();
    await onPath(page, '/checkout');
    await visible(page.getByText('Today (free trial)'));
    expect(await page.getByRole('radio', { name: /^Free trial/ }).isChecked()).toBe(true);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await onPath(page, '/list-view');
    const row = page.getByRole('row').filter({ hasText: trialName });
    await visible(row.getByText('RUNNING', { exact: true }), 60_000);
    const service = (
      await e2e.server.db.owner.query(
        `SELECT s.trial_until IS NOT NULL AS trial, (SELECT count(*)::int FROM invoices WHERE order_id = s.order_id) AS invoices
         FROM services s JOIN vms v ON v.provisioned_id = s.provisioned_id WHERE v.name = $1`,
        [trialName],
      )
    ).rows[0];
    expect(service).toEqual({ trial: true, invoices: 0 });
  });

  test('is not offered again, even in a new session', async () => {
    const { page: fresh } = await e2e.newPage();
    await e2e.loginAs(fresh, DEMO_USERS.other.email, DEMO_USERS.other.password);
    await fresh.goto('/new-order');
    await visible(fresh.getByRole('heading', { name: 'New order' }));
    await visible(fresh.getByRole('radio', { name: /Lisbon, Portugal/ }));
    await fresh.waitForTimeout(1_000);
    expect(await fresh.getByRole('dialog', { name: 'Try a server for free' }).count()).toBe(0);
  });
});
