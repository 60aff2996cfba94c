/**
 * VPN servers in the browser (issue 17): the demo owner opens /servers/vpn from the sidebar, finds
 * the seeded vpn-lisbon with its peer, adds a peer with a key pair made in the browser, downloads
 * its configuration (checked line by line, its private key the one of the peer's saved public key),
 * sees the QR code, watches the server take the configuration, and removes the peer after being
 * asked. A new customer without a VPN server is offered one, and 'Order a VPN server' opens the
 * builder on the WireGuard image and the smallest vCore model. The page passes axe in light and
 * dark, and reads well at 390 px in German.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { VPN_CONFIG_PATH, vpnPeerConfig } from '@portside/contract/rules/vpn';
import { newAccount } from '../../server/test/factories.js';
import { driverOf } from '../../server/test/vpn-factories.js';
import { DEMO_VPN } from '../../server/src/db/seed-vpn.js';
import { runJob } from '../../server/src/jobs/job-handlers.js';
import { JobName } from '../../server/src/jobs/job-types.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import {
  a11yProblems,
  cookies,
  hidden,
  messagesOf,
  onPath,
  sessionEntries,
  settled,
  shot,
  sidebar,
  useScheme,
  visible,
  withAxe,
} from './helpers';
import { languageProblems, tx } from './i18n-checks';

let e2e: E2E;
let page: Page;
let token: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  await withAxe(page);
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  token = (await cookies(page)).token!;
}, 120_000);
afterAll(async () => e2e?.stop());

const server = () => page.getByRole('region', { name: DEMO_VPN.name });
const demoServer = async () =>
  (await e2e.server.get('MyVpnServers', token)).body.find((s: { name: string }) => s.name === DEMO_VPN.name);

/** The public key of a wg(8) private key (base64), through node:crypto. */
function publicKeyOf(privateKey: string): string {
  const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), Buffer.from(privateKey, 'base64')]);
  const spki = crypto
    .createPublicKey(crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }))
    .export({ format: 'der', type: 'spki' });
  return Buffer.from(spki.subarray(-32)).toString('base64');
}

