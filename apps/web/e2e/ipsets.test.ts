/**
 * IP sets through the real browser as the demo owner (issue 15): a set made from a pasted
 * comma-separated list (an invalid entry named first, then corrected) and attached to a server,
 * then found on the list with its size and server; the 1000-IP limit said before sending and the
 * server's IPSET_FULL shown when another tab filled the set meanwhile; rename and comment through
 * the edit dialog (PATCH); removing selected IPs; detaching and deleting refused while a firewall
 * rule names the set (IPSET_IN_USE, with the server's Firewall tab linked); an unknown id; the
 * guard for a sub-user without menu-see-ipsets; and the pages at 390 px and in Polish.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '../../server/src/config.js';
import { createSubUser, idsOf } from '../../server/test/factories.js';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, onPath, pathOf, settled, shot, visible } from './helpers';
import { languageProblems, tx } from './i18n-checks';

let e2e: E2E;
let page: Page;
let token: string;
let clientId: string;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  // Firewall batches finish quickly here: the test waits for one to name a set in a rule.
  e2e = await startE2E({ vms: { ...defaults.vms, simTaskMs: 300 } });
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  token = (await cookies(page)).token!;
  clientId = (await idsOf(e2e.server, DEMO_USERS.demo.email)).clientId;
}, 120_000);
afterAll(async () => e2e?.stop());

const dialog = (name?: string | RegExp) => page.getByRole('dialog', name ? { name } : undefined);
const main = () => page.getByRole('main');

/** A running server of the demo owner, made for one test; answers its id. */
async function newServer(name: string): Promise<number> {
  return (await createTestVm(e2e.server.db, { clientId, name, power: 'RUNNING' })).provisionedId;
}

