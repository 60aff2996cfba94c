/**
 * The Firewall tab and port forwarding through the real browser, on servers made for this file.
 * The simulated cluster takes a few seconds per firewall batch here, so the batch can be seen
 * running before its result. Two rules and 'block everything else' are saved as one batch that
 * the cluster really holds afterwards; a bad port is refused in the form and nothing is sent; a
 * save the server refuses (an IP set detached meanwhile) and a batch the cluster fails (its
 * failure injection) both show 'Problem saving changes?' and their Retry works; rules saved
 * elsewhere meanwhile are announced with a reload; a sub-user without vm-settings-firewall is told
 * which permission the tab needs; port forwards are added and deleted on a server without IPv4;
 * and the tab at 390 px in Finnish.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { LOCAL_KEYS } from '@portside/contract/constants';
import { loadConfig } from '../../server/src/config.js';
import { createSimulatorHypervisor } from '../../server/src/drivers/hypervisor/simulator.js';
import { createSubUser, idsOf } from '../../server/test/factories.js';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, cookies, hidden, messagesOf, settled, shot, useScheme, visible, type Scheme } from './helpers';
import { languageProblems, tx } from './i18n-checks';

let e2e: E2E;
let page: Page;
let clientId: string;
let token: string;
/** The cluster saves a firewall batch in this long here (about 40 s on real hardware). */
const FIREWALL_MS = 2_500;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  e2e = await startE2E({ network: { ...defaults.network, simFirewallMs: FIREWALL_MS } });
  clientId = (await idsOf(e2e.server, DEMO_USERS.demo.email)).clientId;
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  token = (await cookies(page)).token!;
}, 120_000);

afterAll(async () => e2e?.stop());

/** A running server of the demo owner made for one test: its id and the cluster's vmid. */
async function newServer(name: string, ipv4: string | null = null): Promise<{ id: number; vmid: number }> {
  const { provisionedId, vmid } = await createTestVm(e2e.server.db, { clientId, name, power: 'RUNNING', ipv4 });
  return { id: provisionedId, vmid };
}

const main = () => page.getByRole('main');
const dialog = () => page.getByRole('dialog');
const rows = () => main().getByTestId('firewall-rule');

/** Opens the Firewall tab and waits until its live connections are registered (a message sent before would be missed). */
async function openFirewall(id: number, name: string, kinds: string[] = ['terminal', 'power']): Promise<void> {
  const since = (await e2e.server.db.owner.query<{ now: Date }>(`SELECT now()`)).rows[0]!.now;
  await page.goto(`/servers/server-details/${id}?tab=firewall`);
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
  await visible(main().getByRole('heading', { level: 2, name: 'Inbound firewall rules' }));
  await expect
    .poll(
      async () => {
        const r = await e2e.server.db.owner.query<{ kind: string }>(
          `SELECT DISTINCT kind FROM hub_connections WHERE active AND created_at > $1`,
          [since],
        );
        const have = new Set(r.rows.map((row) => row.kind));
        return kinds.filter((k) => !have.has(k));
      },
      { timeout: 20_000 },
    )
    .toEqual([]);
}

/** Fills the rule dialog (it is open) and adds the rule to the draft. */
async function addRule(r: {
  source?: string;
  ipset?: string;
  proto?: string;
  dport?: string;
  action?: 'ACCEPT' | 'DROP';
  comment?: string;
}) {
  await main().getByRole('button', { name: 'Add rule' }).click();
  const d = dialog();
  await visible(d.getByRole('heading', { name: 'Add a firewall rule' }));
  if (r.ipset) {
    await d.getByRole('radio', { name: 'IP set' }).check();
    await d.getByRole('combobox', { name: 'IP set' }).click();
    await page.getByRole('option', { name: r.ipset }).click();
  } else if (r.source) {
    await d.getByRole('textbox', { name: 'Source IP' }).fill(r.source);
  }
  if (r.proto) {
    await d.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('option', { name: r.proto, exact: true }).click();
  }
  if (r.dport) await d.getByRole('textbox', { name: 'Destination port' }).fill(r.dport);
  if (r.action) await d.getByRole('radio', { name: r.action }).check();
  if (r.comment) await d.getByRole('textbox', { name: 'Comment' }).fill(r.comment);
  await d.getByRole('button', { name: 'Add to the draft' }).click();
  await hidden(d);
}

