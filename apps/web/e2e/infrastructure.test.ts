/**
 * The staff's infrastructure page in the browser (issue 18): staff open /infrastructure from the
 * Admin group, test the connection of a registered simulated cluster and see the answer inline,
 * fill the register form of a new simulated cluster (a wrong field named under it), test it
 * before saving (nothing is stored), register it and find it in the list, then remove it after a confirmation; the BMC and router tabs
 * list the demo ones with their address and test them; everything fits 390 px; axe runs in light
 * and dark; a customer sees the staff-only panel.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, settled, shot, sidebarLink, useScheme, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await shot(page, `infrastructure-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `infrastructure-${name}-dark`);
  await useScheme(page, 'light');
}

const clusterCount = async (name: string) =>
  (await e2e.server.db.owner.query(`SELECT 1 FROM clusters WHERE name = $1`, [name])).rowCount;

describe('the infrastructure page', () => {
  test('staff test a registered cluster, then test and register a new simulated one', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await settled(page);
    await (await sidebarLink(page, 'Admin', 'Infrastructure')).click();
    await onPath(page, '/infrastructure');
    await visible(page.getByRole('heading', { name: 'Infrastructure', level: 1 }));
    const table = page.getByRole('table', { name: 'Clusters' });
    const lis = table.getByRole('row').filter({ hasText: 'lis-sim' });
    await visible(lis);
    await visible(lis.getByText('Simulated, no address'));
    await lis.getByRole('button', { name: 'Test connection: lis-sim' }).click();
    await visible(lis.getByText('The connection works'));
    await visible(lis.getByText(/Portside simulator answered in \d+ ms: 2 nodes\./));
    // A cluster with servers offers no removal.
    expect(await lis.getByRole('button', { name: 'Remove: lis-sim', exact: true }).count()).toBe(0);
    await expectAccessible(page, 'clusters');

    await page.getByRole('button', { name: 'Register a cluster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register a hypervisor cluster' });
    await visible(dialog);
    // Proxmox first: an address that is no URL is named under its field, and nothing is asked.
    await dialog.getByLabel('Name').fill('pve-new');
    await dialog.getByLabel('API address').fill('pve.example.net');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await visible(dialog.getByText('Invalid data').first());
    await expectAccessible(page, 'register-dialog');

    await dialog.getByText('Simulator', { exact: true }).click();
    await dialog.getByLabel('Name').fill('lis-sim-2');
    await dialog.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: /Lisbon/ }).click();
    await dialog.getByLabel('Nodes').fill('lis-node1, lis-node2');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await visible(dialog.getByText('The connection works'));
    await visible(dialog.getByText(/answered in \d+ ms: 2 nodes\./));
    expect(await clusterCount('lis-sim-2')).toBe(0);

    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await hidden(dialog);
    await visible(page.getByText('lis-sim-2 is registered'));
    await visible(table.getByRole('row').filter({ hasText: 'lis-sim-2' }));
    expect(await clusterCount('lis-sim-2')).toBe(1);

    await page.getByLabel('Search clusters').fill('sim-2');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);

    // The new, unused cluster can be removed, after a confirmation.
    await table.getByRole('button', { name: 'Remove: lis-sim-2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove lis-sim-2?' });
    await visible(confirm.getByText('No server runs on it', { exact: false }));
    await expectAccessible(page, 'remove-dialog');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await hidden(confirm);
    await visible(page.getByText('lis-sim-2 is removed'));
    await hidden(table.getByRole('row').filter({ hasText: 'lis-sim-2' }));
    expect(await clusterCount('lis-sim-2')).toBe(0);
  });

  test('at 390 px: the BMC and router tabs show where each is reached and test it', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await page.goto('/infrastructure?tab=bmcs');
    const bmcs = page.getByRole('table', { name: 'Management controllers' });
    const bmc = bmcs.getByRole('row').filter({ hasText: 'demo-bmc-lis-01' });
    await visible(bmc);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await bmc.getByRole('button', { name: 'Test connection: demo-bmc-lis-01' }).click();
    await visible(bmc.getByText(/Portside simulator answered in \d+ ms: 1 system\./));
    await expectAccessible(page, 'bmcs-narrow');

    await page.getByRole('tab', { name: 'Routers' }).click();
    const routers = page.getByRole('table', { name: 'Routers' });
    const router = routers.getByRole('row').filter({ hasText: 'demo-router-lis' });
    await visible(router);
    await router.getByRole('button', { name: 'Test connection: demo-router-lis' }).click();
    await visible(router.getByText(/answered in \d+ ms: \d+ IPv4 address/));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'routers-narrow');
  });

  test('a customer sees that the page is for staff, and stays logged in', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/infrastructure');
    await visible(page.getByText('For staff only'));
    await onPath(page, '/infrastructure');
  });
});
