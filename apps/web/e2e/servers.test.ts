/**
 * Cloud servers through the real browser, as the demo owner with the seeded VMs in Lisbon and
 * Frankfurt: the list grouped by project with the IPv4 switch kept across a reload, the search,
 * starting a stopped server and seeing RUNNING without a reload (and the progress in the terminal
 * panel), the lock rule with the spec's
 * message, rename, delete with its confirmation and rule, graphs for every range, the cost
 * breakdown, moving a server to another project, lost contact, a sub-user without the claim, 390 px
 * and a list long enough for pages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { clickWhenEnabled, hidden, onPath, pathOf, visible } from './helpers';

let e2e: E2E;
let page: Page;
/** Addresses of the websockets the page opened (the live hubs). */
const sockets: string[] = [];

const LOCKED_TEXT = 'Server must be unlocked before performing this operation';
const DELETE_RULE = 'You must TURN OFF and UNLOCK the machine before DELETE';
const LOST_TEXT =
  'Server status: We are not able to perform this operation. We lost the contact with the server. This is NOT related to power status.';

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});

afterAll(async () => {
  await e2e?.stop();
});

const dialog = () => page.getByRole('dialog');
const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const header = () => page.getByRole('main');

/** Opens a server's page from the list. */
async function openServer(name: string): Promise<void> {
  await page.goto('/list-view');
  await page.getByRole('link', { name, exact: true }).click();
  await visible(heading(name));
  expect(pathOf(page)).toMatch(/^\/servers\/server-details\/\d+$/);
}