/** The firewall calls the page makes from now on. */
function recordSaves(): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (/\/api\/rpc\/(AddFirewallRule|DeleteFirewallRule)$/.test(r.url())) sent.push(r);
  });
  return sent;
}

/** Waits until the last batch is over: no rule pending, the cluster's revision caught up. */
async function batchDone(id: number): Promise<void> {
  await visible(
    main()
      .getByRole('status')
      .filter({ hasText: /^Firewall rules saved/ }),
    20_000,
  );
  await expect.poll(() => rows().getByText('Pending', { exact: true }).count(), { timeout: 20_000 }).toBe(0);
  const r = await e2e.server.db.owner.query<{ rev: number; applied: number }>(
    `SELECT firewall_revision AS rev, firewall_applied_revision AS applied FROM vms WHERE provisioned_id = $1`,
    [id],
  );
  expect(r.rows[0]!.applied).toBe(r.rows[0]!.rev);
}

describe('the firewall draft, saved as one batch', () => {
  test('two rules and block everything else are saved in one call, run as a batch and hold after a reload', async () => {
    const { id, vmid } = await newServer('fw-e2e', '185.66.10.77');
    await openFirewall(id, 'fw-e2e');
    await visible(main().getByText('No firewall rules: all inbound traffic is allowed'));
    // A server with its own IPv4 address is reached on it: port forwarding says so in one line.
    await visible(main().getByText(/This server has its own public IPv4 address 185\.66\.10\.77/));
    const sent = recordSaves();

    await addRule({ source: '203.0.113.0/24', dport: '22', comment: 'office ssh' });
    await visible(main().getByRole('status').filter({ hasText: 'Unsaved changes' }));
    await addRule({ dport: '8000-8100', comment: 'web' });
    await expect.poll(() => rows().count()).toBe(2);
    await visible(rows().nth(1).getByText('8000:8100'));
    // Moved by keyboard: the second rule goes first, and the focus stays on its button.
    await main().getByRole('button', { name: 'Move rule 2 up' }).focus();
    await page.keyboard.press('Enter');
    await visible(rows().first().getByText('web'));
    await visible(page.getByText('Rule 2 moved to position 1 of 2'));
    await page.getByRole('switch', { name: 'Block everything else' }).check();
    expect(sent).toHaveLength(0);
    await shot(page, 'firewall-draft-1280');

    await main().getByRole('button', { name: 'Save changes' }).click();
    // The batch runs: its live line (about 40 seconds on real hardware) and pending rows.
    await visible(
      main()
        .getByRole('status')
        .filter({ hasText: /Saving 2 firewall rules|Operation in progress/ }),
    );
    await visible(rows().first().getByText('Pending', { exact: true }));
    await batchDone(id);
    await visible(main().getByText('Firewall rules saved: 2 rules, everything else blocked'));
    expect(sent).toHaveLength(1);
    const body = sent[0]!.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ p_provisioned_id: id, p_block_others: true, p_revision: 0 });
    expect(body.p_rules).toEqual([
      { dport: '8000:8100', proto: 'tcp', action: 'ACCEPT', comment: 'web' },
      { source: '203.0.113.0/24', dport: '22', proto: 'tcp', action: 'ACCEPT', comment: 'office ssh' },
    ]);
    // The cluster holds them, in that order, with the inbound policy DROP.
    const sim = createSimulatorHypervisor(e2e.server.db.owner);
    expect((await sim.firewallRules(vmid)).map((r) => [r.source, r.dport])).toEqual([
      ['', '8000:8100'],
      ['203.0.113.0/24', '22'],
    ]);
    expect((await sim.firewallOptions(vmid)).policyIn).toBe('DROP');

    await page.reload();
    await visible(main().getByRole('heading', { level: 2, name: 'Inbound firewall rules' }));
    await expect.poll(() => rows().count()).toBe(2);
    await visible(rows().first().getByText('web'));
    expect(await page.getByRole('switch', { name: 'Block everything else' }).isChecked()).toBe(true);
    expect(await main().getByText('Unsaved changes').count()).toBe(0);
  });

  test('a bad port or source shows Invalid data on its field, and nothing is sent', async () => {
    const { id } = await newServer('fw-invalid');
    await openFirewall(id, 'fw-invalid', ['terminal', 'power', 'port-forwarding']);
    const sent = recordSaves();
    await main().getByRole('button', { name: 'Add rule' }).click();
    const d = dialog();
    await d.getByRole('textbox', { name: 'Source IP' }).fill('10.0.0.1/24');
    const dport = d.getByRole('textbox', { name: 'Destination port' });
    await dport.fill('70000');
    await d.getByRole('button', { name: 'Add to the draft' }).click();
    await visible(d.getByRole('alert').filter({ hasText: 'Invalid data' }));
    expect(await messagesOf(dport)).toContain('Invalid data: a port is 1 to 65535, a range is written 1000:2000');
    expect(await messagesOf(d.getByRole('textbox', { name: 'Source IP' }))).toContain(
      'Invalid data: source IP must be an address, a CIDR block, an IP set or empty for all',
    );
    await visible(d.getByText('Destination port: Invalid data: a port is 1 to 65535, a range is written 1000:2000'));
    // A port needs TCP or UDP.
    await dport.fill('53');
    await d.getByRole('textbox', { name: 'Source IP' }).fill('10.0.0.0/24');
    await d.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('option', { name: 'ICMP', exact: true }).click();
    await d.getByRole('button', { name: 'Add to the draft' }).click();
    await expect
      .poll(() => messagesOf(d.getByRole('combobox', { name: 'Protocol' })))
      .toContain('Ports need the protocol TCP or UDP');
    await d.getByRole('button', { name: 'Cancel' }).click();
    await hidden(d);
    expect(await rows().count()).toBe(0);
    expect(sent).toHaveLength(0);
  });
  test('an address of My IPs fills the source in one pick', async () => {
    expect((await e2e.server.rpc('MyIPAdd', { p_address: '203.0.113.50', p_comment: 'home office' }, token)).status).toBe(200);
    const { id } = await newServer('fw-myips', '185.66.10.82');
    await openFirewall(id, 'fw-myips');
    await main().getByRole('button', { name: 'Add rule' }).click();
    const d = dialog();
    await d.getByRole('button', { name: 'Use one of my IPs' }).click();
    await page.getByRole('menuitem', { name: /203\.0\.113\.50\s*home office/ }).click();
    expect(await d.getByRole('textbox', { name: 'Source IP' }).inputValue()).toBe('203.0.113.50');
    await d.getByRole('textbox', { name: 'Destination port' }).fill('3389');
    await d.getByRole('button', { name: 'Add to the draft' }).click();
    await hidden(d);
    await visible(rows().first().getByText('203.0.113.50'));
  });
});

