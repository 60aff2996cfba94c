/**
 * Ordering a dedicated server through the cart (issue 17): a verified customer picks Lisbon on
 * /new-order, orders a dedicated offer with a hostname (a dotted one is refused by the rule), checks
 * out by card on the test provider's page, and finds the server being installed on
 * /servers-dedicated at its first step; staff hand the machine over from that install and the
 * customer opens its page. The order dialog passes axe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount } from '../../server/test/factories.js';
import { startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, settled, visible, withAxe } from './helpers';
import { handOverInstall } from './dedicated-fixtures';

let e2e: E2E;
let page: Page;
let owner: Awaited<ReturnType<typeof newAccount>>;
const hostname = `metal-${Date.now().toString(36)}`;

beforeAll(async () => {
  e2e = await startE2E();
  owner = await newAccount(e2e.server);
  await e2e.server.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [owner.clientId]);
  ({ page } = await e2e.newPage());
  await withAxe(page);
  await e2e.loginAs(page, owner.email, owner.password);
}, 120_000);
afterAll(async () => e2e?.stop());

describe('ordering a dedicated server', () => {
  test('an offer is ordered with its hostname and paid by card; the install appears at its first step', async () => {
    await page.goto('/new-order');
    const trial = page.getByRole('dialog', { name: 'Try a server for free' });
    await visible(trial);
    await trial.getByRole('button', { name: 'No, thanks' }).click();
    await hidden(trial);
    await page.getByRole('radio', { name: /Lisbon, Portugal/ }).click();
    const offers = page.getByRole('region', { name: 'Dedicated servers' });
    await offers.getByRole('button', { name: 'Order Entry E-2388G' }).click();

    const dialog = page.getByRole('dialog', { name: 'Order Entry E-2388G' });
    await visible(dialog);
    await settled(page);
    expect(await a11yProblems(page)).toEqual([]);
    await dialog.getByLabel(/^Hostname/).fill('db.example');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await visible(dialog.getByText('Hostname may contain only letters, digits and hyphens'));
    await dialog.getByLabel(/^Hostname/).fill(hostname);
    await dialog.getByRole('button', { name: 'Order now' }).click();

    await onPath(page, '/checkout');
    const line = page.getByRole('listitem', { name: `Entry E-2388G · ${hostname}` });
    await visible(line);
    await visible(line.getByText(/Dedicated server in Lisbon/));
    await visible(line.getByText(/per month|a month/i));
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('radio', { name: /^Card/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL('**/svc/test-card/**');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL('**/payment-return/**');
    await visible(page.getByText('Payment received'));
    // An order of dedicated servers only goes on to the dedicated list.
    await page.getByRole('link', { name: 'Go to your servers' }).click();
    await onPath(page, '/servers-dedicated');
    const preparing = page.getByRole('region', { name: 'Being prepared for you' });
    await preparing.getByRole('link', { name: `${hostname}: installation progress` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Installing ${hostname}` }));
    await visible(page.getByText('Step 1 of 4'));
    const install = (
      await e2e.server.db.owner.query(
        `SELECT i.serial, o.status FROM server_installs i JOIN orders o ON o.id = i.order_id WHERE i.hostname = $1`,
        [hostname],
      )
    ).rows[0];
    expect(install).toMatchObject({ status: 'completed' });
  });

  test('handed over by staff from the install, the server has its own page', async () => {
    const { serial } = (
      await e2e.server.db.owner.query<{ serial: string }>(`SELECT serial FROM server_installs WHERE hostname = $1`, [hostname])
    ).rows[0]!;
    const server = await handOverInstall(e2e, serial, hostname);
    await page.goto('/servers-dedicated');
    await page.getByRole('link', { name: hostname, exact: true }).first().click();
    await onPath(page, `/servers/server-details-dedicated/${server.serial}`);
    await visible(page.getByRole('heading', { level: 1, name: hostname }));
  });
});