/** An IP set made through the API; answers its id. */
async function apiIpset(name: string, ips?: string): Promise<number> {
  const r = await e2e.server.rpc('CreateIpset', { p_name: name, p_ips: ips }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.ipset as number;
}

/** `n` distinct IPv4 addresses of 10.20.0.0/16 from `from` on, comma separated. */
function addresses(n: number, from = 0): string {
  return Array.from({ length: n }, (_, i) => `10.20.${Math.floor((from + i) / 256)}.${(from + i) % 256}`).join(', ');
}

describe('creating and attaching', () => {
  test('makes a set from a pasted list, an invalid entry named and corrected first, and attaches it to a server', async () => {
    await newServer('ipset-web-1');
    await page.goto('/ipsets');
    await visible(page.getByRole('heading', { level: 1, name: 'IP sets' }));
    await page.getByRole('button', { name: 'New IP set' }).first().click();
    const d = dialog('New IP set');
    await visible(d);
    // The name rule of the contract: no spaces.
    await d.getByLabel('Name', { exact: true }).fill('office lisbon');
    await d.getByLabel('Comment').fill('Lisbon office and VPN');
    const ips = d.getByRole('textbox', { name: 'IPs (optional)' });
    await ips.fill('203.0.113.7, 198.51.100.0/24,10.0.0.300, 203.0.113.7');
    const status = d.getByTestId('ip-list-status');
    await visible(status.getByText('This entry is not an address or CIDR block:'));
    await visible(status.getByText('10.0.0.300', { exact: true }));
    await visible(status.getByText('1 repeated entry is removed.'));
    await d.getByRole('button', { name: 'Create IP set' }).click();
    await visible(d.getByText('IP set name cannot contain spaces'));
    expect(await d.isVisible()).toBe(true);

    await d.getByLabel('Name', { exact: true }).fill('office-lisbon');
    await d.getByRole('button', { name: 'Create IP set' }).click();
    // Still refused: the list has an invalid entry, said on the field; nothing was made.
    await visible(d.getByText('Invalid data: enter IPv4 or IPv6 addresses or CIDR blocks, separated by commas'));
    expect((await e2e.server.get('MyIpsets?name=eq.office-lisbon', token)).body).toEqual([]);

    await ips.fill('203.0.113.7, 198.51.100.0/24,10.0.0.3, 203.0.113.7');
    await visible(status.getByText('3 IPs ready (at most 1000 in a set).'));
    await d.getByRole('button', { name: 'Create IP set' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'IP set office-lisbon' }));
    expect(pathOf(page)).toMatch(/^\/ipsets\/\d+$/);
    const id = Number(pathOf(page).split('/').pop());
    const entries = await e2e.server.rpc('GetIPsFromIpset', { p_ipset: id }, token);
    expect((entries.body as { ip: string }[]).map((e) => e.ip).sort()).toEqual(['10.0.0.3', '198.51.100.0/24', '203.0.113.7']);

    // Attach it to the server from the multi-select of the account's servers.
    await page.getByRole('button', { name: 'Attach to servers' }).click();
    const a = dialog('Attach office-lisbon to servers');
    await visible(a);
    await a.getByLabel('Servers', { exact: true }).click();
    await page.getByRole('option', { name: /^ipset-web-1 · / }).click();
    // The list stays open for more choices; leaving the field closes it.
    await page.keyboard.press('Tab');
    await a.getByRole('button', { name: 'Attach', exact: true }).click();
    await hidden(a);
    await visible(page.getByText('office-lisbon attached to 1 server'));
    const servers = page.getByRole('table', { name: 'Servers' });
    await visible(servers.getByRole('link', { name: 'ipset-web-1' }));

    // The list shows its size and its server.
    await page.getByRole('link', { name: 'All IP sets' }).click();
    await onPath(page, '/ipsets');
    const row = page.getByTestId('ipset-row').filter({ hasText: 'office-lisbon' });
    await visible(row);
    await visible(row.getByRole('cell', { name: '3 IPs', exact: true }));
    await visible(row.getByRole('cell', { name: 'ipset-web-1', exact: true }));
    await visible(row.getByRole('cell', { name: 'Lisbon office and VPN', exact: true }));
    await shot(page, 'ipsets-list-1280');
  });

  test('the filter finds sets by name or comment', async () => {
    await apiIpset('monitoring', '192.0.2.10');
    await page.goto('/ipsets');
    const filter = page.getByRole('searchbox', { name: 'Filter IP sets' });
    await filter.fill('lisbon office');
    await visible(page.getByTestId('ipset-row').filter({ hasText: 'office-lisbon' }));
    await hidden(page.getByTestId('ipset-row').filter({ hasText: 'monitoring' }));
    await filter.fill('nothing-like-this');
    await visible(page.getByText('No IP set matches “nothing-like-this”.'));
  });
});