describe('when saving fails', () => {
  test('a save the server refuses shows Problem saving changes?, and Retry sends the same draft again', async () => {
    const { id } = await newServer('fw-refused', '185.66.10.78');
    const set = await e2e.server.rpc('CreateIpset', { p_name: 'e2e-office', p_ips: '198.51.100.0/24, 192.0.2.7' }, token);
    expect(set.status).toBe(200);
    const ipset = Number(set.body.ipset);
    const attach = () => e2e.server.rpc('AddIpsetToVMs', { p_ipset: ipset, p_provisioned_ids: [id] }, token);
    expect((await attach()).status).toBe(200);
    await openFirewall(id, 'fw-refused');
    const sent = recordSaves();
    await addRule({ ipset: 'e2e-office', dport: '22', comment: 'from the office' });
    await visible(rows().first().getByRole('link', { name: 'IP set e2e-office' }));

    // Meanwhile the set is detached (no saved rule names it yet, so the API allows it).
    expect((await e2e.server.rpc('DeleteIpsetFromVMs', { p_ipset: ipset, p_provisioned_ids: [id] }, token)).status).toBe(200);
    await main().getByRole('button', { name: 'Save changes' }).click();
    const problem = main().getByRole('alert').filter({ hasText: 'Problem saving changes?' });
    await visible(problem);
    await visible(problem.getByText(/This IP set is not attached to the server/));
    await shot(page, 'firewall-problem-1280');
    // The draft is kept.
    await visible(rows().first().getByText('Unsaved', { exact: true }));

    expect((await attach()).status).toBe(200);
    await problem.getByRole('button', { name: 'Retry' }).click();
    await batchDone(id);
    await hidden(problem);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.postDataJSON()).toEqual(sent[0]!.postDataJSON());
    await visible(rows().first().getByRole('link', { name: 'IP set e2e-office' }));
  });

  test('a batch the cluster fails shows Problem saving changes?, and Retry applies the saved rules', async () => {
    const { id, vmid } = await newServer('fw-failing', '185.66.10.79');
    await openFirewall(id, 'fw-failing');
    await addRule({ source: '192.0.2.0/24', dport: '443', action: 'DROP', comment: 'blocked range' });
    const sim = createSimulatorHypervisor(e2e.server.db.owner);
    await sim.failNextTask(vmid, 'firewall update refused by the test');
    await main().getByRole('button', { name: 'Save changes' }).click();
    const problem = main().getByRole('alert').filter({ hasText: 'Problem saving changes?' });
    await visible(problem, 20_000);
    await visible(problem.getByText('The firewall did not take the last saved rules, so they are not in force.'));
    await visible(rows().first().getByText('Not applied', { exact: true }));
    expect(await sim.firewallRules(vmid)).toEqual([]);

    await problem.getByRole('button', { name: 'Retry' }).click();
    await batchDone(id);
    await hidden(problem);
    expect((await sim.firewallRules(vmid)).map((r) => [r.action, r.source, r.dport])).toEqual([['DROP', '192.0.2.0/24', '443']]);
  });

  test('rules saved elsewhere meanwhile are announced, and Reload shows them', async () => {
    const { id } = await newServer('fw-changed', '185.66.10.80');
    await openFirewall(id, 'fw-changed');
    await addRule({ dport: '25', action: 'DROP', comment: 'no mail' });
    const other = await e2e.server.rpc(
      'AddFirewallRule',
      {
        p_provisioned_id: id,
        p_rules: [{ proto: 'udp', dport: '53', action: 'ACCEPT', comment: 'dns' }],
        p_block_others: false,
        p_revision: 0,
      },
      token,
    );
    expect(other.status).toBe(200);
    const changed = main().getByRole('alert').filter({ hasText: 'The firewall rules were changed meanwhile' });
    await visible(changed, 20_000);
    expect(await main().getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await changed.getByRole('button', { name: 'Reload the rules' }).click();
    await hidden(changed);
    await expect.poll(() => rows().count()).toBe(1);
    await visible(rows().first().getByText('dns'));
  });
});

