/**
 * IP management and custom domains through the real browser as the demo owner (issue 15): My IPs
 * (the sign-in address recorded and marked as this browser's, an address added with a comment, a
 * wrong one and a repeated one refused, one deleted after a confirmation, the list kept in the
 * session state `myIps`); a server's reverse DNS edited inline until the DNS simulator has it
 * ('Active'), and reset to the default; the port forwards of all servers; a custom domain added,
 * its TXT record shown, 'Check now' explaining the missing record kindly, then verifying once the
 * test — playing the domain's owner — has set the record in the simulated DNS; and the pages at
 * 390 px in German.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { SimulatorDns } from '../../server/src/drivers/dns/dns.js';
import { createSubUser, idsOf } from '../../server/test/factories.js';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, sessionEntries, settled, shot, visible } from './helpers';
import { languageProblems, tx } from './i18n-checks';

let e2e: E2E;
let page: Page;
let token: string;
let clientId: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  token = (await cookies(page)).token!;
  clientId = (await idsOf(e2e.server, DEMO_USERS.demo.email)).clientId;
}, 120_000);
afterAll(async () => e2e?.stop());

const dialog = (name: string) => page.getByRole('dialog', { name });
const section = (name: string) => page.getByRole('region', { name });

/** A running server of the demo owner, made for one test; answers its id. */
async function newServer(name: string, ipv4: string | null = null): Promise<number> {
  return (await createTestVm(e2e.server.db, { clientId, name, power: 'RUNNING', ipv4 })).provisionedId;
}

describe('My IPs', () => {
  test('marks the address this browser signed in from, adds one, refuses a wrong and a repeated one, deletes one', async () => {
    await page.goto('/myips');
    await visible(page.getByRole('heading', { level: 1, name: 'IP management' }));
    const mine = section('My IPs');
    // The sign-in recorded the browser's address (loopback here): seen at sign-in, and marked.
    const here = mine.getByTestId('my-ip-row').filter({ hasText: '127.0.0.1' });
    await visible(here.getByText('This browser'));
    await visible(here.getByRole('cell', { name: 'Seen at sign-in' }));

    const address = mine.getByLabel('Address or CIDR block');
    await address.fill('10.0.0.300');
    await mine.getByRole('button', { name: 'Add', exact: true }).click();
    await visible(mine.getByText('Invalid data: enter an IPv4 or IPv6 address'));
    await address.fill('198.51.100.0/24');
    await mine.getByLabel('Comment', { exact: true }).fill('Office');
    await mine.getByRole('button', { name: 'Add', exact: true }).click();
    await visible(page.getByText('198.51.100.0/24 added to My IPs'));
    const office = mine.getByTestId('my-ip-row').filter({ hasText: '198.51.100.0/24' });
    await visible(office.getByRole('cell', { name: 'Office', exact: true }));
    await visible(office.getByRole('cell', { name: 'Added', exact: true }));
    await visible(office.getByRole('button', { name: 'Copy 198.51.100.0/24' }));
    // The session state holds the list as the API gave it.
    const stored = JSON.parse((await sessionEntries(page)).myIps ?? 'null') as { address: string }[];
    expect(stored.map((r) => r.address)).toContain('198.51.100.0/24');

    await address.fill('198.51.100.0/24');
    await mine.getByRole('button', { name: 'Add', exact: true }).click();
    await visible(mine.getByText('This IP address is in the list already'));
    await address.fill('');

    await office.getByRole('button', { name: 'Delete 198.51.100.0/24' }).click();
    const d = dialog('Delete 198.51.100.0/24 from My IPs?');
    await visible(d.getByText('IP sets and firewall rules that contain it keep it.'));
    await d.getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(d);
    await hidden(office);
    const left = (await e2e.server.get('MyIPs', token)).body as { address: string }[];
    expect(left.map((r) => r.address)).not.toContain('198.51.100.0/24');
  });
});