describe('the 1000-IP limit', () => {
  test('says so before sending, and shows the server’s IPSET_FULL when the set filled meanwhile', async () => {
    const id = await apiIpset('big-set', addresses(998));
    await page.goto(`/ipsets/${id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'IP set big-set' }));
    await visible(main().getByText('998 of 1000'));
    // 20 pages of 50, and the filter finds one address among them.
    await visible(page.getByRole('button', { name: 'Page 20' }));
    await page.getByRole('searchbox', { name: 'Find an IP' }).fill('10.20.3.23');
    await visible(page.getByText('1 of 998 IPs'));
    await page.getByRole('searchbox', { name: 'Find an IP' }).fill('');

    const field = page.getByRole('textbox', { name: 'Add IPs' });
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/rpc/AddIPsToIpsets')) sent++;
    });
    await field.fill(`${addresses(3, 2000)}, 10.20.0.1`);
    const status = page.getByTestId('ip-list-status');
    await visible(status.getByText('1 entry is in the set already.'));
    await visible(status.getByText('3 new IPs: the set will hold 1001 of 1000.'));
    await page.getByRole('button', { name: 'Add IPs' }).click();
    await visible(page.getByText('An IP set holds at most 1000 IPs'));
    expect(sent).toBe(0);

    // Another tab adds one meanwhile: this page still counts 998, the server refuses the second of two.
    expect((await e2e.server.rpc('AddIPsToIpsets', { p_ipset: id, p_ips: '10.99.0.1' }, token)).status).toBe(200);
    await field.fill(addresses(2, 2000));
    await visible(status.getByText('2 new IPs: the set will hold 1000 of 1000.'));
    await page.getByRole('button', { name: 'Add IPs' }).click();
    await visible(
      page.getByText('An IP set holds at most 1000 IPs: Remove addresses first, use CIDR blocks, or make a second IP set'),
    );
    expect(sent).toBe(1);
    await field.fill(addresses(1, 2000));
    await page.getByRole('button', { name: 'Add IPs' }).click();
    await visible(page.getByText('1 IP added: the set holds 1000'));
    await visible(main().getByText('1000 of 1000'));
  });
});

describe('editing a set', () => {
  test('renames it and changes its comment through the edit dialog (PATCH)', async () => {
    const id = await apiIpset('rename-me', '192.0.2.1');
    await page.goto(`/ipsets/${id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const d = dialog('Edit the IP set rename-me');
    await d.getByLabel('Name', { exact: true }).fill('renamed set');
    await d.getByRole('button', { name: 'Save' }).click();
    await visible(d.getByText('IP set name cannot contain spaces'));
    await d.getByLabel('Name', { exact: true }).fill('renamed-set');
    await d.getByLabel('Comment').fill('Backup office');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/api/MyIpsets?ipset=eq.${id}`));
    await d.getByRole('button', { name: 'Save' }).click();
    expect((await patch).postDataJSON()).toEqual({ name: 'renamed-set', comment: 'Backup office' });
    await visible(page.getByRole('heading', { level: 1, name: 'IP set renamed-set' }));
    await visible(main().getByText('Backup office'));
    const row = (await e2e.server.get(`MyIpsets?ipset=eq.${id}`, token)).body[0];
    expect(row).toMatchObject({ name: 'renamed-set', comment: 'Backup office' });
    // A name another set has shows on the field.
    await apiIpset('taken-name');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const again = dialog('Edit the IP set renamed-set');
    await again.getByLabel('Name', { exact: true }).fill('taken-name');
    await again.getByRole('button', { name: 'Save' }).click();
    await visible(again.getByText('An IP set of this name exists already'));
  });

  test('removes the selected IPs after a confirmation', async () => {
    const id = await apiIpset('trim-me', '192.0.2.1, 192.0.2.2, 192.0.2.3');
    await page.goto(`/ipsets/${id}`);
    await page.getByRole('checkbox', { name: 'Select 192.0.2.1' }).check();
    await page.getByRole('checkbox', { name: 'Select 192.0.2.3' }).check();
    await page.getByRole('button', { name: 'Remove selected' }).click();
    const d = dialog('Remove 2 IPs from the set?');
    await visible(d.getByText('192.0.2.3'));
    await d.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(page.getByText('2 IPs removed: the set holds 1'));
    const entries = await e2e.server.rpc('GetIPsFromIpset', { p_ipset: id }, token);
    expect((entries.body as { ip: string }[]).map((e) => e.ip)).toEqual(['192.0.2.2']);
  });
});

describe('a set a firewall rule names', () => {
  test('cannot be detached or deleted, and the server’s Firewall tab is linked', async () => {
    const vm = await newServer('ipset-rule-1');
    const id = await apiIpset('in-use', '192.0.2.50');
    expect((await e2e.server.rpc('AddIpsetToVMs', { p_ipset: id, p_provisioned_ids: [vm] }, token)).status).toBe(200);
    const revision = (await e2e.server.get(`MyVMs2?provisioned_id=eq.${vm}`, token)).body[0].firewall_revision as number;
    const rule = { source_ipset: id, proto: 'tcp', dport: '22', action: 'ACCEPT' };
    const saved = await e2e.server.rpc(
      'AddFirewallRule',
      { p_provisioned_id: vm, p_rules: [rule], p_block_others: false, p_revision: revision },
      token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await page.goto(`/ipsets/${id}`);
    await page.getByRole('button', { name: 'Detach from ipset-rule-1' }).click();
    const d = dialog('Detach in-use from ipset-rule-1?');
    await d.getByRole('button', { name: 'Detach', exact: true }).click();
    await visible(d.getByText('A firewall rule uses this IP set'));
    const link = d.getByRole('link', { name: 'Firewall of ipset-rule-1' });
    expect(await link.getAttribute('href')).toBe(`/servers/server-details/${vm}?tab=firewall`);
    await page.keyboard.press('Escape');
    await hidden(d);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const del = dialog('Delete the IP set in-use?');
    await visible(del.getByText('It is detached from its server first.'));
    await del.getByRole('button', { name: 'Delete IP set' }).click();
    await visible(del.getByRole('link', { name: 'Firewall of ipset-rule-1' }));
    expect(await del.getByRole('button', { name: 'Delete IP set' }).count()).toBe(0);
    await del.getByRole('link', { name: 'Firewall of ipset-rule-1' }).click();
    await onPath(page, `/servers/server-details/${vm}`);
  });

  test('a set no rule names is deleted from its page, and the list no longer has it', async () => {
    const id = await apiIpset('short-lived', '192.0.2.60');
    await page.goto(`/ipsets/${id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog('Delete the IP set short-lived?').getByRole('button', { name: 'Delete IP set' }).click();
    await onPath(page, '/ipsets');
    await visible(page.getByText('IP set short-lived deleted'));
    expect(await page.getByTestId('ipset-row').filter({ hasText: 'short-lived' }).count()).toBe(0);
  });
});

describe('addresses that are no set', () => {
  test('an unknown or malformed id shows that the set does not exist', async () => {
    for (const path of ['/ipsets/999999', '/ipsets/office']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: 'IP set not found' }));
      await visible(page.getByText('This IP set does not exist'));
    }
    await page.getByRole('link', { name: 'All IP sets' }).click();
    await onPath(page, '/ipsets');
  });

  test('a sub-user without menu-see-ipsets cannot open /ipsets, and the API is never asked', async () => {
    const sub = await createSubUser(e2e.server, clientId, { claims: ['menu-see-cloud-servers'] });
    const { page: p } = await e2e.newPage();
    const asked: string[] = [];
    p.on('request', (r) => {
      if (/\/api\/(MyIpsets|ClientIpsetsVms|rpc\/GetIPsFromIpset)/.test(r.url())) asked.push(r.url());
    });
    await e2e.loginAs(p, sub.email, sub.password);
    for (const path of ['/ipsets', '/ipsets/1']) {
      await p.goto(path);
      await visible(p.getByRole('heading', { name: 'Not available to your user', level: 1 }));
      await visible(p.getByText('This page needs the permission', { exact: false }));
    }
    expect(asked).toEqual([]);
  });
});

