/**
 * A server's lifecycle tabs (issue 14) through the real browser as the demo owner, on servers made
 * for this file, against the simulated cluster (its tasks take a moment, so each operation's live
 * progress shows before its result): the boot order changed by keyboard and by drag with 'reboot
 * later' (kept after a reload), an upgrade to a higher model with its price before and after, a
 * disk resize refused three ways then done, a rebuild refused for a wrong name then run, a clone
 * paid from the balance that ends up running, a root password reset (mismatch, then success), a
 * Windows server's firmware and TPM, an IPv4 address assigned from the header; a sub-user who may
 * not order or delete is told so and never refused by the API; and the seven tabs at 390 px in two
 * long languages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '../../server/src/config.js';
import { createSubUser } from '../../server/test/factories.js';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, visible } from './helpers';
import { clippedButtons, horizontalOverflow, languageProblems, tx, type Lng } from './i18n-checks';

let e2e: E2E;
let page: Page;
let clientId = '';
/** Simulated cluster tasks take this long, so a running operation can be seen. */
const TASK_MS = 800;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  e2e = await startE2E({ vms: { ...defaults.vms, simTaskMs: TASK_MS } });
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  const owner = await e2e.server.db.owner.query<{ client_id: string }>(`SELECT client_id FROM users WHERE email = $1`, [
    DEMO_USERS.demo.email,
  ]);
  clientId = owner.rows[0]!.client_id;
}, 120_000);

afterAll(async () => {
  await e2e?.stop();
});

/** The servers the tests made, by name (the last describe revisits them on a phone). */
const made = new Map<string, number>();
let serial = 0;

/**
 * An unlocked server of the demo owner made for one test (running unless said), with a static IPv6
 * address of the Lisbon pool as provisioning gives every server; answers its id.
 */
async function newServer(
  name: string,
  over: { power?: 'RUNNING' | 'STOPPED'; model?: string; image?: string; ipv4?: string | null } = {},
): Promise<number> {
  const { image, ...spec } = over;
  const { provisionedId } = await createTestVm(e2e.server.db, { clientId, name, power: 'RUNNING', ...spec });
  await e2e.server.db.owner.query(`UPDATE vms SET ipv6 = $2::inet WHERE provisioned_id = $1`, [
    provisionedId,
    `2a0e:1d80:10::${(0x6000 + provisionedId + serial++).toString(16)}`,
  ]);
  if (image) await e2e.server.db.owner.query(`UPDATE vms SET image_id = $2 WHERE provisioned_id = $1`, [provisionedId, image]);
  made.set(name, provisionedId);
  return provisionedId;
}

const dialog = () => page.getByRole('dialog');
const main = () => page.getByRole('main');
const status = (text: RegExp | string) => main().getByRole('status').filter({ hasText: text });

/** The live kinds each tab follows. */
const TAB_KINDS: Record<string, string[]> = {
  'boot-order': ['boot-order'],
  bios: ['tpm-update'],
  'reset-root-password': ['power'],
  upgrade: ['model-upgrade'],
  'resize-disk': ['resize'],
  rebuild: ['create'],
  clone: [],
};

/**
 * Opens a tab of a server's page and waits until its live connections are registered: a message
 * sent before that would reach no live view.
 */
async function openTab(id: number, tab: string, name: string): Promise<void> {
  const since = (await e2e.server.db.owner.query<{ now: Date }>(`SELECT now()`)).rows[0]!.now;
  await page.goto(`/servers/server-details/${id}?tab=${tab}`);
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
  const wanted = ['terminal', 'power', ...(TAB_KINDS[tab] ?? [])];
  await expect
    .poll(
      async () => {
        const r = await e2e.server.db.owner.query<{ kind: string }>(
          `SELECT DISTINCT kind FROM hub_connections WHERE active AND created_at > $1`,
          [since],
        );
        const kinds = new Set(r.rows.map((row) => row.kind));
        return wanted.filter((k) => !kinds.has(k));
      },
      { timeout: 20_000 },
    )
    .toEqual([]);
}

