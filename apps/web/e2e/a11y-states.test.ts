/**
 * Accessibility of open states (issue 10, with a11y.test.ts): menus, dialogs, server tabs and
 * forms showing their errors pass axe-core in the light and the dark colour scheme.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hidden, settled, visible, withAxe } from './helpers';
import { SERVER_TABS } from './a11y-routes';
import { check, startA11y, type A11yRun } from './a11y-walk';

let run: A11yRun;

beforeAll(async () => {
  run = await startA11y(['owner']);
});
afterAll(async () => run?.e2e.stop());

describe('accessibility of open states (axe-core, WCAG 2.1 AA)', () => {
  test('open states pass axe: language and colour-scheme menus, a dialog, server tabs, form errors', async () => {
    const failures: string[] = [];
    const owner = run.pages.owner;
    await owner.goto('/dashboard');
    await settled(owner);
    await owner.getByRole('button', { name: /: English$/ }).click();
    await visible(owner.getByRole('menu'));
    failures.push(...(await check(owner, 'language menu')));
    await owner.keyboard.press('Escape');
    await hidden(owner.getByRole('menu'));
    await owner.getByRole('button', { name: 'Colour scheme' }).click();
    await visible(owner.getByRole('menu'));
    failures.push(...(await check(owner, 'colour scheme menu')));
    await owner.keyboard.press('Escape');

    await owner.goto('/my-ssh');
    await settled(owner);
    await owner.getByRole('button', { name: 'Upload keys' }).click();
    await visible(owner.getByRole('dialog', { name: 'Upload SSH keys' }));
    failures.push(...(await check(owner, 'upload SSH keys dialog')));

    for (const tab of SERVER_TABS) {
      await owner.goto(`/servers/server-details/${run.ids.provisionedId}?tab=${tab}`);
      await settled(owner);
      failures.push(...(await check(owner, `server details, tab ${tab}`)));
    }
    // The lifecycle tabs' open states: a form with its errors, the boot order's reboot question,
    // a Windows server's firmware, and the IPv4 offer of a server without an address.
    await owner.goto(`/servers/server-details/${run.ids.provisionedId}?tab=rebuild`);
    await settled(owner);
    await owner.getByRole('button', { name: 'Erase and rebuild' }).click();
    await visible(owner.getByText('Root password is empty', { exact: true }));
    failures.push(...(await check(owner, 'rebuild form with errors')));
    await owner.goto(`/servers/server-details/${run.ids.provisionedId}?tab=boot-order`);
    await settled(owner);
    await owner.getByRole('button', { name: 'Move SSD up' }).click();
    await owner.getByRole('button', { name: 'Save the boot order' }).click();
    await visible(owner.getByRole('dialog', { name: 'Apply the new boot order?' }));
    failures.push(...(await check(owner, 'boot order reboot question')));
    await owner.goto(`/servers/server-details/${run.ids.windowsProvisionedId}?tab=bios`);
    await settled(owner);
    failures.push(...(await check(owner, 'server details, tab bios of a Windows server')));
    await owner.getByRole('button', { name: 'Assign IPv4' }).click();
    await visible(owner.getByRole('dialog', { name: /^Assign an IPv4 address to / }).getByText(/An IPv4 address costs/));
    failures.push(...(await check(owner, 'IPv4 assignment dialog')));

    // A fresh visitor, in English.
    const { page: visitor } = await run.e2e.newPage();
    await withAxe(visitor);
    await visitor.goto('/register');
    await settled(visitor);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visible(visitor.getByText('Please correct the following errors before continuing.').first());
    failures.push(...(await check(visitor, 'register form with errors')));
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);

  test('network open states pass axe: a pasted list with invalid entries, attaching servers, editing reverse DNS, adding a domain', async () => {
    const failures: string[] = [];
    const owner = run.pages.owner;
    await owner.goto('/ipsets');
    await settled(owner);
    await owner.getByRole('button', { name: 'New IP set' }).first().click();
    const create = owner.getByRole('dialog', { name: 'New IP set' });
    await create.getByRole('textbox', { name: 'IPs (optional)' }).fill('203.0.113.7, 10.0.0.300, 203.0.113.7, nope');
    await visible(create.getByTestId('ip-list-status'));
    failures.push(...(await check(owner, 'new IP set dialog with invalid entries')));
    await owner.keyboard.press('Escape');
    await hidden(create);

    await owner.goto(`/ipsets/${run.ids.ipset}`);
    await settled(owner);
    await owner.getByRole('button', { name: 'Attach to servers' }).click();
    await visible(owner.getByRole('dialog', { name: /^Attach office to servers/ }));
    failures.push(...(await check(owner, 'attach IP set dialog')));
    await owner.keyboard.press('Escape');

    await owner.goto('/myips');
    await settled(owner);
    await owner
      .getByRole('button', { name: /^Edit the reverse DNS of / })
      .first()
      .click();
    await owner.getByRole('textbox', { name: /^Reverse DNS of / }).fill('not a name');
    await visible(owner.getByText('Invalid data: reverse DNS is a full hostname such as mail.example.com'));
    failures.push(...(await check(owner, 'reverse DNS editing with an error')));

    await owner.goto('/custom-domains');
    await settled(owner);
    await owner.getByRole('button', { name: 'Add domain' }).first().click();
    const add = owner.getByRole('dialog', { name: 'Add a domain' });
    await add.getByRole('button', { name: 'Add domain' }).click();
    await visible(add.getByText('Domain name is empty'));
    failures.push(...(await check(owner, 'add domain dialog with errors')));
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
