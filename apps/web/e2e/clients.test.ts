/**
 * The staff's customer screens in the browser (issue 18): staff find a customer by company on
 * /clients and open the client page, which shows the account's users, servers, services and log;
 * on /installed-servers staff move an install forward, recording the machine's serial. Each page
 * fits 390 px, and axe finds nothing in the light and dark schemes.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { newAccount } from '../../server/test/factories.js';
import { a11yProblems, onPath, settled, shot, sidebarLink, useScheme, visible } from './helpers';

let e2e: E2E;
let staffToken: string;

beforeAll(async () => {
  e2e = await startE2E();
  staffToken = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});

afterAll(async () => {
  await e2e?.stop();
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await shot(page, `clients-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `clients-${name}-dark`);
  await useScheme(page, 'light');
}

/** A confirmed customer account with a company name; answers its id, company and address. */
async function customer(): Promise<{ clientId: string; company: string; email: string }> {
  const company = `Harbour ${crypto.randomBytes(3).toString('hex')} Lda`;
  const a = await newAccount(e2e.server, { p_first_name: 'Hana', p_last_name: 'Harbour', p_company_name: company });
  return { clientId: a.clientId, company, email: a.email };
}

describe('the staff customer screens', () => {
  test('staff find a customer by company and open their page', async () => {
    const c = await customer();
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await (await sidebarLink(page, 'Admin', 'Clients')).click();
    await onPath(page, '/clients');
    await visible(page.getByRole('heading', { name: 'Clients', level: 1 }));
    await page.getByLabel('Search accounts').fill(c.company.split(' ').slice(0, 2).join(' ').toUpperCase());
    const table = page.getByRole('table', { name: 'Accounts' });
    await visible(table.getByRole('cell', { name: c.company }));
    await visible(page.getByText('1 match', { exact: true }));
    await expectAccessible(page, 'list');
    await table.getByRole('link', { name: 'Hana Harbour' }).click();
    await onPath(page, `/clients/${c.clientId}`);
    await visible(page.getByRole('heading', { name: `${c.company} — Hana Harbour`, level: 1 }));
    await visible(page.getByText(c.email).first());
    await visible(page.getByRole('region', { name: 'Users' }).getByText(c.email));
    await visible(page.getByRole('region', { name: 'Cloud servers' }).getByText('No cloud servers.'));
    await visible(page.getByText('Not verified'));
    await expectAccessible(page, 'client');
  });

  test('at 390 px, staff move an install forward and record the machine’s serial', async () => {
    const c = await customer();
    const offer = ((await e2e.server.get('ServerOffers?limit=1')).body as Array<{ offer_id: number }>)[0]!;
    const hostname = `rack-${crypto.randomBytes(3).toString('hex')}`;
    const made = await e2e.server.rpc(
      'ServerInstallCreate',
      { p_client: c.clientId, p_offer: offer.offer_id, p_hostname: hostname },
      staffToken,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const serial = `CZE${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await page.goto('/installed-servers');
    await visible(page.getByRole('heading', { name: 'Installed servers', level: 1 }));
    await page.getByLabel('Search installs').fill(hostname);
    const table = page.getByRole('table', { name: 'Installs' });
    await visible(table.getByText(hostname));
    await visible(table.getByText('Ordered', { exact: true }));
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'installs-narrow');

    await table.getByRole('button', { name: `Move forward: ${hostname}` }).click();
    const dialog = page.getByRole('dialog', { name: `Move the install of ${hostname} forward` });
    await visible(dialog);
    await dialog.getByLabel('Machine serial number').fill(serial);
    await expectAccessible(page, 'installs-dialog');
    await dialog.getByRole('button', { name: 'Move forward' }).click();
    await visible(table.getByText('Racked', { exact: true }));
    await visible(table.getByText(serial));
    const row = await e2e.server.db.owner.query<{ step: string }>(`SELECT step FROM server_installs WHERE serial = $1`, [serial]);
    expect(row.rows[0]?.step).toBe('racked');
  });
});
