/**
 * The VM console in the real browser: the demo owner asks for a console of a running demo server
 * (VmConsole with the browser's own token), opens the console-open link, sees the serial console
 * in xterm.js with the keyboard focus in it, types a login and a password and reads the spec's
 * 'Wrong password for console' hint; Ctrl-D closes the console and 'New console' opens another.
 * An already used link shows the error state; at 390 px nothing overflows. A server on a Proxmox
 * cluster (the fake PVE) opens its graphical console in noVNC: the VM's screen is drawn, keys and
 * Ctrl+Alt+Del reach the VM.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, visible } from './helpers';
import { idsOf } from '../../server/test/factories.js';
import { startFakePve, type FakePve } from '../../server/test/fake-pve.js';
import { createFakePveVm } from '../../server/test/vm-factories.js';

let e2e: E2E;
let pve: FakePve;

beforeAll(async () => {
  e2e = await startE2E();
  pve = await startFakePve({ nodes: [{ name: 'pve-lis-1' }] });
});
afterAll(async () => {
  await e2e?.stop();
  await pve?.close();
});

/** Logs the demo owner in and asks for a console of a running demo server with the browser's token. */
async function consoleLinkFor(page: Page): Promise<string> {
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  const token = (await cookies(page)).token;
  expect(token).toBeTruthy();
  const vms = await e2e.server.get('MyVMs2?power_status=eq.RUNNING&name=eq.web-1.demo.example', token);
  expect(vms.body).toHaveLength(1);
  const r = await e2e.server.rpc('VmConsole', { p_provisioned_id: vms.body[0].provisioned_id }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.url as string;
}

const terminal = (page: Page) => page.getByRole('region', { name: 'Server console' });

describe('console-open', () => {
  test('shows the serial console: login, a hidden password and the spec’s wrong-password hint; Ctrl-D closes, New console reopens', async () => {
    const { page } = await e2e.newPage();
    const url = await consoleLinkFor(page);
    await page.goto(url);
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    await visible(page.getByRole('heading', { name: 'Console · web-1.demo.example' }));
    await visible(terminal(page).getByText('web-1 login:'));
    // The keyboard focus is in the terminal: typing needs no click.
    await page.keyboard.type('root');
    await page.keyboard.press('Enter');
    await visible(terminal(page).getByText('Password:'));
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await visible(terminal(page).getByText('Wrong password for console: use Reset Root Password, then log in as root'));
    await visible(terminal(page).getByText('Login incorrect'));
    expect(await terminal(page).textContent()).not.toContain('not-the-password');

    await page.keyboard.press('Control+D');
    await visible(page.getByText('Console closed'));
    await visible(page.getByRole('status').filter({ hasText: 'Closed' }));
    const before = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'New console' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    expect(new URL(page.url()).pathname).not.toBe(before);
    await hidden(page.getByText('Console closed'));
    await visible(terminal(page).getByText('web-1 login:'));
  });

  test('opens in a new tab (no customer details loaded there); an already used link shows the error state, at 390 px without overflow', async () => {
    const { page: first, context } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const url = await consoleLinkFor(first);
    // A tab of its own, as the Console tab opens it: the token cookie, but an empty session store.
    const page = await context.newPage();
    await page.goto(url);
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    const box = await terminal(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThan(600);

    await page.goto('/dashboard');
    await page.goto(url);
    await visible(page.getByText('This console link has been used already: each link opens one console.'));
    await visible(page.getByRole('status').filter({ hasText: 'Error' }));
    await visible(page.getByRole('link', { name: 'your servers' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An altered link is refused the same way.
    const parts = url.split('/');
    parts[5] = (parts[5]![0] === 'a' ? 'b' : 'a') + parts[5]!.slice(1);
    await page.goto(parts.join('/'));
    await visible(page.getByText('This console link is not valid.'));
  });
});

describe('console-open, graphical (Proxmox VE)', () => {
  test('draws the VM’s screen in noVNC without asking for a password; keys and Ctrl+Alt+Del reach the VM', async () => {
    const staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const reg = await e2e.server.rpc(
      'RegisterCluster',
      {
        p_driver: 'proxmox',
        p_name: 'e2e-pve',
        p_location: 'lisbon',
        p_api_url: pve.url,
        p_token_id: pve.tokenId,
        p_secret: pve.secret,
      },
      staff,
    );
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const { clientId } = await idsOf(e2e.server, DEMO_USERS.demo.email);
    const { provisionedId } = await createFakePveVm(e2e.server.db, pve, {
      clientId,
      cluster: 'e2e-pve',
      node: 'pve-lis-1',
      name: 'gfx-1',
    });

    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const r = await e2e.server.rpc('VmConsole', { p_provisioned_id: provisionedId }, (await cookies(page)).token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await page.goto(r.body.url as string);
    await visible(page.getByRole('heading', { name: 'Console · gfx-1' }));
    await visible(page.getByRole('status').filter({ hasText: 'Connected' }));
    const screen = page.getByRole('region', { name: 'Server screen' });
    const canvas = screen.locator('canvas');
    await visible(canvas);
    // The fake VM's screen is one colour, #3399cc; noVNC draws it scaled into the page.
    await expect
      .poll(() =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d');
          return ctx && c.width > 0 ? Array.from(ctx.getImageData(c.width >> 1, c.height >> 1, 1, 1).data) : null;
        }),
      )
      .toEqual([0x33, 0x99, 0xcc, 255]);
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([640, 400]);
    expect(await page.getByRole('dialog').count()).toBe(0); // no password prompt

    await canvas.click();
    await page.keyboard.press('a');
    await expect.poll(() => pve.rfbSessions.at(-1)!.keys).toContain(0x61);
    await page.getByRole('button', { name: 'Send Ctrl+Alt+Del' }).click();
    await expect.poll(() => pve.rfbSessions.at(-1)!.keys.slice(-3)).toEqual([0xffe3, 0xffe9, 0xffff]);

    // The cluster ends the console: the page says so and offers a new one.
    pve.dropVncSockets();
    await visible(page.getByText('Console closed'));
    await hidden(page.getByRole('button', { name: 'Send Ctrl+Alt+Del' }));
    await visible(page.getByRole('button', { name: 'New console' }));
  });
});