describe('System IPs', () => {
  test('the reverse DNS of a server’s address is edited until the DNS has it, and reset to the default', async () => {
    const id = await newServer('rdns-web-1', '185.66.10.201');
    await page.goto('/myips');
    const system = section('System IPs');
    const row = system.getByTestId('system-ip-row').filter({ hasText: '185.66.10.201' });
    await visible(row.getByRole('link', { name: 'rdns-web-1' }));
    expect(await row.getByRole('link', { name: 'rdns-web-1' }).getAttribute('href')).toBe(`/servers/server-details/${id}`);
    const fallback = (await e2e.server.get('MySystemIPs?address=eq.185.66.10.201', token)).body[0].ptr_default as string;
    await visible(row.getByText(fallback, { exact: true }).filter({ visible: true }));

    await row.getByRole('button', { name: 'Edit the reverse DNS of 185.66.10.201' }).click();
    const field = row.getByRole('textbox', { name: 'Reverse DNS of 185.66.10.201' });
    await field.fill('mail');
    await visible(row.getByText('Invalid data: reverse DNS is a full hostname such as mail.example.com'));
    await field.fill('mail.example.com');
    await field.press('Enter');
    await visible(page.getByText('Reverse DNS of 185.66.10.201 set to mail.example.com'));
    await visible(row.getByText('mail.example.com', { exact: true }).filter({ visible: true }));
    // Pending until the job has pushed it, then active; the list asks again by itself meanwhile.
    await visible(row.getByTestId('state-badge').filter({ hasText: 'Active', visible: true }), 20_000);
    expect(await e2e.server.network.dns.ptr('185.66.10.201')).toBe('mail.example.com');

    await row.getByRole('button', { name: 'Edit the reverse DNS of 185.66.10.201' }).click();
    await field.fill('');
    await row.getByRole('button', { name: 'Save the reverse DNS' }).click();
    await visible(page.getByText('Reverse DNS of 185.66.10.201 set back to the default'));
    await visible(row.getByText(fallback, { exact: true }).filter({ visible: true }));
    await visible(row.getByTestId('state-badge').filter({ hasText: 'Active', visible: true }), 20_000);
    expect(await e2e.server.network.dns.ptr('185.66.10.201')).toBe(fallback);
  });

  test('port forwards of every server are listed for users with vm-settings-firewall, and hidden from others', async () => {
    const id = await newServer('fwd-web-1');
    const r = await e2e.server.rpc(
      'AddPortForwarding',
      { p_provisioned_id: id, p_internal_port: 22, p_protocol: 'tcp', p_comment: 'ssh' },
      token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await page.goto('/myips');
    const forwards = section('Port forwards');
    const row = forwards.getByRole('row').filter({ hasText: 'fwd-web-1' });
    await visible(row.getByText(`${r.body.gateway}:${r.body.external_port} TCP`));
    await visible(row.getByText('ssh', { exact: true }));
    await visible(row.getByTestId('state-badge'));

    const sub = await createSubUser(e2e.server, clientId, { claims: ['menu-see-ip-management'] });
    const { page: p } = await e2e.newPage();
    const refused: string[] = [];
    p.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
    });
    await e2e.loginAs(p, sub.email, sub.password);
    await p.goto('/myips');
    await visible(p.getByRole('region', { name: 'System IPs' }));
    expect(await p.getByRole('region', { name: 'Port forwards' }).count()).toBe(0);
    expect(refused).toEqual([]);
  });
});