describe('delete all rules', () => {
  test('asks first, then removes every rule in one batch', async () => {
    const { id, vmid } = await newServer('fw-delete', '185.66.10.81');
    const saved = await e2e.server.rpc(
      'AddFirewallRule',
      {
        p_provisioned_id: id,
        p_rules: [
          { proto: 'tcp', dport: '22', action: 'ACCEPT' },
          { proto: 'icmp', action: 'ACCEPT' },
        ],
        p_block_others: false,
        p_revision: 0,
      },
      token,
    );
    expect(saved.status).toBe(200);
    await e2e.server.jobsIdle();
    await openFirewall(id, 'fw-delete');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(2);
    await main().getByRole('button', { name: 'Delete all rules' }).click();
    await visible(dialog().getByRole('heading', { name: 'Delete every firewall rule of fw-delete?' }));
    await dialog().getByRole('button', { name: 'Delete 2 rules' }).click();
    await hidden(dialog());
    await visible(main().getByText('No firewall rules: all inbound traffic is allowed'), 20_000);
    await expect
      .poll(async () => (await createSimulatorHypervisor(e2e.server.db.owner).firewallRules(vmid)).length, { timeout: 20_000 })
      .toBe(0);
  });
});

describe('a sub-user without vm-settings-firewall', () => {
  test('is told which permission the tab needs, and nothing is asked that the API would refuse', async () => {
    const { id } = await newServer('fw-sub');
    const sub = await createSubUser(e2e.server, clientId, { claims: ['menu-see-cloud-servers'] });
    const { page: subPage } = await e2e.newPage();
    const refused: string[] = [];
    subPage.on('response', (r) => {
      if (r.url().includes('/api/') && (r.status() === 401 || r.status() === 403)) refused.push(new URL(r.url()).pathname);
    });
    const asked: string[] = [];
    subPage.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await e2e.loginAs(subPage, sub.email, sub.password);
    await subPage.goto(`/servers/server-details/${id}?tab=firewall`);
    await visible(subPage.getByRole('heading', { level: 1, name: 'fw-sub' }));
    await visible(
      subPage.getByText('This tab needs the permission “Firewall rules”. Ask the account owner to grant it on the Users page.'),
    );
    expect(asked.filter((p) => /MyFirewallRules|GetPortForwardings|ClientIpsetsVms|MyIPs/.test(p))).toEqual([]);
    expect(refused).toEqual([]);
    await subPage.close();
  });
});

