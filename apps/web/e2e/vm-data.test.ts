/**
 * A server's backups, snapshots and ISO image, and the Custom ISO page, through the real browser
 * as the demo owner, on servers made for this file. Simulated cluster tasks take a moment here, so
 * the live progress of each operation can be seen before its result: a snapshot taken and rolled
 * back (the later one deleted, as the confirmation said), backups enabled, one made now, protected,
 * restored over the server and restored to a new server ordered by bank transfer, an ISO image
 * downloaded from a local web server and by file upload, attached to a server and detached with
 * 'reboot later'; and the screens at 390 px in two long languages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '../../server/src/config.js';
import { isoImageBytes } from '../../server/src/modules/iso/iso-file.js';
import { createTestVm } from '../../server/test/vm-factories.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { clickWhenEnabled, cookies, hidden, visible } from './helpers';
import { clippedButtons, horizontalOverflow, languageProblems, tx, type Lng } from './i18n-checks';

let e2e: E2E;
let page: Page;
let isoServer: http.Server;
let isoBase = '';
/** Simulated cluster tasks take this long, so a running operation can be seen. */
const TASK_MS = 1_200;

beforeAll(async () => {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  e2e = await startE2E({
    vms: { ...defaults.vms, simTaskMs: TASK_MS },
    // The ISO below is served from loopback, which real downloads may not reach.
    iso: { ...defaults.iso, allowPrivateUrls: true },
  });
  isoServer = http.createServer((req, res) => {
    if (req.url === '/images/rescue.iso') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(isoImageBytes(64 * 1024));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => isoServer.listen(0, '127.0.0.1', resolve));
  isoBase = `http://127.0.0.1:${(isoServer.address() as AddressInfo).port}`;
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => isoServer?.close(resolve));
  await e2e?.stop();
});

/** The servers the tests made, by name (the last describe revisits them on a phone). */
const made = new Map<string, number>();

/** A running, unlocked server of the demo owner, made for one test; answers its id. */
async function newServer(name: string): Promise<number> {
  const owner = await e2e.server.db.owner.query<{ client_id: string }>(`SELECT client_id FROM users WHERE email = $1`, [
    DEMO_USERS.demo.email,
  ]);
  const { provisionedId } = await createTestVm(e2e.server.db, { clientId: owner.rows[0]!.client_id, name, power: 'RUNNING' });
  made.set(name, provisionedId);
  return provisionedId;
}

const dialog = () => page.getByRole('dialog');
const main = () => page.getByRole('main');

/** Waits for a line of the terminal panel, opening the panel when it is collapsed, and collapses it again. */
async function terminalLine(text: string): Promise<void> {
  const collapsed = page.getByRole('button', { name: /^Open terminal messages/ });
  const panel = page.getByRole('region', { name: 'Terminal messages' });
  await visible(collapsed.or(panel), 20_000);
  if (await collapsed.isVisible()) await collapsed.click();
  await visible(panel.getByTestId('terminal-line').filter({ hasText: text }).first(), 20_000);
  // Out of the way again: the panel covers the foot of the page.
  await panel.getByRole('button', { name: 'Minimise terminal' }).click();
  await hidden(panel);
}

/** The live kinds each tab follows, besides the terminal. */
const TAB_KINDS: Record<string, string[]> = {
  snapshots: ['snapshot-create', 'snapshot-rollback'],
  backups: ['backup-toggle', 'backup-now', 'backup-protect'],
  image: ['iso-mount', 'iso-detach'],
};

/**
 * Opens a tab of a server's page and waits until the page's live connections are registered: a
 * message sent before that reaches neither the live view nor (after the first few seconds) the
 * terminal's catch-up read.
 */