/** The server's row as the database has it. */
async function row(id: number) {
  const r = await e2e.server.db.owner.query<{
    boot_order: string;
    disk_gb: number;
    image_id: string;
    power_status: string;
    ipv4: string | null;
  }>(`SELECT boot_order, disk_gb, image_id, power_status, host(ipv4) AS ipv4 FROM vms WHERE provisioned_id = $1`, [id]);
  return r.rows[0]!;
}

describe('boot order', () => {
  test('reorders the devices by keyboard and by drag, saves with reboot later, and keeps the order after a reload', async () => {
    const id = await newServer('boot-e2e');
    await openTab(id, 'boot-order', 'boot-e2e');
    const current = page.getByTestId('boot-order-current');
    await visible(current.getByText('Boot order now: CD/DVD → SSD → NET'));
    const save = page.getByRole('button', { name: 'Save the boot order' });
    expect(await save.isDisabled()).toBe(true);

    // Keyboard: the arrow button is focused and pressed; the focus stays with the device.
    const ssdUp = page.getByRole('button', { name: 'Move SSD up' });
    await ssdUp.focus();
    await page.keyboard.press('Enter');
    await visible(page.getByText('SSD moved to position 1 of 3'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move SSD down');
    const order = () => page.getByTestId('boot-device').allInnerTexts();
    expect(
      (await order()).map((t) =>
        t
          .split('\n')
          .find((l) => /^(CD\/DVD|SSD|NET)$/.test(l.trim()))
          ?.trim(),
      ),
    ).toEqual(['SSD', 'CD/DVD', 'NET']);

    // Drag: NET by its handle onto the second row.
    await page.getByTestId('boot-drag-n').dragTo(page.getByTestId('boot-device').nth(1));
    expect(
      (await order()).map((t) =>
        t
          .split('\n')
          .find((l) => /^(CD\/DVD|SSD|NET)$/.test(l.trim()))
          ?.trim(),
      ),
    ).toEqual(['SSD', 'NET', 'CD/DVD']);

    await save.click();
    await visible(dialog().getByText('Apply the new boot order?'));
    await visible(dialog().getByText('New order: SSD → NET → CD/DVD.'));
    await visible(dialog().getByText(/The order applies when boot-e2e boots next/));
    await dialog().getByRole('button', { name: 'Reboot later' }).click();
    await hidden(dialog());
    await visible(status(/Boot order set to cnd: it applies at the next boot/), 20_000);
    expect((await row(id)).boot_order).toBe('cnd');
    // 'Later' reboots nothing: the server kept running.
    expect((await row(id)).power_status).toBe('RUNNING');

    await page.reload();
    await visible(current.getByText('Boot order now: SSD → NET → CD/DVD'));
  });
});

describe('upgrade', () => {
  test('shows the higher models with the prorated difference, upgrades after confirming and shows the new model and price', async () => {
    const id = await newServer('upgrade-e2e', { model: 'S1R2' });
    await openTab(id, 'upgrade', 'upgrade-e2e');
    await visible(main().getByText('Model S1R2: 1 core · 2 GB RAM · 25 GB disk'));
    const card = page.getByRole('radio', { name: /^S2R4/ });
    const cardText = await card.innerText();
    const price = /(€[\d.,]+) a month \(\+/.exec(cardText)?.[1];
    expect(price).toBeTruthy();
    expect(cardText).toMatch(/for the rest of this month \(\d+ days?\)/);
    await card.click();
    // The price difference to the month's end, before any confirmation.
    await visible(main().getByText(/for the rest of this month \(\d+ days?, .* to .*\), invoiced by day/));
    await page.getByRole('button', { name: 'Upgrade to S2R4' }).click();
    await visible(dialog().getByText('Upgrade upgrade-e2e to S2R4?'));
    await visible(dialog().getByText(new RegExp(`^Monthly price: €[\\d.,]+ → ${price!.replace('.', '\\.')}$`)));
    await visible(dialog().getByText(/A downgrade is not possible later/));
    await dialog().getByRole('button', { name: 'Upgrade and reboot' }).click();
    await hidden(dialog());
    await visible(status(/Server upgraded to S2R4/), 30_000);
    await visible(main().getByText('Model S2R4: 2 cores · 4 GB RAM · 50 GB disk'), 20_000);

    await page.getByRole('tab', { name: 'Cost Breakdown' }).click();
    const total = await page
      .getByRole('table', { name: 'Cost breakdown' })
      .getByRole('row', { name: /Total per month/ })
      .innerText();
    expect(total).toContain(price);
    // Invoiced by day: a 'change' invoice of the account.
    await page.goto('/billing');
    await visible(main().getByRole('cell', { name: 'Server change' }).first(), 20_000);
  });

  test('the largest model has nothing to upgrade to, and says so', async () => {
    const id = await newServer('upgrade-top', { model: 'S16R64' });
    await openTab(id, 'upgrade', 'upgrade-top');
    await visible(main().getByText('No higher model'));
    await visible(main().getByText(/S16R64 is the largest model of its kind at this location/));
  });
});

describe('disk resize', () => {
  test('refuses a lower size, more than 1000 GB and a size that is not a whole number, then grows the disk', async () => {
    const id = await newServer('resize-e2e');
    await openTab(id, 'resize-disk', 'resize-e2e');
    const before = (await row(id)).disk_gb;
    await visible(main().getByText(`Disk now: ${before} GB`));
    await visible(main().getByText(/Disk space costs €0\.03 per GB a month/));
    const size = page.getByRole('textbox', { name: 'New total disk size' });
    const submit = page.getByRole('button', { name: 'Resize disk', exact: true });

    await size.fill(String(before - 5));
    await submit.click();
    await visible(main().getByText('New disk size must be higher than the current one'));
    await size.fill('1500');
    await submit.click();
    await visible(main().getByText('Max total disk size of 1000 GB exceeded'));
    await visible(main().getByText(/needs a free manual migration to a larger storage, with a short downtime/));
    await visible(main().getByRole('link', { name: 'Open a support ticket' }));
    await size.fill('12.5');
    await submit.click();
    await visible(main().getByText('amount invalid', { exact: true }));
    expect(await dialog().count()).toBe(0);

    const target = before + 15;
    await size.fill(String(target));
    await visible(main().getByText(`+15 GB: €0.45 more a month.`));
    await submit.click();
    await visible(dialog().getByText(`Grow the disk of resize-e2e to ${target} GB?`));
    await visible(dialog().getByText(/A disk cannot shrink again/));
    await dialog().getByRole('button', { name: 'Resize the disk' }).click();
    await hidden(dialog());
    await visible(main().getByText(`Disk resize to ${target} GB scheduled`), 20_000);
    await visible(main().getByText(`Disk now: ${target} GB`), 30_000);
    expect((await row(id)).disk_gb).toBe(target);
  });
});

describe('rebuild', () => {
  test('refuses a wrong name, then erases and installs the chosen image', async () => {
    const id = await newServer('rebuild-e2e');
    await openTab(id, 'rebuild', 'rebuild-e2e');
    await visible(main().getByText('All data is erased'));
    // A Windows image needs a Windows optimised model: offered, but not choosable here.
    await page.getByRole('combobox', { name: 'System image' }).click();
    const windows = page.getByRole('option', { name: /Windows Server 2022 \(needs a Windows optimised model\)/ });
    expect(await windows.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: 'Ubuntu 24.04 LTS' }).click();
    await page.getByLabel('New password for root').fill('rebuild-pass-1');
    await page.getByLabel('Repeat the password').fill('rebuild-pass-1');
    const name = page.getByRole('textbox', { name: 'Type rebuild-e2e to confirm' });
    await name.fill('rebuild-e3e');
    const submit = page.getByRole('button', { name: 'Erase and rebuild' });
    await submit.click();
    await visible(main().getByText('The name typed is not the server’s name'));
    expect((await row(id)).image_id).not.toBe('ubuntu-24.04');

    await name.fill('rebuild-e2e');
    await submit.click();
    await visible(
      status(/Rebuild with Ubuntu 24.04 LTS requested|Rebuilding the server|Stopping the server|Erasing the server/),
      20_000,
    );
    await visible(status(/Server rebuilt with Ubuntu 24.04 LTS/), 40_000);
    expect((await row(id)).image_id).toBe('ubuntu-24.04');
  });
});

describe('clone', () => {
  test('orders a copy paid from the balance, which ends up running', async () => {
    const id = await newServer('clone-src');
    await openTab(id, 'clone', 'clone-src');
    const name = page.getByRole('textbox', { name: 'Name of the new server' });
    expect(await name.inputValue()).toBe('clone-src-clone');
    await name.fill('bad name');
    await page.getByRole('button', { name: 'Order the copy' }).click();
    await visible(main().getByText('Hostname may contain only letters, digits, - and .'));
    await name.fill('clone-e2e');
    expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).toMatch(/^S1R2, as this server/);
    await page.getByRole('radio', { name: 'Balance' }).check({ force: true });
    await page.getByRole('button', { name: 'Order the copy' }).click();
    await visible(main().getByText(/^Order \d+: clone-e2e is being made/), 20_000);
    await expect
      .poll(
        async () =>
          (
            await e2e.server.db.owner.query<{ power_status: string }>(
              `SELECT power_status FROM vms WHERE name = 'clone-e2e' AND state = 'active'`,
            )
          ).rows[0]?.power_status,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('RUNNING');
    await main().getByRole('link', { name: 'Go to the cloud servers' }).click();
    await visible(main().getByText('clone-e2e', { exact: true }).first(), 20_000);
    // The source kept running.
    expect((await row(id)).power_status).toBe('RUNNING');
  });
});

describe('root password', () => {
  test('says the passwords do not match, then sets the new one and says to log in as root', async () => {
    const id = await newServer('password-e2e');
    await openTab(id, 'reset-root-password', 'password-e2e');
    const submit = page.getByRole('button', { name: 'Set the password' });
    await submit.click();
    await visible(main().getByText('Root password is empty', { exact: true }));
    await visible(main().getByText('Confirm root password is empty'));
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('first-pass-1');
    await submit.click();
    await hidden(main().getByText('Root password is empty', { exact: true }));
    await visible(main().getByText('Confirm root password is empty'));
    await page.getByLabel('Repeat the password').fill('other-pass-2');
    await submit.click();
    await visible(main().getByText("Passwords don't match"));
    await page.getByLabel('Repeat the password').fill('first-pass-1');
    await submit.click();
    await visible(main().getByText('The new password is being set. Once it is done, log in as root with it.'));
    await visible(status('Password set: log in as root with the new password.'), 20_000);
  });

  test('a stopped server cannot have its password reset, and says why', async () => {
    const id = await newServer('password-off', { power: 'STOPPED' });
    await openTab(id, 'reset-root-password', 'password-off');
    await visible(main().getByText('The server must be running: its system sets the password'));
    expect(await page.getByRole('button', { name: 'Set the password' }).isDisabled()).toBe(true);
  });
});

describe('firmware and TPM', () => {
  test('a stopped Windows server switches to UEFI and gets a TPM 2.0; a Linux server is told the tab is for Windows', async () => {
    const id = await newServer('win-e2e', { power: 'STOPPED', image: 'windows-2022', model: 'S2R4' });
    await openTab(id, 'bios', 'win-e2e');
    await visible(main().getByText('Firmware: SeaBIOS (legacy BIOS)'));
    await page.getByRole('radio', { name: 'OVMF (UEFI)' }).check({ force: true });
    await page.getByRole('button', { name: 'Switch the firmware' }).click();
    await visible(dialog().getByText('Switch the firmware to OVMF (UEFI)?'));
    await dialog().getByRole('button', { name: 'Switch the firmware' }).click();
    await hidden(dialog());
    await visible(main().getByText('Firmware: OVMF (UEFI)'), 20_000);

    const tpm = page.getByRole('switch', { name: 'TPM 2.0' });
    await expect.poll(() => tpm.isEnabled(), { timeout: 10_000 }).toBe(true);
    await tpm.click({ force: true });
    await dialog().getByRole('button', { name: 'Add the TPM' }).click();
    await hidden(dialog());
    await visible(main().getByText('TPM 2.0: added'), 20_000);

    await openTab(made.get('boot-e2e')!, 'bios', 'boot-e2e');
    await visible(main().getByText('For Windows servers only'));
  });
});

describe('IPv4 address', () => {
  test('a server without one is offered one where its addresses show, with its price, for good', async () => {
    const id = await newServer('ipv4-e2e');
    await openTab(id, 'graphs', 'ipv4-e2e');
    await page.getByRole('button', { name: 'Assign IPv4' }).click();
    await visible(dialog().getByText('Assign an IPv4 address to ipv4-e2e?'));
    await visible(dialog().getByText(/^An IPv4 address costs €[\d.]+ a month\.$/));
    await visible(dialog().getByText('The address stays with the server: it cannot be detached afterwards.'));
    await dialog().getByRole('button', { name: 'Assign the address' }).click();
    await hidden(dialog());
    await visible(main().getByText(/^185\.66\.10\.\d+$/), 30_000);
    expect(await page.getByRole('button', { name: 'Assign IPv4' }).count()).toBe(0);
    expect((await row(id)).ipv4).toMatch(/^185\.66\.10\.\d+$/);
  });
});

describe('a sub-user who may see the servers but not order or delete', () => {
  test('sees every lifecycle tab, is told which ones need a permission, and the API refuses it nothing', async () => {
    const sub = await createSubUser(e2e.server, clientId, { claims: ['menu-see-cloud-servers'] });
    const { page: subPage } = await e2e.newPage();
    const refused: string[] = [];
    subPage.on('response', (r) => {
      if (r.url().includes('/api/') && (r.status() === 401 || r.status() === 403))
        refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await e2e.loginAs(subPage, sub.email, sub.password);
    const server = made.get('password-e2e')!;
    const needs = (permission: string) =>
      subPage.getByText(`This tab needs the permission “${permission}”. Ask the account owner to grant it on the Users page.`);
    for (const [tab, shown] of [
      ['boot-order', subPage.getByRole('button', { name: 'Save the boot order' })],
      ['reset-root-password', subPage.getByRole('button', { name: 'Set the password' })],
      ['bios', subPage.getByText('For Windows servers only')],
      ['upgrade', needs('Billing, payments and orders')],
      ['resize-disk', needs('Billing, payments and orders')],
      ['rebuild', needs('Deleting servers')],
      ['clone', needs('Billing, payments and orders')],
    ] as const) {
      await subPage.goto(`/servers/server-details/${server}?tab=${tab}`);
      await visible(shown);
    }
    // No IPv4 address is offered to a user who may not order: it is billed.
    const noIp = await newServer('ipv4-sub');
    await subPage.goto(`/servers/server-details/${noIp}`);
    await visible(subPage.getByRole('heading', { level: 1, name: 'ipv4-sub' }));
    expect(await subPage.getByRole('button', { name: 'Assign IPv4' }).count()).toBe(0);
    expect(refused).toEqual([]);
    await subPage.close();
  });
});

describe('on a phone, in long languages', () => {
  test.each(['fi', 'pl'] as Lng[])(
    '%s at 390 px: the seven tabs show no English, no key, no clipped button, no sideways scroll',
    async (lng) => {
      const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      const token = (await cookies(phone)).token;
      expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: lng }, token)).status).toBe(200);
      await phone.evaluate((l) => {
        document.cookie = `language=${l}; path=/; SameSite=Strict`;
      }, lng);
      const server = made.get('boot-e2e')!;
      const visits: Array<[string, string]> = [
        ['boot-order', tx(lng, 'servers:boot_order.title')],
        ['reset-root-password', tx(lng, 'servers:root_password.password')],
        ['bios', tx(lng, 'servers:bios.title')],
        ['upgrade', tx(lng, 'servers:upgrade.current_title')],
        ['resize-disk', tx(lng, 'servers:resize.size_label')],
        ['rebuild', tx(lng, 'servers:rebuild.erase_title')],
        ['clone', tx(lng, 'servers:clone.name_label')],
      ];
      const problems: string[] = [];
      for (const [tab, text] of visits) {
        const path = `/servers/server-details/${server}?tab=${tab}`;
        await phone.goto(path);
        await phone.waitForFunction((l) => document.documentElement.lang === l, lng);
        await visible(phone.getByRole('heading', { level: 1, name: 'boot-e2e', exact: true }));
        await visible(phone.getByText(text).first());
        problems.push(...(await languageProblems(phone, lng, path)));
        problems.push(...(await clippedButtons(phone)).map((b) => `${path}: clipped button ${b}`));
        const overflow = await horizontalOverflow(phone);
        if (overflow > 0) problems.push(`${path}: ${overflow} px wider than the window`);
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});