describe('the VPN servers page', () => {
  test('opens from the sidebar with the demo’s VPN server and its peer', async () => {
    await sidebar(page).getByRole('link', { name: 'VPN servers' }).click();
    await onPath(page, '/servers/vpn');
    await visible(page.getByRole('heading', { level: 1, name: 'VPN servers' }));
    await visible(server().getByText('Lisbon · 185.66.10.40'));
    await visible(server().getByText('185.66.10.40:51820'));
    await visible(server().getByRole('heading', { name: 'Peers (1 of 50)' }));
    const peers = server().getByRole('table', { name: `Peers of ${DEMO_VPN.name}` });
    await visible(peers.getByText(DEMO_VPN.peer.name));
    await visible(peers.getByText('10.99.0.2'));
    // The seed made no key pair (it has no data key): the server waits for its first configuration.
    await visible(server().getByText('Made with the first configuration'));
    await visible(server().getByText('Applying…'));
    await peers.getByRole('button', { name: `Configuration of ${DEMO_VPN.peer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `WireGuard configuration of ${DEMO_VPN.peer.name}` });
    await visible(dialog.getByText('The configuration is available once the server has its key.'));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);

    // The sweep pushes it (the worker makes the key); the page, polling meanwhile, shows it applied.
    await runJob(JobName.VpnSweep, e2e.server.jobDeps(), {});
    await e2e.server.jobsIdle();
    await visible(server().getByText('Configuration applied'), 20_000);
    const key = (await demoServer()).public_key as string;
    await visible(server().getByText(key));
    // An existing peer's configuration has the placeholder where the device's private key goes.
    await peers.getByRole('button', { name: `Configuration of ${DEMO_VPN.peer.name}` }).click();
    await visible(dialog.getByText('Replace the placeholder with the private key of the device', { exact: false }));
    await visible(dialog.getByText(`PublicKey = ${key}`, { exact: false }));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);
  });

  test('adds a peer with a browser-made key, downloads its configuration, shows the QR code, and removes the peer', async () => {
    await page.goto('/servers/vpn');
    await server().getByRole('button', { name: 'Add peer' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a peer to ${DEMO_VPN.name}` });
    const name = dialog.getByLabel('Peer name');
    await name.fill('my phone');
    await dialog.getByRole('button', { name: 'Add peer' }).click();
    expect(await messagesOf(name)).toContain('letters, digits, dots, hyphens and underscores');
    await name.fill('e2e-phone');
    expect(await dialog.getByRole('radio', { name: 'Make a key pair in this browser' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add peer' }).click();

    const done = page.getByRole('dialog', { name: 'e2e-phone added' });
    await visible(done.getByText('This configuration holds the private key made in this browser', { exact: false }));
    const file = `${DEMO_VPN.name}-e2e-phone.conf`;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: `Download ${file}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(file);
    const config = await fs.readFile(await download.path(), 'utf8');
    const vpn = await demoServer();
    const peer = (await e2e.server.get(`MyVpnPeers?provisioned_id=eq.${vpn.provisioned_id}&name=eq.e2e-phone`, token)).body[0];
    const privateKey = /^PrivateKey = (\S+)$/m.exec(config)?.[1] ?? '';
    // The private key is the one of the saved public key, and nothing the portal holds knows it.
    expect(publicKeyOf(privateKey)).toBe(peer.public_key);
    expect(JSON.stringify([vpn, peer])).not.toContain(privateKey);
    expect(config).toBe(
      vpnPeerConfig({ name: DEMO_VPN.name, public_key: vpn.public_key, endpoint: '185.66.10.40:51820' }, peer, privateKey),
    );
    expect(config).toContain('Address = 10.99.0.3/32, fd99::3/128\n');
    expect(config).toContain('AllowedIPs = 0.0.0.0/0, ::/0\n');

    await done.getByRole('button', { name: 'Show QR code' }).click();
    await visible(done.getByRole('img', { name: `QR code of the configuration of e2e-phone on ${DEMO_VPN.name}` }));
    await shot(page, 'vpn-peer-added');
    await done.getByRole('button', { name: 'Done' }).click();
    await hidden(done);

    // The server takes it: the page says so, and the server's wg0.conf names the new peer.
    await visible(server().getByText('Configuration applied'), 20_000);
    await visible(server().getByRole('heading', { name: 'Peers (2 of 50)' }));
    const vmid = (await e2e.server.db.owner.query(`SELECT vmid FROM vms WHERE provisioned_id = $1`, [vpn.provisioned_id])).rows[0]
      .vmid;
    const sim = await driverOf(e2e.server.db, e2e.server.hypervisors, vpn.provisioned_id);
    expect((await sim.guestFile(vmid, VPN_CONFIG_PATH))!.content).toContain(
      `PublicKey = ${peer.public_key}\nAllowedIPs = 10.99.0.3/32, fd99::3/128`,
    );

    const peers = server().getByRole('table', { name: `Peers of ${DEMO_VPN.name}` });
    await peers.getByRole('button', { name: 'Remove e2e-phone' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove e2e-phone?' });
    await visible(ask.getByText(`e2e-phone can no longer connect to ${DEMO_VPN.name}`, { exact: false }));
    await ask.getByRole('button', { name: 'Remove peer' }).click();
    await hidden(ask);
    await hidden(peers.getByText('e2e-phone'));
    await visible(server().getByRole('heading', { name: 'Peers (1 of 50)' }));
    await visible(server().getByText('Configuration applied'), 20_000);
    expect((await sim.guestFile(vmid, VPN_CONFIG_PATH))!.content).not.toContain(peer.public_key);
  });

  test('offers a customer without one to order a VPN server, on the WireGuard image and the smallest vCore model', async () => {
    const fresh = await newAccount(e2e.server);
    await e2e.server.db.owner.query(`UPDATE clients SET verification_status = 'approved' WHERE id = $1`, [fresh.clientId]);
    const { page: other } = await e2e.newPage();
    await e2e.loginAs(other, fresh.email, fresh.password);
    await other.goto('/servers/vpn');
    await visible(other.getByText('No VPN servers yet'));
    await other.getByRole('button', { name: 'Order a VPN server' }).click();
    await onPath(other, '/new-order');
    const form = JSON.parse((await sessionEntries(other)).serverBuilderData ?? '{}').form;
    const models = (
      await e2e.server.get('NewOrderGetModels?location=eq.lisbon&core_type=eq.vcore&order=cores.asc,ram_gb.asc', fresh.token)
    ).body;
    expect(form).toMatchObject({ location: 'lisbon', core_type: 'vcore', image: 'wireguard', model_id: models[0].model_id });
    await visible(other.getByRole('radio', { name: /WireGuard VPN/ }));
    expect(await other.getByRole('radio', { name: /WireGuard VPN/ }).isChecked()).toBe(true);
  });
});

describe('accessibility and language', () => {
  test('the page and its dialog pass axe in light and dark, and read well at 390 px in German', async () => {
    await page.goto('/servers/vpn');
    await visible(server());
    await settled(page);
    await useScheme(page, 'light');
    expect(await a11yProblems(page), 'light').toEqual([]);
    await useScheme(page, 'dark');
    expect(await a11yProblems(page, { coloursOnly: true }), 'dark').toEqual([]);
    await server().getByRole('button', { name: 'Add peer' }).click();
    await visible(page.getByRole('dialog'));
    expect(await a11yProblems(page, { coloursOnly: true }), 'dialog dark').toEqual([]);
    await useScheme(page, 'light');
    expect(await a11yProblems(page), 'dialog light').toEqual([]);
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });

    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await withAxe(phone);
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const phoneToken = (await cookies(phone)).token!;
    expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: 'de' }, phoneToken)).status).toBe(200);
    await phone.evaluate(() => {
      document.cookie = 'language=de; path=/; SameSite=Strict';
    });
    await phone.goto('/servers/vpn');
    await visible(phone.getByRole('heading', { level: 1, name: tx('de', 'vpn:title') }));
    await visible(phone.getByText(DEMO_VPN.peer.name));
    await settled(phone);
    expect(await languageProblems(phone, 'de', '/servers/vpn de')).toEqual([]);
    expect(await a11yProblems(phone), '390 de').toEqual([]);
    await shot(phone, 'vpn-390-de');
    await phone.getByRole('button', { name: tx('de', 'vpn:peers.add') }).click();
    const dialog = phone.getByRole('dialog', { name: tx('de', 'vpn:add.title', { server: DEMO_VPN.name }) });
    await visible(dialog);
    expect(await languageProblems(phone, 'de', 'add dialog de')).toEqual([]);
    expect(await a11yProblems(phone), 'add dialog 390 de').toEqual([]);
  });
});