describe('port forwarding', () => {
  test('on a server without IPv4: a forward is added (the next free port), a taken port is named, and one is deleted after a confirmation', async () => {
    const { id } = await newServer('pf-e2e');
    await openFirewall(id, 'pf-e2e', ['terminal', 'power', 'port-forwarding']);
    const section = main().getByRole('region', { name: 'Port forwarding' });
    await visible(section.getByText('No port forwards'));
    await section.getByRole('textbox', { name: 'Internal port' }).fill('22');
    await section.getByRole('textbox', { name: 'Comment' }).fill('ssh');
    await section.getByRole('button', { name: 'Add port forward' }).click();
    const row = section.getByTestId('port-forward').filter({ hasText: 'ssh' });
    await visible(row);
    await visible(row.getByText(/^185\.66\.10\.1:\d+ → 10\.10\.\d+\.\d+:22$/));
    await visible(row.getByText('Active', { exact: true }), 20_000);
    // Destination NAT keeps the family: the server is reached on a private IPv4 address from its next boot on.
    await visible(section.getByText(/on its private IPv4 address 10\.10\.\d+\.\d+, which the server takes at its next boot/));
    const external = /185\.66\.10\.1:(\d+)/.exec(await row.innerText())![1]!;

    // The same external port again is refused on its field.
    await section.getByRole('textbox', { name: 'Internal port' }).fill('8080');
    const ext = section.getByRole('textbox', { name: 'External port' });
    await ext.fill(external);
    await section.getByRole('button', { name: 'Add port forward' }).click();
    await expect.poll(() => messagesOf(ext)).toContain('This external port is taken');
    await ext.fill('');
    await section.getByRole('button', { name: 'Add port forward' }).click();
    await expect.poll(() => section.getByTestId('port-forward').count()).toBe(2);

    await row.getByRole('button', { name: `Delete the port forward 185.66.10.1:${external}` }).click();
    await visible(dialog().getByRole('heading', { name: `Delete the port forward 185.66.10.1:${external}?` }));
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(row);
    await expect.poll(() => section.getByTestId('port-forward').count()).toBe(1);
  });
});

