/**
 * The web shows a sub-user what its claims open and nothing else (docs/access.md), without ever
 * asking the API for what it would refuse: such a 403 would end the session (spec 2 §8).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createSubUser, idsOf } from '../../server/test/factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { onPath, sidebar, visible } from './helpers';

let e2e: E2E;
let clientId: string;
beforeAll(async () => {
  e2e = await startE2E();
  clientId = (await idsOf(e2e.server, DEMO_USERS.demo.email)).clientId;
});
afterAll(async () => e2e?.stop());

/** Logs in and records every refused API answer from then on. */
async function as(email: string, password: string): Promise<{ page: Page; refused: string[] }> {
  const { page } = await e2e.newPage();
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && (r.status() === 401 || r.status() === 403))
      refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await e2e.loginAs(page, email, password);
  return { page, refused };
}

const noAccess = (page: Page) => page.getByRole('heading', { name: 'Not available to your user', level: 1 });

describe('a sub-user holding only menu-see-cloud-servers', () => {
  test('sees projects and SSH keys, but no billing, voucher or checkout, and the API refuses it nothing it asks', async () => {
    const { page, refused } = await as(DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    // The account's voucher shows; its dialog is read-only (voucher.test.ts).
    await visible(page.getByRole('banner').getByRole('button', { name: /^Active voucher / }));
    await page.getByRole('button', { name: /Hello/ }).click();
    await visible(page.getByRole('menuitem', { name: 'Settings' }));
    expect(await page.getByRole('menuitem', { name: 'Billing' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/billing');
    await visible(noAccess(page));
    await visible(page.getByText('This page needs the permission “Billing, payments and orders”.', { exact: false }));
    await page.goto('/checkout');
    await visible(noAccess(page));
    await onPath(page, '/checkout');

    await page.goto('/projects');
    await visible(page.getByRole('heading', { name: 'My projects', level: 1 }));
    await visible(page.getByRole('cell', { name: 'staging' }).first());
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: 'My projects' }));
    // The order form offers its projects and keys (the same step the billing-only user lacks).
    await page.goto('/new-order');
    await visible(page.getByLabel('Project', { exact: true }).first());
    await visible(page.getByText('SSH keys', { exact: true }));
    expect(refused).toEqual([]);
    await onPath(page, '/new-order');
  });
});

describe('a sub-user holding only billing-manage', () => {
  test('sees billing and the voucher, but no projects; the order form leaves out projects and keys', async () => {
    const sub = await createSubUser(e2e.server, clientId, { claims: ['billing-manage'] });
    const { page, refused } = await as(sub.email, sub.password);
    await visible(page.getByRole('button', { name: /WELCOME10/ }));
    await page.goto('/billing');
    await visible(page.getByRole('heading', { name: 'Invoices' }));
    await page.goto('/projects');
    await visible(noAccess(page));
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    expect(await page.getByRole('heading', { name: 'My projects' }).count()).toBe(0);
    await page.goto('/new-order');
    await visible(page.getByRole('heading', { level: 1 }));
    await visible(page.getByLabel('Hostname'));
    expect(await page.getByLabel('Project', { exact: true }).count()).toBe(0);
    expect(await page.getByText('SSH keys', { exact: true }).count()).toBe(0);
    expect(refused).toEqual([]);
    expect(await sidebar(page).getByRole('link', { name: 'Cloud servers', exact: true, includeHidden: true }).count()).toBe(0);
  });
});
