/**
 * The global search overlay (spec 1 §2 Modals, §5) through the real browser: servers found by
 * name, address or model and grouped by project (a server without one under 'No Project'), an IP
 * set found by its comment, each opened from the overlay; and a sub-user who may see servers but
 * not IP sets gets the servers only, without the overlay asking what the API would refuse.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { idsOf } from '../../server/test/factories.js';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, onPath, pathOf, shot, visible } from './helpers';

let e2e: E2E;
let page: Page;
let token: string;
let looseId: number;

beforeAll(async () => {
  e2e = await startE2E();
  const { clientId } = await idsOf(e2e.server, DEMO_USERS.demo.email);
  // A server outside any project: the overlay lists it under 'No Project'.
  looseId = (await createTestVm(e2e.server.db, { clientId, name: 'lonely-search-e2e', power: 'RUNNING' })).provisionedId;
  await e2e.server.db.owner.query(`UPDATE vms SET project_id = NULL WHERE provisioned_id = $1`, [looseId]);
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  token = (await cookies(page)).token!;
}, 120_000);

afterAll(async () => e2e?.stop());

const overlay = (p: Page = page) => p.getByRole('dialog', { name: 'Search' });
const section = (name: string, p: Page = page) => overlay(p).getByRole('region', { name });

/** Types into the top bar's search box and waits for the overlay. */
async function search(phrase: string, p: Page = page): Promise<void> {
  const box = overlay(p).getByRole('searchbox', { name: 'Search' });
  if (await box.isVisible()) await box.fill(phrase);
  else await p.getByRole('banner').getByRole('searchbox', { name: 'Search' }).fill(phrase);
  await visible(overlay(p));
  await visible(overlay(p).getByText(`Results for “${phrase}”`));
}

describe('the search overlay', () => {
  test('finds a server by name and opens its details', async () => {
    await search('db-1');
    const servers = section('Servers');
    const link = servers.getByRole('link', { name: /^db-1\.demo\.example/ });
    await visible(link);
    // Grouped under its project.
    await visible(servers.getByRole('group', { name: 'default' }).getByRole('link', { name: /^db-1\.demo\.example/ }));
    expect(await servers.getByRole('link').count()).toBe(1);
    await shot(page, 'search-server-1280');
    await link.click();
    await hidden(overlay());
    await visible(page.getByRole('heading', { level: 1, name: 'db-1.demo.example' }));
    expect(pathOf(page)).toMatch(/^\/servers\/server-details\/\d+$/);
  });

  test('matches addresses and models, and lists a server without a project under No Project', async () => {
    await page.goto('/dashboard');
    await search('185.66.10.21');
    await visible(section('Servers').getByRole('link', { name: /^web-1\.demo\.example/ }));
    await search('lonely-search');
    const group = section('Servers').getByRole('group', { name: 'No Project' });
    await visible(group.getByRole('link', { name: /^lonely-search-e2e/ }));
    await search('S4R16');
    await visible(section('Servers').getByRole('link', { name: /^db-1\.demo\.example/ }));
    await search('nothing-is-called-this');
    for (const name of ['Servers', 'IP sets', 'Users']) await visible(section(name).getByText('No items available'));
    await group.waitFor({ state: 'detached' });
  });

  test('finds an IP set by its comment and opens its page', async () => {
    const created = await e2e.server.rpc(
      'CreateIpset',
      { p_name: 'e2e-jump', p_comment: 'Jump hosts of the night shift', p_ips: '198.51.100.10' },
      token,
    );
    expect(created.status).toBe(200);
    await page.goto('/dashboard');
    await search('night shift');
    const link = section('IP sets').getByRole('link', { name: /^e2e-jump/ });
    await visible(link);
    await visible(link.getByText('Jump hosts of the night shift'));
    await link.click();
    await onPath(page, `/ipsets/${created.body.ipset}`);
    await hidden(overlay());
  });
});

describe('a sub-user who may see servers but not IP sets', () => {
  test('finds servers, gets no IP sets or users, and the overlay asks nothing the API would refuse', async () => {
    const { page: sub } = await e2e.newPage();
    const asked: string[] = [];
    const refused: string[] = [];
    sub.on('request', (r) => asked.push(new URL(r.url()).pathname));
    sub.on('response', (r) => {
      if (r.url().includes('/api/') && (r.status() === 401 || r.status() === 403)) refused.push(new URL(r.url()).pathname);
    });
    await e2e.loginAs(sub, DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    await search('web-1', sub);
    await visible(section('Servers', sub).getByRole('link', { name: /^web-1\.demo\.example/ }));
    await visible(section('IP sets', sub).getByText('No items available'));
    await visible(section('Users', sub).getByText('No items available'));
    expect(asked.filter((p) => /\/api\/(MyIpsets|MyUsers)$/.test(p))).toEqual([]);
    expect(asked.filter((p) => /\/api\/MyVMs2$/.test(p)).length).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    await sub.close();
  });
});