async function openTab(id: number, tab: string, name: string): Promise<void> {
  const since = (await e2e.server.db.owner.query<{ now: Date }>(`SELECT now()`)).rows[0]!.now;
  await page.goto(`/servers/server-details/${id}?tab=${tab}`);
  await visible(page.getByRole('heading', { level: 1, name, exact: true }));
  const wanted = ['terminal', ...(TAB_KINDS[tab] ?? [])];
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

describe('snapshots', () => {
  test('takes two snapshots and rolls back to the first, which deletes the second', async () => {
    const id = await newServer('snap-e2e');
    await openTab(id, 'snapshots', 'snap-e2e');
    await visible(main().getByText('No snapshots'));

    const name = page.getByRole('textbox', { name: 'Name' });
    const take = page.getByRole('button', { name: 'Take snapshot' });
    // The spec's messages, before anything is sent.
    await name.fill('1first');
    await take.click();
    await visible(page.getByText('Snapshot name must start with a letter'));
    await name.fill('first-one');
    await take.click();
    await visible(page.getByText('Snapshot name must be alphanumeric'));

    await name.fill('first');
    await page.getByRole('textbox', { name: 'Note' }).fill('before the upgrade');
    await take.click();
    // The request is confirmed at once (the live progress beside it may already be over: tasks
    // take no time here), then the name is read from the operation's 'success:' message.
    await visible(
      page.getByTestId('success-banner').filter({ hasText: 'Taking the snapshot first… It appears in under a minute.' }),
    );
    await visible(main().getByText('Snapshot first taken.'), 20_000);
    const table = page.getByRole('table', { name: 'Snapshots' });
    await visible(table.getByRole('cell', { name: 'first', exact: true }));
    await visible(table.getByRole('cell', { name: 'before the upgrade', exact: true }));

    await expect.poll(() => take.isEnabled(), { timeout: 10_000 }).toBe(true);
    await name.fill('second');
    await take.click();
    await visible(main().getByText('Snapshot second taken.'), 20_000);
    await visible(table.getByRole('cell', { name: 'second', exact: true }));

    // A name the server has already is refused here.
    await name.fill('second');
    await take.click();
    await visible(page.getByText('A snapshot with this name exists already'));
    await name.fill('');

    const rollback = page.getByRole('button', { name: 'Roll back to first' });
    await expect.poll(() => rollback.isEnabled(), { timeout: 10_000 }).toBe(true);
    await rollback.click();
    await visible(dialog().getByText('Roll back to first?'));
    await visible(dialog().getByText('This later snapshot is deleted:'));
    await visible(dialog().getByRole('list', { name: 'Snapshots deleted by the rollback' }).getByText('second'));
    await dialog().getByRole('button', { name: 'Roll back', exact: true }).click();
    await hidden(dialog());
    await visible(
      main()
        .getByRole('status')
        .filter({ hasText: /^\s*(Rollback requested|Rolling back to the snapshot|Deleting the later snapshot second)\s*$/ }),
    );
    await visible(main().getByText('Rolled back to the snapshot first.'), 20_000);
    await hidden(table.getByRole('cell', { name: 'second', exact: true }), 10_000);
    await visible(table.getByRole('cell', { name: 'first', exact: true }));
    // The terminal panel shows the operation's lines too.
    await terminalLine('Rolling back to the snapshot');
  });

  test('a locked server cannot roll back, and says why', async () => {
    const id = await newServer('snap-locked');
    await openTab(id, 'snapshots', 'snap-locked');
    await page.getByRole('textbox', { name: 'Name' }).fill('only');
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await visible(main().getByText('Snapshot only taken.'), 20_000);
    await clickWhenEnabled(page.getByRole('switch', { name: 'Server lock' }));
    await visible(main().getByText('Locked', { exact: true }), 20_000);
    await visible(main().getByText('Rolling back: Server must be unlocked before performing this operation'));
    expect(await page.getByRole('button', { name: 'Roll back to only' }).isDisabled()).toBe(true);
  });
});

describe('backups', () => {
  test('enables daily backups, makes one now, protects it and cannot delete it while protected', async () => {
    const id = await newServer('backup-e2e');
    await openTab(id, 'backups', 'backup-e2e');
    await visible(main().getByText('Backups are off'));
    const now = page.getByRole('button', { name: 'Back up now' });
    expect(await now.isDisabled()).toBe(true);

    const daily = page.getByRole('switch', { name: 'Daily backups' });
    await daily.click({ force: true });
    await visible(dialog().getByText('Enable daily backups?'));
    await visible(dialog().getByText(/20 % of the server's price/));
    await dialog().getByRole('button', { name: 'Enable backups' }).click();
    await hidden(dialog());
    await expect.poll(() => daily.isChecked(), { timeout: 20_000 }).toBe(true);
    await visible(main().getByText('No backups yet'));
    await visible(main().getByText(/The first daily backup runs tonight between 00:00 and 03:00/));

    await expect.poll(() => now.isEnabled(), { timeout: 10_000 }).toBe(true);
    await now.click();
    await visible(
      main()
        .getByRole('status')
        .filter({ hasText: /Backing up the server|Backup requested/ }),
    );
    const table = page.getByRole('table', { name: 'Backups' });
    await visible(table.getByText('Manual', { exact: true }), 20_000);
    await terminalLine('Backup made');

    const protect = table.getByRole('switch', { name: /^Protect the backup of / });
    await expect.poll(() => protect.isEnabled(), { timeout: 10_000 }).toBe(true);
    // By keyboard: the switch is a focusable control.
    await protect.focus();
    await page.keyboard.press('Space');
    await visible(main().getByText('The backup is protected.'), 20_000);
    await expect.poll(() => protect.isChecked(), { timeout: 10_000 }).toBe(true);

    await table.getByRole('button', { name: /^Actions for the backup of / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await visible(dialog().getByText(/is protected and cannot be deleted/));
    expect(await dialog().getByRole('button', { name: 'Delete the backup' }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog());

    // Turning backups off says that every backup goes.
    await daily.click({ force: true });
    await visible(dialog().getByText('Disable backups and delete them all?'));
    await visible(dialog().getByText(/Every backup of backup-e2e is deleted \(1 backup\), protected ones included/));
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog());
  });

  test('restores a backup over the server after the warning, with its progress', async () => {
    await openTab(made.get('backup-e2e')!, 'backups', 'backup-e2e');
    const table = page.getByRole('table', { name: 'Backups' });
    await table.getByRole('button', { name: /^Actions for the backup of / }).click();
    await page.getByRole('menuitem', { name: 'Restore this server' }).click();
    await visible(dialog().getByText('Restore the backup?'));
    await visible(dialog().getByText(/backup-e2e is overwritten with the backup of .*: everything written since then is lost/));
    await dialog().getByRole('button', { name: 'Overwrite and restore' }).click();
    await hidden(dialog());
    await visible(
      main()
        .getByRole('status')
        .filter({ hasText: /^\s*(Restore requested|Restoring the server from the backup)\s*$/ }),
    );
    await terminalLine('Server restored from the backup');
  });

  test('restores a backup to a new server ordered by bank transfer, which shows the payment page', async () => {
    await openTab(made.get('backup-e2e')!, 'backups', 'backup-e2e');
    const table = page.getByRole('table', { name: 'Backups' });
    const actions = table.getByRole('button', { name: /^Actions for the backup of / });
    await expect.poll(() => actions.isEnabled(), { timeout: 20_000 }).toBe(true);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Restore to a new server' }).click();
    const name = dialog().getByRole('textbox', { name: 'Name of the new server' });
    expect(await name.inputValue()).toBe('backup-e2e-clone');
    await name.fill('bad name');
    await dialog().getByRole('button', { name: 'Create the server' }).click();
    await visible(dialog().getByText('Hostname may contain only letters, digits, - and .'));
    await name.fill('restored-e2e');
    await dialog().getByRole('radio', { name: 'Bank transfer' }).check({ force: true });
    await dialog().getByRole('button', { name: 'Create the server' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/payment-return-banktransfer/'), { timeout: 20_000 });
    // One order of the copy, paid by bank transfer (the dialog's own idempotency key).
    const orders = await e2e.server.db.owner.query<{ payment_method: string }>(
      `SELECT o.payment_method FROM orders o JOIN users u ON u.client_id = o.client_id
        WHERE lower(u.email) = lower($1) AND o.idempotency_key LIKE 'clone-%'`,
      [DEMO_USERS.demo.email],
    );
    expect(orders.rows).toEqual([{ payment_method: 'bank_transfer' }]);
  });
});

describe('ISO images', () => {
  test('downloads an ISO image from a URL, attaches it and detaches it with reboot later', async () => {
    await page.goto('/iso-image');
    await visible(page.getByRole('heading', { level: 1, name: 'Custom ISO images' }));
    await visible(main().getByText('No ISO images yet'));
    const url = page.getByRole('textbox', { name: 'Address of the ISO image' });
    await url.fill('ftp://example.com/x.iso');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await visible(page.getByText('Enter an http or https address of the ISO image'));
    await url.fill(`${isoBase}/images/rescue.iso`);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const list = page.getByRole('table', { name: 'ISO images' });
    const row = list.getByRole('row').filter({ hasText: 'rescue.iso' });
    await visible(row.getByRole('cell').nth(1).getByText('Ready'), 20_000);
    await visible(row.getByRole('link', { name: 'Download rescue.iso' }));

    const id = await newServer('iso-e2e');
    await openTab(id, 'image', 'iso-e2e');
    await visible(main().getByText('No ISO image is attached'));
    await page.getByRole('combobox', { name: 'ISO image to attach' }).click();
    await page.getByRole('option', { name: 'rescue.iso' }).click();
    await page.getByRole('button', { name: 'Attach', exact: true }).click();
    await visible(
      main()
        .getByRole('status')
        .filter({ hasText: /Attaching the ISO image|Copying the ISO image/ }),
    );
    await visible(main().getByText('In the CD drive: rescue.iso'), 20_000);
    await visible(main().getByText('The ISO image is attached. Reboot the server to boot from it.'));
    await visible(main().getByText(/Reboot the server to boot from it \(the CD drive comes first/));

    // An attached image cannot be deleted: the page says so before asking. (Inside the app: a full
    // reload would start new live connections while the old page's are being closed.)
    await main().getByRole('link', { name: 'Manage ISO images' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: 'Custom ISO images' }));
    await list.getByRole('button', { name: 'Delete rescue.iso' }).click();
    await visible(dialog().getByText('rescue.iso is attached to 1 server. Detach it first.'));
    expect(await dialog().getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog());
    await page.goBack();
    await visible(main().getByText('In the CD drive: rescue.iso'));

    const detach = page.getByRole('button', { name: 'Detach', exact: true });
    await expect.poll(() => detach.isEnabled(), { timeout: 10_000 }).toBe(true);
    await detach.click();
    await visible(dialog().getByText('Detach the ISO image?'));
    await dialog().getByRole('button', { name: 'Detach', exact: true }).click();
    await visible(dialog().getByText('Reboot now or later?'));
    await dialog().getByRole('button', { name: 'Later' }).click();
    await hidden(dialog());
    await visible(main().getByText('No ISO image is attached'), 20_000);
    await terminalLine('ISO image detached: reboot now or later');
    // 'Later' reboots nothing: the server kept running without a reboot operation.
    expect(await main().getByText('RUNNING', { exact: true }).count()).toBeGreaterThan(0);
  });

  test('uploads an ISO file, and deletes an image after confirming', async () => {
    await page.goto('/iso-image');
    await page.getByRole('tab', { name: 'Upload a file' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'tools.iso',
      mimeType: 'application/x-iso9660-image',
      buffer: isoImageBytes(256 * 1024),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByText('tools.iso uploaded'), 20_000);
    const row = page.getByRole('table', { name: 'ISO images' }).getByRole('row').filter({ hasText: 'tools.iso' });
    await visible(row.getByRole('cell').nth(1).getByText('Ready'), 20_000);

    await row.getByRole('button', { name: 'Delete tools.iso' }).click();
    await visible(dialog().getByText('tools.iso is deleted with every copy on the clusters.'));
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(row, 20_000);
  });
});

describe('on a phone, in long languages', () => {
  test.each(['fi', 'pl'] as Lng[])(
    '%s at 390 px: the three tabs and the ISO page show no English, no key, no clipped button, no sideways scroll',
    async (lng) => {
      const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
      const token = (await cookies(phone)).token;
      expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: lng }, token)).status).toBe(200);
      await phone.evaluate((l) => {
        document.cookie = `language=${l}; path=/; SameSite=Strict`;
      }, lng);
      const visits: Array<[string, string, string]> = [
        [`/servers/server-details/${made.get('snap-e2e')}?tab=snapshots`, 'snap-e2e', tx(lng, 'servers:snapshots.create.title')],
        [`/servers/server-details/${made.get('backup-e2e')}?tab=backups`, 'backup-e2e', tx(lng, 'servers:backups.switch.label')],
        [`/servers/server-details/${made.get('iso-e2e')}?tab=image`, 'iso-e2e', tx(lng, 'servers:image.manage_link')],
        ['/iso-image', tx(lng, 'iso:page.title'), tx(lng, 'iso:upload.by_url')],
      ];
      const problems: string[] = [];
      for (const [path, heading, text] of visits) {
        await phone.goto(path);
        await phone.waitForFunction((l) => document.documentElement.lang === l, lng);
        await visible(phone.getByRole('heading', { level: 1, name: heading, exact: true }));
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