describe('layout and language', () => {
  test('the list and a set read well at 390 px, in English and Polish', async () => {
    const id = await apiIpset('phone-set', addresses(60));
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const phoneToken = (await cookies(phone)).token;
    for (const lng of ['en', 'pl'] as const) {
      expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: lng }, phoneToken)).status).toBe(200);
      await phone.evaluate((l) => {
        document.cookie = `language=${l}; path=/; SameSite=Strict`;
      }, lng);
      await phone.goto('/ipsets');
      await visible(phone.getByRole('heading', { level: 1, name: tx(lng, 'network:ipsets.title') }));
      await settled(phone);
      expect(await languageProblems(phone, lng, `/ipsets ${lng}`)).toEqual([]);
      await shot(phone, `ipsets-list-390-${lng}`);
      await phone.goto(`/ipsets/${id}`);
      await visible(phone.getByRole('heading', { level: 1, name: tx(lng, 'network:ipset.title', { name: 'phone-set' }) }));
      await settled(phone);
      await phone.getByRole('textbox', { name: tx(lng, 'network:add_ips.label') }).fill('10.0.0.1, nope');
      expect(await languageProblems(phone, lng, `/ipsets/${id} ${lng}`)).toEqual([]);
      await shot(phone, `ipset-390-${lng}`);
    }
  });
});
