/**
 * The provider's network pages in the browser (issue 18): staff open the routers' subnets from the
 * sidebar, follow a subnet to its addresses, find the colocated device's DHCP reservation by its
 * MAC, release it after the confirmation, and see it gone (on the page and on the simulated
 * router); the ARP and switch pages search; everything fits 390 px; axe runs in light and dark.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, settled, shot, sidebar, useScheme, visible } from './helpers';

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
  await shot(page, `routers-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `routers-${name}-dark`);
  await useScheme(page, 'light');
}

const simLease = async (mac: string) =>
  (await e2e.server.db.owner.query(`SELECT 1 FROM sim_router_leases WHERE mac = $1::macaddr`, [mac])).rowCount;

describe('the network pages', () => {
  test('staff release a DHCP reservation on /routers-ips and see it gone', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const subnetsLink = sidebar(page).getByRole('link', { name: 'Subnets' });
    await settled(page);
    // The Routers group opens when it is closed (it may start open).
    if (!(await subnetsLink.isVisible())) await sidebar(page).getByRole('button', { name: 'Routers' }).click();
    await subnetsLink.click();
    await onPath(page, '/routers-subnets');
    await visible(page.getByRole('heading', { name: 'Routers’ subnets', level: 1 }));
    const table = page.getByRole('table', { name: 'Subnets' });
    await visible(table.getByRole('link', { name: '91.198.40.0/24' }));
    await expectAccessible(page, 'subnets');

    await table.getByRole('link', { name: '185.66.10.0/24' }).click();
    await onPath(page, '/routers-ips');
    await visible(page.getByRole('heading', { name: 'Routers’ IP addresses', level: 1 }));
    await page.getByLabel('Search the addresses').fill('00-25-90-ab-00-60');
    const ips = page.getByRole('table', { name: 'Addresses of the subnet' });
    const row = ips.getByRole('row').filter({ hasText: '185.66.10.60' });
    await visible(row);
    await expect.poll(() => ips.getByRole('row').count()).toBe(2);
    // In the DHCP column, and in the ARP one (the device answered for the address).
    expect(await row.getByText('00:25:90:AB:00:60').count()).toBe(2);
    await visible(row.getByText('reserved · colo rack 4 firewall'));

    await row.getByRole('button', { name: 'Actions for 185.66.10.60', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Release the reservation…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release the reservation of 185.66.10.60?' });
    await visible(dialog);
    await visible(dialog.getByText('The device 00:25:90:AB:00:60 loses its reserved address 185.66.10.60', { exact: false }));
    await expectAccessible(page, 'release-dialog');
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    expect(await simLease('00:25:90:AB:00:60')).toBe(1);

    await row.getByRole('button', { name: 'Actions for 185.66.10.60', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Release the reservation…' }).click();
    await dialog.getByRole('button', { name: 'Release' }).click();
    await hidden(dialog);
    await visible(page.getByText('The reservation of 185.66.10.60 (00:25:90:AB:00:60) is released.'));
    // Gone from the address (only the ARP table still knows the device) and from the router.
    await hidden(row.getByText('reserved · colo rack 4 firewall'));
    expect(await simLease('00:25:90:AB:00:60')).toBe(0);
    expect(await row.getByText('00:25:90:AB:00:60').count()).toBe(1);
  });

  test('at 390 px: the addresses reserve a MAC through a checked form, the ARP entries and switches search', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const lisbon = await e2e.server.db.owner.query<{ id: number }>(
      `SELECT id FROM router_subnets WHERE network = '185.66.10.0/24'`,
    );
    await page.goto(`/routers-ips?subnet=${lisbon.rows[0]!.id}`);
    const ips = page.getByRole('table', { name: 'Addresses of the subnet' });
    await visible(ips.getByText('185.66.10.2', { exact: true }));
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'ips-narrow');

    await ips.getByRole('button', { name: 'Actions for 185.66.10.2', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Reserve for a MAC…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reserve 185.66.10.2' });
    await dialog.getByLabel('MAC address').fill('01:00:5e:00:00:01');
    await dialog.getByRole('button', { name: 'Reserve' }).click();
    await visible(dialog.getByText('Enter a MAC address such as AA:BB:CC:DD:EE:FF'));
    await dialog.getByLabel('MAC address').fill('52:54:00:aa:bb:02');
    await dialog.getByRole('button', { name: 'Reserve' }).click();
    await hidden(dialog);
    await visible(page.getByText('185.66.10.2 is reserved.'));
    await visible(ips.getByText('52:54:00:AA:BB:02'));

    await page.goto('/routers-arp-entries');
    await visible(page.getByRole('heading', { name: 'ARP entries', level: 1 }));
    await page.getByLabel('Search by IP or MAC').fill('3C:EC:EF');
    const arp = page.getByRole('table', { name: 'ARP entries' });
    await visible(arp.getByText('91.198.40.250'));
    await expect.poll(() => arp.getByRole('row').count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'arp-narrow');

    await page.goto('/switches');
    await visible(page.getByRole('heading', { name: 'Switch connections', level: 1 }));
    await page.getByLabel('Search the connections').fill('CZ20450LIS');
    const sw = page.getByRole('table', { name: 'Switch connections' });
    await expect.poll(() => sw.getByRole('row').count()).toBe(4);
    await visible(sw.getByText('ge-0/0/47'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'switches-narrow');
  });
});
