/**
 * The rest of the dedicated pages in the browser (issue 17): the dashboard card with the account's
 * servers and their power state, the empty list that leads to the dedicated offers, a serial that
 * is not the account's, the ServerStats row kept as the session's serverDedicatedDetails, the
 * hostname renamed in place under its rule, an additional address ordered after its monthly price
 * was shown and its note edited, and a BMC that stops answering said as such with the last state.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { setSimulatedFailure } from '../../server/src/drivers/baremetal/simulator-bmc.repository.js';
import { syncDedicatedServers } from '../../server/src/modules/dedicated/dedicated-sync.js';
import { newAccount } from '../../server/test/factories.js';
import { startE2E, type E2E } from './harness';
import { hidden, messagesOf, onPath, sessionEntries, visible } from './helpers';
import { createDedicatedServer } from './dedicated-fixtures';

let e2e: E2E;
let page: Page;
let owner: Awaited<ReturnType<typeof newAccount>>;

/** A confirmed account whose identity is checked (the guard would send it to /verification otherwise). */
async function customer(): Promise<Awaited<ReturnType<typeof newAccount>>> {
  const a = await newAccount(e2e.server);
  await e2e.server.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [a.clientId]);
  return a;
}

beforeAll(async () => {
  e2e = await startE2E();
  owner = await customer();
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, owner.email, owner.password);
}, 120_000);
afterAll(async () => e2e?.stop());

const details = (serial: string) => `/servers/server-details-dedicated/${serial}`;

describe('without servers', () => {
  test('the list and the dashboard card lead to the dedicated offers', async () => {
    const { page: fresh } = await e2e.newPage();
    const a = await customer();
    await e2e.loginAs(fresh, a.email, a.password);
    const card = fresh.getByRole('region', { name: 'Dedicated servers' });
    await visible(card.getByText('No dedicated servers yet'));
    await fresh.goto('/servers-dedicated');
    await visible(fresh.getByText('No dedicated servers yet'));
    await fresh.getByRole('link', { name: 'See dedicated offers' }).click();
    await onPath(fresh, '/new-order');
  });
});

describe('with servers', () => {
  test('the dashboard card lists them with their power state and leads to more servers', async () => {
    const a = await createDedicatedServer(e2e, owner.clientId, { hostname: 'dash-a' });
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Dedicated servers' });
    const item = card.getByRole('listitem').filter({ hasText: a.hostname });
    await visible(item.getByText('On', { exact: true }));
    await visible(card.getByText(/^\d+ dedicated servers?$/));
    await item.getByRole('link', { name: a.hostname }).click();
    await onPath(page, details(a.serial));
    await page.goto('/dashboard');
    await card.getByRole('link', { name: 'More servers' }).click();
    await onPath(page, '/servers-dedicated');
  });

  test("another account's serial and a made-up one are not found", async () => {
    const other = await customer();
    const theirs = await createDedicatedServer(e2e, other.clientId, { hostname: 'theirs' });
    for (const serial of [theirs.serial, 'NO-SUCH-SERIAL']) {
      await page.goto(details(serial));
      await visible(page.getByRole('heading', { level: 1, name: 'Server not found' }));
      await visible(page.getByText(`There is no dedicated server with serial ${serial} in your account.`));
    }
  });

  test('keeps the server as serverDedicatedDetails and renames it under the hostname rule', async () => {
    const s = await createDedicatedServer(e2e, owner.clientId, { hostname: 'name-a' });
    await page.goto(details(s.serial));
    await visible(page.getByRole('heading', { level: 1, name: s.hostname }));
    const kept = JSON.parse((await sessionEntries(page)).serverDedicatedDetails ?? 'null');
    expect(kept.serial).toBe(s.serial);
    expect(kept.power_actions.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Change the hostname' }).click();
    const field = page.getByLabel('Hostname', { exact: true });
    await field.fill('web_1.example');
    await visible(page.getByText('Hostname may contain only letters, digits and hyphens'));
    const renamed = `web-${Date.now().toString(36)}`;
    await field.fill(renamed);
    await field.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: renamed }));
    await visible(page.getByText(`The hostname is now ${renamed}.`));
    expect((await e2e.server.get(`ServerStats?serial=eq.${s.serial}`, owner.token)).body[0].hostname).toBe(renamed);
  });

  test('orders an additional address after showing its monthly price, and edits its note', async () => {
    const s = await createDedicatedServer(e2e, owner.clientId, { hostname: 'ips-a' });
    await page.goto(details(s.serial));
    const ips = page.getByRole('region', { name: 'Additional IP addresses' });
    await visible(ips.getByText('This server has no additional addresses.'));
    await ips.getByRole('button', { name: 'Order an IP address' }).click();
    const ask = page.getByRole('dialog', { name: `Order IPv4 addresses for ${s.hostname}?` });
    await visible(ask.getByText('This costs €1.50 per month.'));
    await visible(ask.getByText('It is billed monthly', { exact: false }));
    await ask.getByRole('button', { name: 'Order and pay monthly' }).click();
    await hidden(ask);
    const [ip] = (await e2e.server.get(`ServerStats?serial=eq.${s.serial}`, owner.token)).body[0].additional_ips;
    await visible(page.getByText(`${ip.address} is routed to the server (€1.50 per month).`));
    const row = ips.getByRole('row').filter({ hasText: ip.address });
    await visible(row.getByText('No note'));
    await visible(page.getByRole('region', { name: 'Price' }).getByText('1 address or subnet'));

    await row.getByRole('button', { name: `Edit the note of ${ip.address}` }).click();
    const note = row.getByLabel(`Note of ${ip.address}`);
    await note.fill('x'.repeat(201));
    expect(await messagesOf(note)).toContain('too long');
    await note.fill('mail relay');
    await note.press('Enter');
    await visible(row.getByText('mail relay'));

    // A routed /29 costs the address price per address.
    await ips.getByRole('button', { name: 'Order an IP address' }).click();
    await visible(ask);
    await ask.getByRole('radio', { name: /^A \/29 subnet/ }).check();
    await visible(ask.getByText('This costs €12.00 per month.'));
    await ask.getByRole('button', { name: 'Order and pay monthly' }).click();
    await hidden(ask);
    const subnet = ips.getByRole('row').filter({ hasText: '/29' });
    await visible(subnet.getByText('€12.00'));
    await visible(page.getByRole('region', { name: 'Price' }).getByText('2 addresses or subnets'));
  });

  test('a BMC that stops answering is said, with the last state read and when', async () => {
    const s = await createDedicatedServer(e2e, owner.clientId, { hostname: 'away-a' });
    await setSimulatedFailure(e2e.server.db.owner, s.bmc, 'unreachable');
    await syncDedicatedServers(e2e.server.jobDeps());
    await page.goto(details(s.serial));
    const power = page.getByRole('region', { name: 'Power' });
    await visible(power.getByText('The management controller is not answering'));
    await visible(
      power.getByText(/The state shown is the last known one, read .+\. The server itself may be running normally\./),
    );
    await visible(power.getByRole('status').getByText('On', { exact: true }));
  });
});
