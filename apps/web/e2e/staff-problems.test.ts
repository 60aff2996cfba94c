/**
 * Problems and server stats in the browser (issue 18): a customer's dedicated server whose BMC
 * stopped answering and whose disk failed shows on /problems under its kind, with the account;
 * 'Fix it' opens the server's details on /server-stats, where every account's servers are listed
 * with power state, health and BMC reachability. Both are axe clean in light and dark and fit
 * 390 px; a customer gets the no-access panel and stays logged in.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount } from '../../server/test/factories.js';
import { rentServer } from '../../server/test/dedicated-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, pathOf, settled, shot, sidebar, useScheme, visible } from './helpers';

let e2e: E2E;
let serial: string;

beforeAll(async () => {
  e2e = await startE2E();
  const account = await newAccount(e2e.server, { p_company_name: 'Broken Disk Bakery Lda' });
  ({ serial } = await rentServer(e2e.server, account.clientId, { hostname: 'sick-metal-01' }));
  await e2e.server.db.owner.query(
    `UPDATE dedicated_servers SET bmc_reachable = false, bmc_error = 'connect ETIMEDOUT' WHERE serial = $1`,
    [serial],
  );
  await e2e.server.db.owner.query(
    `UPDATE dedicated_disks SET health = 'Critical' WHERE server_serial = $1
        AND serial = (SELECT min(serial) FROM dedicated_disks WHERE server_serial = $1)`,
    [serial],
  );
});

afterAll(async () => {
  await e2e?.stop();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await shot(page, `staff-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `staff-${name}-dark`);
  await useScheme(page, 'light');
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('problems and server stats', () => {
  test('staff find the failed disk among the problems and open the server’s details where it is fixed', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await sidebar(page).getByRole('link', { name: 'Problems' }).click();
    await onPath(page, '/problems');
    await visible(page.getByRole('heading', { name: 'Problems', level: 1 }));
    await page.getByRole('combobox', { name: 'Kind of problem' }).click();
    await page.getByRole('option', { name: 'Unhealthy disk' }).click();
    const row = page.getByRole('row').filter({ hasText: 'sick-metal-01' }).filter({ hasText: 'Unhealthy disk' });
    await visible(row.getByText('Broken Disk Bakery Lda'));
    expect(await row.innerText()).toMatch(/Critical: /);
    // Only that kind is listed once the filter has answered.
    await hidden(page.getByRole('row').filter({ hasText: 'Management controller not answering' }).first());
    await expectAccessible(page, 'problems');

    await page.getByRole('combobox', { name: 'Kind of problem' }).click();
    await page.getByRole('option', { name: 'Management controller not answering' }).click();
    const bmc = page.getByRole('row').filter({ hasText: 'sick-metal-01' }).filter({ hasText: 'Management controller' });
    await visible(bmc);
    expect(await bmc.innerText()).toContain('connect ETIMEDOUT');

    await bmc.getByRole('link', { name: 'Fix it' }).click();
    await onPath(page, '/server-stats');
    const details = page.getByRole('dialog', { name: 'sick-metal-01' });
    await visible(details.getByText('Controller not answering'));
    await visible(details.getByText('Broken Disk Bakery Lda'));
    await visible(details.getByRole('table', { name: 'Disks' }).getByText('Critical'));
    await expectAccessible(page, 'server-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await hidden(details);
    expect(pathOf(page)).toBe('/server-stats');

    await page.getByRole('textbox', { name: 'Search by hostname' }).fill('sick');
    await visible(page.getByText('1 server', { exact: true }));
    const listed = page.getByRole('row').filter({ hasText: 'sick-metal-01' });
    await visible(listed.getByText('Controller not answering'));
    await expectAccessible(page, 'server-stats');
    await listed.getByRole('button', { name: 'Details' }).click();
    await visible(page.getByRole('dialog', { name: 'sick-metal-01' }));
  });

  test("staff opening another account's server page see it read-only, without its power functions", async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await page.goto(`/servers/server-details-dedicated/${serial}`);
    await visible(page.getByRole('heading', { level: 1, name: 'sick-metal-01' }));
    await visible(page.getByText('This server belongs to Broken Disk Bakery Lda'));
    expect(await page.getByRole('button', { name: 'Change the hostname' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Power' }).count()).toBe(0);
    await page.close();
  });

  test('both fit 390 px for staff', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await page.goto('/problems');
    await visible(page.getByRole('row').filter({ hasText: 'sick-metal-01' }).first());
    await expectAccessible(page, 'problems-narrow');
    await page.goto(`/server-stats?serial=${serial}`);
    await visible(page.getByRole('dialog', { name: 'sick-metal-01' }));
    await expectAccessible(page, 'server-details-narrow');
  });

  test('a customer gets the no-access panel on both, without any call, and stays logged in', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    for (const path of ['/problems', '/server-stats']) {
      await page.goto(path);
      await visible(page.getByText('You do not have the permission for this page'));
      await onPath(page, path);
    }
  });
});