describe('the cloud server list', () => {
  test('groups the servers by project, and IPv4 switched off stays off after a reload', async () => {
    await page.goto('/list-view');
    await visible(heading('Cloud servers'));
    const inDefault = page.getByRole('table', { name: 'Servers in default' });
    const inStaging = page.getByRole('table', { name: 'Servers in staging' });
    await visible(inDefault.getByRole('link', { name: 'web-1.demo.example' }));
    await visible(inStaging.getByRole('link', { name: 'build-runner' }));
    expect(await inStaging.getByRole('link', { name: 'web-1.demo.example' }).count()).toBe(0);
    await visible(page.getByRole('heading', { level: 2, name: 'default' }));
    await visible(inDefault.getByRole('columnheader', { name: 'IPv4' }));
    await visible(inDefault.getByText('185.66.10.21'));

    await page.getByRole('switch', { name: 'Show IPv4' }).click({ force: true });
    await hidden(inDefault.getByRole('columnheader', { name: 'IPv4' }));
    await page.reload();
    await visible(inDefault.getByRole('link', { name: 'web-1.demo.example' }));
    expect(await inDefault.getByRole('columnheader', { name: 'IPv4' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Show IPv4' }).isChecked()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('portside.list.showIpv4'))).toBe('false');
    await visible(inDefault.getByRole('columnheader', { name: 'IPv6' }));

    await page.getByRole('switch', { name: 'Show IPv4' }).click({ force: true });
    await visible(inDefault.getByRole('columnheader', { name: 'IPv4' }));
  });

  test('the search narrows the list from two characters on', async () => {
    const search = page.getByLabel('Search servers');
    const links = page.getByRole('main').getByRole('table').getByRole('link');
    await search.fill('s8r');
    await expect.poll(() => links.count()).toBe(1);
    await visible(page.getByRole('link', { name: 'build-runner' }));
    await search.fill('185.66.10.30');
    await expect.poll(() => links.allInnerTexts()).toEqual(['staging-api']);
    await search.fill('b');
    // One letter does not filter: the five demo servers and the demo's VPN server (vpn-lisbon).
    await expect.poll(() => links.count()).toBe(6);
    await search.fill('nothing-like-this');
    await visible(page.getByText('No server matches “nothing-like-this”.'));
    await search.fill('');
  });
});

describe('a server’s page', () => {
  test('starting a stopped server shows RUNNING without reloading the page', async () => {
    await openServer('build-runner');
    await visible(header().getByText('STOPPED', { exact: true }));
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await visible(page.getByText('Starting build-runner…'));
    await visible(header().getByText('RUNNING', { exact: true }), 20_000);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Stop', exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true);
    // The terminal panel shows the operation's progress, labelled with the server's name.
    const terminal = page.getByRole('region', { name: 'Terminal messages' }).getByTestId('terminal-line');
    await visible(terminal.filter({ hasText: 'Server started' }).filter({ hasText: 'build-runner' }));
    await visible(terminal.filter({ hasText: 'Starting server' }).first());
    // The page listens to the power, lock and rename hubs.
    for (const kind of ['power', 'lock', 'rename'])
      expect(
        sockets.some((u) => u.includes(`/hubs/${kind}`)),
        kind,
      ).toBe(true);
  });

  test('a locked server refuses Stop with the spec’s message until it is unlocked', async () => {
    await openServer('db-1.demo.example');
    await visible(header().getByText('Locked', { exact: true }));
    for (const name of ['Stop', 'Reboot', 'Reset', 'Power cycle']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    }
    await visible(page.getByText(LOCKED_TEXT));

    await clickWhenEnabled(page.getByRole('switch', { name: 'Server lock' }));
    await visible(header().getByText('Unlocked', { exact: true }), 20_000);
    await hidden(page.getByText(LOCKED_TEXT));
    await expect
      .poll(() => page.getByRole('button', { name: 'Reboot', exact: true }).isEnabled(), { timeout: 10_000 })
      .toBe(true);

    // Reboot asks first ('reboot server' modal); cancelling changes nothing.
    await page.getByRole('button', { name: 'Reboot', exact: true }).click();
    await visible(dialog().getByText('Reboot server db-1.demo.example?'));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog());
  });

  test('renames inline, showing the name rule while typing', async () => {
    await openServer('build-runner');
    await page.getByRole('button', { name: 'Rename server build-runner' }).click();
    const field = page.getByRole('textbox', { name: 'Server name' });
    await field.press('Enter');
    await visible(page.getByText('Name unchanged, not updating'));
    await field.fill('build runner');
    await visible(page.getByText('Hostname may contain only letters, digits, - and .'));
    await field.fill('build-runner-2');
    await field.press('Enter');
    await visible(page.getByText('Renaming the server to build-runner-2…'));
    await visible(heading('build-runner-2'), 20_000);
  });

  test('delete needs the server off and unlocked, and a confirmation', async () => {
    await openServer('web-1.demo.example');
    await page.getByRole('button', { name: 'Delete server' }).click();
    await visible(dialog().getByText(DELETE_RULE));
    expect(await dialog().getByRole('button', { name: 'Delete server' }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Close' }).first().click();
    await hidden(dialog());

    await openServer('staging-api');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await visible(dialog().getByText('Stop server staging-api?'));
    await dialog().getByRole('button', { name: 'Stop', exact: true }).click();
    await hidden(dialog());
    await visible(header().getByText('STOPPED', { exact: true }), 20_000);

    await page.getByRole('button', { name: 'Delete server' }).click();
    await visible(dialog().getByText('Delete server staging-api?'));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog());
    await visible(heading('staging-api'));

    await page.getByRole('button', { name: 'Delete server' }).click();
    await dialog().getByRole('button', { name: 'Delete server' }).click();
    await visible(page.getByText('Deleting staging-api…'));
    await visible(page.getByText('Server not found'), 30_000);
    await page.goto('/list-view');
    await visible(page.getByRole('link', { name: 'web-1.demo.example' }));
    expect(await page.getByRole('link', { name: 'staging-api' }).count()).toBe(0);
  });

  test('the Graphs tab draws CPU, memory, network and disk for every range', async () => {
    await openServer('web-1.demo.example');
    await page.getByRole('tab', { name: 'Graphs' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('graphs');
    for (const range of ['1 hour', '1 day', 'Week', 'Month']) {
      await page.getByText(range, { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: range }).isChecked()).toBe(true);
      for (const metric of ['CPU usage', 'Memory', 'Network traffic', 'Disk activity']) {
        const chart = page.getByRole('img', { name: `${metric}, ${range}` });
        await visible(chart);
        const drawn = await chart
          .locator('path')
          .evaluateAll((paths) => paths.filter((p) => (p.getAttribute('d') ?? '').length > 10).length);
        expect(drawn, `${metric}, ${range}`).toBeGreaterThan(0);
      }
    }
  });

  test('the Cost Breakdown tab shows every part of the price in euros and stays selected after a reload', async () => {
    await openServer('db-1.demo.example');
    await page.getByRole('tab', { name: 'Cost Breakdown' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('cost-breakdown');
    await page.reload();
    const table = page.getByRole('table', { name: 'Cost breakdown' });
    for (const row of ['Server model', 'Additional disk', 'Backups', 'Snapshots', 'External IP', 'Total per month']) {
      await visible(table.getByRole('rowheader', { name: row }));
    }
    await visible(table.getByText('S4R16', { exact: true }));
    await visible(table.getByText('20 GB × €0.03 per GB'));
    await visible(page.getByText('Storage is charged at €0.03 per GB per month.'));
    const total = await table.getByRole('row', { name: /Total per month/ }).innerText();
    expect(total).toMatch(/€\d+\.\d{2}/);
  });

  test('the Console tab opens the server’s console in a new tab', async () => {
    await openServer('web-1.demo.example');
    await page.getByRole('tab', { name: 'Console' }).click();
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Open console' }).click();
    const consolePage = await popup;
    await consolePage.waitForURL((u) => u.pathname.startsWith('/console-open/'));
    await visible(consolePage.getByText('Connected', { exact: true }), 20_000);
    await consolePage.close();
  });

  test('the Firewall tab (the last one built) opens from the strip and is kept in the address', async () => {
    await page.getByRole('tab', { name: 'Firewall' }).click();
    await visible(page.getByRole('heading', { level: 2, name: 'Inbound firewall rules' }));
    expect(await page.getByTestId('not-built-panel').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('firewall');
  });

  test('the Project tab moves the server to another project', async () => {
    await openServer('win-desktop');
    await page.getByRole('tab', { name: 'Project' }).click();
    await visible(page.getByText('This server belongs to the project default.'));
    await page.getByRole('combobox', { name: 'Move to project' }).click();
    await page.getByRole('option', { name: 'staging' }).click();
    await page.getByRole('button', { name: 'Move server' }).click();
    await visible(page.getByText('win-desktop moved to staging.'));
    await visible(page.getByText('This server belongs to the project staging.'));
  });

  test('the dashboard counts the servers and links to the newest', async () => {
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Cloud servers' });
    // The demo's four servers left (staging-api was deleted above) and its VPN server.
    await visible(card.getByText('5 cloud servers', { exact: true }));
    await card.getByRole('link').filter({ hasText: 'win-desktop' }).click();
    await visible(heading('win-desktop'));
  });
});

describe('a server out of contact', () => {
  test('says the status reports are delayed while the clusters do not answer (prox_sync_success false)', async () => {
    const client = (await e2e.server.db.owner.query(`SELECT client_id FROM users WHERE email = $1`, [DEMO_USERS.demo.email]))
      .rows[0].client_id;
    await e2e.server.db.owner.query(`UPDATE clients SET prox_sync_success = false WHERE id = $1`, [client]);
    try {
      await page.goto('/list-view');
      await visible(page.getByText('Backend reporting service lost connectivity; servers are OK and the team is working on it.'));
    } finally {
      await e2e.server.db.owner.query(`UPDATE clients SET prox_sync_success = true WHERE id = $1`, [client]);
    }
    await page.reload();
    await visible(heading('Cloud servers'));
    expect(await page.getByText('Backend reporting service lost connectivity', { exact: false }).count()).toBe(0);
  });

  test('shows the spec’s lost-contact warning and offers no action', async () => {
    await e2e.server.db.owner.query(`UPDATE vms SET last_seen_at = now() - interval '2 hours' WHERE name = 'win-desktop'`);
    await openServer('win-desktop');
    await visible(page.getByText(LOST_TEXT));
    await visible(header().getByText('LOST', { exact: true }));
    expect(await page.getByRole('button', { name: 'Start', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Server lock' }).isDisabled()).toBe(true);
  });
});

describe('access and small screens', () => {
  test('a sub-user without menu-see-cloud-servers cannot open the servers', async () => {
    const token = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const revoked = await e2e.server.rpc(
      'RevokeClaimsFromMyUser',
      { p_user: DEMO_USERS.sub.email, p_claims: ['menu-see-cloud-servers'] },
      token,
    );
    expect(revoked.status).toBe(200);
    const { page: sub } = await e2e.newPage();
    await e2e.loginAs(sub, DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    for (const path of ['/list-view', '/servers/server-details/1']) {
      await sub.goto(path);
      await visible(sub.getByText('You cannot see the cloud servers'));
      expect(pathOf(sub)).toBe(path);
    }
    expect(await sub.getByRole('link', { name: 'Cloud servers' }).count()).toBe(0);
  });

  test('the list and a server’s page fit 390 px without sideways scrolling of the page', async () => {
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await phone.goto('/list-view');
    await visible(phone.getByRole('link', { name: 'web-1.demo.example' }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('link', { name: 'web-1.demo.example' }).click();
    await onPath(phone, pathOf(phone));
    await visible(phone.getByRole('heading', { level: 1, name: 'web-1.demo.example' }));
    await visible(phone.getByRole('button', { name: 'Reboot', exact: true }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('tab', { name: 'Graphs' }).click();
    await visible(phone.getByRole('img', { name: 'CPU usage, 1 hour' }));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('a long list', () => {
  test('is cut into pages of 25', async () => {
    const owner = await e2e.server.db.owner.query<{ client_id: string }>(`SELECT client_id FROM users WHERE email = $1`, [
      DEMO_USERS.demo.email,
    ]);
    const clientId = owner.rows[0]!.client_id;
    for (let i = 0; i < 24; i++) {
      await createTestVm(e2e.server.db, {
        clientId,
        name: `bulk-${String(i).padStart(2, '0')}`,
        cluster: i % 2 ? 'fra-sim' : 'lis-sim',
      });
    }
    await page.goto('/list-view');
    await visible(page.getByText('29 servers'));
    const next = page.getByRole('button', { name: 'Next page' });
    await visible(next);
    expect(await page.getByRole('main').getByRole('table').getByRole('link').count()).toBe(25);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => page.getByRole('main').getByRole('table').getByRole('link').count()).toBe(4);
    await page.getByLabel('Search servers').fill('bulk-1');
    await expect.poll(() => page.getByRole('main').getByRole('table').getByRole('link').count()).toBe(10);
    await hidden(next);
  });
});