describe('accessibility', () => {
  test('the tab with saved and unsaved rules, port forwards and the rule dialog with its errors pass axe, light and dark', async () => {
    const { id } = await newServer('fw-axe');
    const saved = await e2e.server.rpc(
      'AddFirewallRule',
      {
        p_provisioned_id: id,
        p_rules: [{ proto: 'tcp', dport: '22', action: 'ACCEPT', comment: 'ssh' }],
        p_block_others: true,
        p_revision: 0,
      },
      token,
    );
    expect(saved.status).toBe(200);
    expect(
      (await e2e.server.rpc('AddPortForwarding', { p_provisioned_id: id, p_internal_port: 22, p_protocol: 'tcp' }, token)).status,
    ).toBe(200);
    await e2e.server.jobsIdle();
    await openFirewall(id, 'fw-axe', ['terminal', 'power', 'port-forwarding']);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    await addRule({ proto: 'ICMP', action: 'DROP', comment: 'no ping' });
    const problems: string[] = [];
    const check = async (where: string) => {
      for (const scheme of ['light', 'dark'] as Scheme[]) {
        await useScheme(page, scheme);
        await settled(page);
        for (const p of await a11yProblems(page, { coloursOnly: scheme === 'dark' }))
          problems.push(`${where} (${scheme}): ${p.rule} ${p.help} ${p.nodes.join('; ')}`);
      }
    };
    await check('firewall tab with a draft');
    await main().getByRole('button', { name: 'Add rule' }).click();
    await dialog().getByRole('textbox', { name: 'Destination port' }).fill('0');
    await dialog().getByRole('button', { name: 'Add to the draft' }).click();
    await visible(dialog().getByRole('alert').filter({ hasText: 'Invalid data' }));
    await check('rule dialog with errors');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(problems).toEqual([]);
  });
});

describe('on a phone, in Finnish', () => {
  test('the tab with rules and port forwards shows no English, no key, no clipped button, no sideways scroll', async () => {
    const { id } = await newServer('fw-phone');
    const saved = await e2e.server.rpc(
      'AddFirewallRule',
      {
        p_provisioned_id: id,
        p_rules: [
          { source: '203.0.113.0/24', proto: 'tcp', dport: '22', action: 'ACCEPT', comment: 'toimisto' },
          { proto: 'udp', sport: '1000:2000', dport: '53', action: 'DROP' },
        ],
        p_block_others: true,
        p_revision: 0,
      },
      token,
    );
    expect(saved.status).toBe(200);
    expect(
      (await e2e.server.rpc('AddPortForwarding', { p_provisioned_id: id, p_internal_port: 22, p_protocol: 'tcp' }, token)).status,
    ).toBe(200);
    await e2e.server.jobsIdle();
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const phoneToken = (await cookies(phone)).token;
    expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: 'fi' }, phoneToken)).status).toBe(200);
    // The terminal stays a collapsed line (it would open over the tab with the batch's messages).
    await phone.evaluate((key) => {
      document.cookie = 'language=fi; path=/; SameSite=Strict';
      localStorage.setItem(key, 'minimized');
    }, LOCAL_KEYS.terminalMinimized);
    // That line shows the newest message cut to its width, by design of the terminal.
    const mine = (problems: string[]) => problems.filter((p) => !p.includes(`clipped button ${tx('fi', 'terminal:open')}`));
    const path = `/servers/server-details/${id}?tab=firewall`;
    await phone.goto(path);
    await phone.waitForFunction(() => document.documentElement.lang === 'fi');
    await visible(phone.getByRole('heading', { level: 1, name: 'fw-phone' }));
    await visible(phone.getByRole('heading', { level: 2, name: tx('fi', 'firewall:title') }));
    await expect.poll(() => phone.getByTestId('firewall-rule').count(), { timeout: 20_000 }).toBe(2);
    await visible(phone.getByTestId('port-forward').first());
    await shot(phone, 'firewall-390-fi');
    expect(mine(await languageProblems(phone, 'fi', path))).toEqual([]);
    await phone.getByRole('button', { name: tx('fi', 'firewall:rule.add_button') }).click();
    await visible(phone.getByRole('dialog'));
    await shot(phone, 'firewall-rule-dialog-390-fi');
    expect(mine(await languageProblems(phone, 'fi', `${path} rule dialog`))).toEqual([]);
    await phone.close();
  });
});