describe('custom domains', () => {
  test('adds a domain, shows its TXT record, and verifies it once the record is in the DNS', async () => {
    await newServer('domain-web-1', '185.66.10.202');
    await page.goto('/custom-domains');
    await visible(page.getByRole('heading', { level: 1, name: 'Custom domains' }));
    await page.getByRole('button', { name: 'Add domain' }).first().click();
    const d = dialog('Add a domain');
    const domain = d.getByLabel('Domain', { exact: true });
    await domain.fill('shop');
    await d.getByRole('button', { name: 'Add domain' }).click();
    await visible(d.getByText('Invalid data: enter a domain name such as shop.example.com'));
    await visible(d.getByText('Choose a server'));
    await domain.fill('Shop.Example.com');
    await d.getByLabel('Server', { exact: true }).click();
    await page.getByRole('option', { name: /^domain-web-1 · / }).click();
    await d.getByRole('button', { name: 'Add domain' }).click();

    const added = dialog('shop.example.com added');
    await visible(added);
    const txt = added.getByTestId('dns-record-TXT');
    await visible(txt.getByText('_portside-challenge.shop.example.com', { exact: true }));
    const value = (await txt.getByText(/^portside-verification=/).innerText()).trim();
    await visible(added.getByTestId('dns-record-A').getByText('185.66.10.202', { exact: true }));
    await visible(added.getByRole('button', { name: 'Copy the TXT record’s value' }));
    await added.getByRole('button', { name: 'Done' }).click();
    await hidden(added);

    const card = page.getByRole('article', { name: 'shop.example.com' });
    await visible(card.getByTestId('domain-status').filter({ hasText: 'Not verified yet' }));
    await card.getByRole('button', { name: 'Check now' }).click();
    await visible(card.getByText('The TXT record is not there yet'));
    await visible(card.getByText(/up to an hour to be seen; the portal keeps checking by itself/));

    // The test plays the domain's owner: the record goes into the simulated public DNS.
    await (e2e.server.network.dns as SimulatorDns).setTxt('_portside-challenge.shop.example.com', [value]);
    await card.getByRole('button', { name: 'Check now' }).click();
    await visible(page.getByText('shop.example.com is verified'));
    await visible(card.getByTestId('domain-status').filter({ hasText: 'Verified' }));
    await hidden(card.getByRole('button', { name: 'Check now' }));
    await shot(page, 'custom-domains-1280');

    // The same domain again is refused on the field.
    await page.getByRole('button', { name: 'Add domain' }).first().click();
    await d.getByLabel('Domain', { exact: true }).fill('shop.example.com');
    await d.getByLabel('Server', { exact: true }).click();
    await page.getByRole('option', { name: /^domain-web-1 · / }).click();
    await d.getByRole('button', { name: 'Add domain' }).click();
    await visible(d.getByText('This domain is in your list already'));
    await page.keyboard.press('Escape');
    await hidden(d);
  });

  test('points a domain at another server and deletes it after a confirmation', async () => {
    await newServer('domain-web-2', '185.66.10.203');
    await newServer('domain-web-3', '185.66.10.204');
    const servers = (await e2e.server.get('MyVMs2?name=eq.domain-web-2', token)).body as { provisioned_id: number }[];
    expect(
      (await e2e.server.rpc('MyDomainAdd', { p_domain: 'blog.example.org', p_provisioned_id: servers[0]!.provisioned_id }, token))
        .status,
    ).toBe(200);
    await page.goto('/custom-domains');
    const card = page.getByRole('article', { name: 'blog.example.org' });
    await visible(card.getByTestId('dns-record-A').getByText('185.66.10.203', { exact: true }));
    await card.getByRole('button', { name: 'Change server' }).click();
    const d = dialog('Point blog.example.org at another server');
    await d.getByLabel('Server', { exact: true }).click();
    await page.getByRole('option', { name: /^domain-web-3 · / }).click();
    await d.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('blog.example.org now points at domain-web-3'));
    await visible(card.getByTestId('dns-record-A').getByText('185.66.10.204', { exact: true }));

    await card.getByRole('button', { name: 'Delete blog.example.org' }).click();
    const del = dialog('Delete blog.example.org?');
    await del.getByRole('button', { name: 'Delete domain' }).click();
    await visible(page.getByText('blog.example.org deleted'));
    await hidden(card);
  });
});

describe('layout and language', () => {
  test('IP management and custom domains read well at 390 px, in English and German', async () => {
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const phoneToken = (await cookies(phone)).token;
    for (const lng of ['en', 'de'] as const) {
      expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: lng }, phoneToken)).status).toBe(200);
      await phone.evaluate((l) => {
        document.cookie = `language=${l}; path=/; SameSite=Strict`;
      }, lng);
      for (const [path, key] of [
        ['/myips', 'network:myips.title'],
        ['/custom-domains', 'network:domains.title'],
      ] as const) {
        await phone.goto(path);
        await visible(phone.getByRole('heading', { level: 1, name: tx(lng, key) }));
        await settled(phone);
        expect(await languageProblems(phone, lng, `${path} ${lng}`)).toEqual([]);
        await shot(phone, `${path.slice(1)}-390-${lng}`);
      }
    }
  });
});
