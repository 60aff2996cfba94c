/**
 * Dedicated servers in the browser (issue 17): a customer of their own, with a server on a
 * simulated BMC made through the staff calls, power-cycles it and watches its state change live
 * back to On; sets up IPMI access over WireGuard with a key pair made in the browser and downloads
 * the config (the tunnel and the private key of the saved public key); has an ILO password refused
 * by the rule, then accepted; follows a server being installed through its steps; and the pages
 * pass axe in the light and the dark scheme, and read well at 390 px in Polish.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { isWireGuardPublicKey } from '@portside/contract/rules/wireguard';
import { newAccount } from '../../server/test/factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, cookies, hidden, messagesOf, onPath, settled, shot, useScheme, visible, withAxe } from './helpers';
import { languageProblems, tx } from './i18n-checks';
import { createDedicatedServer, createServerInstall } from './dedicated-fixtures';

let e2e: E2E;
let page: Page;
let owner: Awaited<ReturnType<typeof newAccount>>;
let staff: string;

beforeAll(async () => {
  // Each phase of a simulated power change takes 1.5 s: long enough to see it on the page.
  e2e = await startE2E({ baremetal: { simPowerDelayMs: 1500, redfishTimeoutMs: 10_000 } });
  owner = await newAccount(e2e.server);
  // A customer renting bare metal has had their identity checked (else the guard sends them to /verification).
  await e2e.server.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [owner.clientId]);
  staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  ({ page } = await e2e.newPage());
  await withAxe(page);
  await e2e.loginAs(page, owner.email, owner.password);
}, 120_000);
afterAll(async () => e2e?.stop());

const details = (serial: string) => `/servers/server-details-dedicated/${serial}`;
const region = (name: string | RegExp) => page.getByRole('region', { name });
const stateShown = (p: Page) => p.getByRole('region', { name: 'Power' }).getByRole('status').innerText();

describe('power', () => {
  test('a power cycle asks first, then the state goes through the change and back to On without a reload', async () => {
    const { serial, hostname } = await createDedicatedServer(e2e, owner.clientId, { hostname: 'cycle-1' });
    await page.goto('/servers-dedicated');
    await visible(page.getByRole('heading', { level: 1, name: 'Dedicated servers' }));
    const row = page.getByRole('row').filter({ hasText: serial });
    await visible(row.getByText('On', { exact: true }));
    await row.getByRole('link', { name: hostname }).click();
    await onPath(page, details(serial));
    await visible(page.getByRole('heading', { level: 1, name: hostname }));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    const power = region('Power');
    await power.getByLabel('Power function').selectOption({ label: 'Power cycle' });
    await power.getByRole('button', { name: 'Run' }).click();
    const ask = page.getByRole('dialog', { name: `Power cycle ${hostname}?` });
    await visible(ask.getByText('Unsaved data is lost'));
    await ask.getByRole('button', { name: 'Power cycle' }).click();
    await hidden(ask);

    // The change shows while it happens, then the state is On again — all on the same page.
    await expect
      .poll(() => stateShown(page), { timeout: 20_000, interval: 100 })
      .toMatch(/Powering (off|on)|in progress|waiting/i);
    await expect.poll(() => stateShown(page), { timeout: 30_000, interval: 200 }).toMatch(/^Power state:\s*On\s*$/i);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await shot(page, 'dedicated-power-cycled');
  });
});

describe('IPMI access over WireGuard', () => {
  test('a key pair made in the browser gives a config with the tunnel and its private key, downloaded as <hostname>-ipmi.conf', async () => {
    const { serial, hostname } = await createDedicatedServer(e2e, owner.clientId, { hostname: 'ipmi-1' });
    await page.goto(details(serial));
    const ipmi = region('IPMI access');
    // The switch follows the server: it turns once the call has answered.
    const toggle = ipmi.getByRole('switch', { name: 'IPMI access over WireGuard' });
    await toggle.click({ force: true });
    await visible(page.getByText('IPMI access is on.'));

    const key = ipmi.getByLabel('Your WireGuard public key');
    await key.fill('not a key');
    await ipmi.getByRole('button', { name: 'Save key' }).click();
    expect(await messagesOf(key)).toContain('Enter a WireGuard public key');

    await ipmi.getByRole('button', { name: 'Generate a key pair in this browser' }).click();
    await expect.poll(() => key.inputValue()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const publicKey = await key.inputValue();
    expect(isWireGuardPublicKey(publicKey)).toBe(true);
    await ipmi.getByRole('button', { name: 'Save key' }).click();
    await visible(page.getByText('Your public key is saved.'));
    await visible(ipmi.getByText('This configuration holds the private key made in this browser', { exact: false }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ipmi.getByRole('button', { name: `Download ${hostname}-ipmi.conf` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${hostname}-ipmi.conf`);
    const config = await fs.readFile(await download.path(), 'utf8');
    const stats = (await e2e.server.get(`ServerStats?serial=eq.${serial}`, owner.token)).body[0];
    expect(stats.wg_pubkey).toBe(publicKey);
    expect(config).toContain('[Interface]');
    expect(config).toContain(`Address = ${stats.ipmi_tunnel.address}`);
    expect(config).toContain(`PublicKey = ${stats.ipmi_tunnel.peer_public_key}`);
    expect(config).toContain(`Endpoint = ${stats.ipmi_tunnel.endpoint}`);
    expect(config).toContain(`AllowedIPs = ${stats.ipmi_tunnel.allowed_ips}`);
    // The private key in the file is the one of the saved public key (it never reached the server).
    const privateKey = /^PrivateKey = (\S+)$/m.exec(config)?.[1] ?? '';
    const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), Buffer.from(privateKey, 'base64')]);
    const derived = crypto.createPublicKey(crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
    expect(Buffer.from(derived.export({ format: 'der', type: 'spki' }).subarray(-32)).toString('base64')).toBe(publicKey);
    expect(JSON.stringify(stats)).not.toContain(privateKey);

    await ipmi.getByRole('button', { name: 'Show QR code' }).click();
    await visible(ipmi.getByRole('img', { name: `QR code of the WireGuard configuration for ${hostname}` }));
    await shot(page, 'dedicated-ipmi');

    // Turning access off asks first.
    await toggle.click({ force: true });
    const ask = page.getByRole('dialog', { name: `Turn off IPMI access to ${hostname}?` });
    await ask.getByRole('button', { name: 'Turn off' }).click();
    await visible(page.getByText('IPMI access is off.'));
    await hidden(ipmi.getByRole('button', { name: `Download ${hostname}-ipmi.conf` }));
  });

  test('the ILO password is refused by its rule, then accepted', async () => {
    const { serial, hostname } = await createDedicatedServer(e2e, owner.clientId, { hostname: 'ilo-1' });
    await page.goto(details(serial));
    await region('IPMI access').getByRole('button', { name: 'Set ILO password' }).click();
    const dialog = page.getByRole('dialog', { name: `ILO password for ${hostname}` });
    const password = dialog.getByLabel('New ILO password');
    for (const wrong of ['abcd1234', 'ABC123', 'ABCD12345']) {
      await password.fill(wrong);
      await dialog.getByLabel('Repeat the password').fill(wrong);
      await dialog.getByRole('button', { name: 'Set password' }).click();
      expect(await messagesOf(password)).toContain('exactly 8 uppercase characters');
    }
    await password.fill('PORT$1DE');
    await dialog.getByLabel('Repeat the password').fill('PORT$1DX');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await visible(dialog.getByText('The two passwords differ'));
    await dialog.getByLabel('Repeat the password').fill('PORT$1DE');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await hidden(dialog);
    await visible(page.getByText(`The ILO password of customer on ${hostname} is set.`));
  });
});

describe('a server being installed', () => {
  test('is listed above the servers and its page shows the steps reached and those ahead', async () => {
    const { serial, hostname } = await createServerInstall(e2e, staff, owner.clientId, { hostname: 'inst-1', step: 'racked' });
    await page.goto('/servers-dedicated');
    const preparing = region('Being prepared for you');
    await preparing.getByRole('link', { name: `${hostname}: installation progress` }).click();
    await onPath(page, `/servers/server-details-installed/${serial}`);
    await visible(page.getByRole('heading', { level: 1, name: `Installing ${hostname}` }));
    const steps = page.getByRole('list', { name: 'Installation progress' }).getByRole('listitem');
    expect(await steps.count()).toBe(4);
    await visible(steps.nth(0).getByText(/^Reached /));
    await visible(steps.nth(1).getByText('Racked — current step'));
    expect(await steps.nth(1).getAttribute('aria-current')).toBe('step');
    await visible(steps.nth(2).getByText('Not reached yet'));
    await visible(steps.nth(3).getByText('Not reached yet'));
    await visible(page.getByText('Step 2 of 4'));
  });
});

describe('accessibility and language', () => {
  test('the list, details and installed pages pass axe in light and dark, and read well at 390 px in Polish', async () => {
    const server = await createDedicatedServer(e2e, owner.clientId, { hostname: 'axe-1' });
    const install = await createServerInstall(e2e, staff, owner.clientId, { hostname: 'axe-2', step: 'ordered' });
    const paths = ['/servers-dedicated', details(server.serial), `/servers/server-details-installed/${install.serial}`];
    for (const path of paths) {
      await page.goto(path);
      await useScheme(page, 'light');
      expect(await a11yProblems(page), `${path} light`).toEqual([]);
      await useScheme(page, 'dark');
      expect(await a11yProblems(page, { coloursOnly: true }), `${path} dark`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await withAxe(phone);
    await e2e.loginAs(phone, owner.email, owner.password);
    const token = (await cookies(phone)).token;
    expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: 'pl' }, token)).status).toBe(200);
    await phone.evaluate(() => {
      document.cookie = 'language=pl; path=/; SameSite=Strict';
    });
    for (const [path, heading] of [
      [paths[0]!, tx('pl', 'dedicated:list.title')],
      [paths[1]!, server.hostname],
      [paths[2]!, tx('pl', 'dedicated:installed.title', { name: install.hostname })],
    ] as const) {
      await phone.goto(path);
      await visible(phone.getByRole('heading', { level: 1, name: heading }));
      await settled(phone);
      expect(await languageProblems(phone, 'pl', `${path} pl`)).toEqual([]);
      expect(await a11yProblems(phone), `${path} 390 pl`).toEqual([]);
      await shot(phone, `dedicated-390-pl${path.replace(/\//g, '-')}`);
    }
  });
});
