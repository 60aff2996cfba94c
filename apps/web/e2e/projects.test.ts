/**
 * Projects and SSH keys through the real browser: create a project with the name rules shown
 * while typing, rename it inline, upload an SSH key made by ssh-keygen and see ssh-keygen's
 * fingerprint, the delete refusals and confirmations, /my-ssh, and the layout at 390 px.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_KEYS } from '@portside/contract/rules/ssh-key.fixtures';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, onPath, pathOf, visible } from './helpers';

let e2e: E2E;
let page: Page;

/** A fresh ed25519 key from ssh-keygen and the fingerprint ssh-keygen prints; a fixed real key where ssh-keygen is missing. */
function freshKey(): { line: string; fingerprint: string; comment: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portside-key-'));
  try {
    const file = path.join(dir, 'id');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'e2e@portside', '-f', file], { stdio: 'ignore' });
    const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1]!;
    return { line: fs.readFileSync(`${file}.pub`, 'utf8').trim(), fingerprint, comment: 'e2e@portside' };
  } catch {
    return { line: TEST_KEYS.ed25519Deploy.line, fingerprint: TEST_KEYS.ed25519Deploy.fingerprint, comment: 'ci-deploy' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});

afterAll(async () => {
  await e2e?.stop();
});

const main = () => page.getByRole('main');
const dialog = () => page.getByRole('dialog');

describe('projects and SSH keys as the demo owner', () => {
  test('lists the projects with the default badge and the key count', async () => {
    await page.goto('/projects');
    await visible(page.getByRole('heading', { level: 1, name: 'My projects' }));
    const table = page.getByRole('table', { name: 'Projects' });
    await visible(table.getByRole('link', { name: 'staging' }));
    const defaultRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'default', exact: true }) });
    await visible(defaultRow.getByText('Default', { exact: true }));
    expect(await defaultRow.getByRole('cell').nth(2).innerText()).toBe('1');
  });

  test('creates a project, showing the name rules while typing', async () => {
    const name = page.getByLabel('New project name');
    await name.fill('my project');
    await visible(page.getByText('Project name cannot contain spaces'));
    await name.fill('STAGING');
    await visible(page.getByText('Project name must be unique'));
    await name.fill('web-prod');
    await hidden(page.getByText('Project name must be unique'));
    await page.getByRole('button', { name: 'Add project' }).click();
    await visible(page.getByText('Project web-prod created'));
    await visible(page.getByRole('table', { name: 'Projects' }).getByRole('link', { name: 'web-prod' }));
    expect(await name.inputValue()).toBe('');
  });

  test('renames it inline: unchanged and taken names are refused, Enter saves', async () => {
    await page.getByRole('button', { name: 'Rename project web-prod' }).click();
    const field = page.getByRole('textbox', { name: 'Project name', exact: true });
    await field.press('Enter');
    await visible(page.getByText('Name unchanged, not updating'));
    await field.fill('Default');
    await visible(page.getByText('Project name must be unique'));
    await field.fill('web-live');
    await field.press('Enter');
    await visible(page.getByText('Project renamed to web-live'));
    await visible(page.getByRole('link', { name: 'web-live' }));
    await hidden(page.getByRole('link', { name: 'web-prod' }));
  });

  test('uploads an SSH key made by ssh-keygen on the project page and shows its fingerprint', async () => {
    const key = freshKey();
    await page.getByRole('link', { name: 'web-live' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'web-live' }));
    expect(pathOf(page)).toMatch(/^\/project\/\d+$/);
    await visible(page.getByText('This project has no SSH keys yet.', { exact: false }));

    await main().getByRole('button', { name: 'Upload keys' }).first().click();
    const keys = dialog().getByLabel('Public keys');
    await keys.fill(`${key.line}\n${TEST_KEYS.rsa1024.line}`);
    await visible(dialog().getByText('Line 2: RSA keys must have at least 2048 bits'));
    expect(await dialog().getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    await keys.fill(key.line);
    await visible(dialog().getByText('1 key ready to upload'));
    await visible(dialog().getByText('The keys go to the project web-live.'));
    await dialog().getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByText('1 key uploaded'));
    await hidden(dialog());
    const table = page.getByRole('table', { name: 'SSH keys' });
    await visible(table.getByText(key.fingerprint, { exact: true }).filter({ visible: true }));
    await visible(table.getByText(key.comment, { exact: true }));
    await visible(page.getByText('0 servers · 1 SSH key ·', { exact: false }));
  });

  test('refuses to delete a project holding a key, with the spec’s message', async () => {
    await page.getByRole('button', { name: 'Delete project' }).click();
    await visible(dialog().getByText('Project cannot be deleted if it contains VMs or SSH keys'));
    expect(await dialog().getByRole('button', { name: 'Delete project' }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Close' }).first().click();
    await hidden(dialog());
  });

  test('deletes the key after confirming', async () => {
    const key = page.getByRole('table', { name: 'SSH keys' }).getByRole('button', { name: /^Delete key / });
    await key.click();
    await visible(dialog().getByText('Delete 1 SSH key?'));
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(page.getByText('1 key deleted'));
    await visible(page.getByText('This project has no SSH keys yet.', { exact: false }));
  });

  test('deletes the empty project after confirming and returns to the list', async () => {
    await page.getByRole('button', { name: 'Delete project' }).click();
    await visible(dialog().getByText('Delete project web-live?'));
    await dialog().getByRole('button', { name: 'Delete project' }).click();
    await onPath(page, '/projects');
    await visible(page.getByText('Project web-live deleted'));
    await hidden(page.getByRole('link', { name: 'web-live' }));
  });

  test('says the default project cannot be deleted', async () => {
    await page.getByRole('button', { name: 'Actions for project default' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await visible(dialog().getByText('The default project cannot be deleted'));
    await page.keyboard.press('Escape');
    await hidden(dialog());
  });

  test('/my-ssh lists every key with its project, and selected keys can be copied to a project', async () => {
    await page.goto('/my-ssh');
    await visible(page.getByRole('heading', { level: 1, name: 'My SSH keys' }));
    const table = page.getByRole('table', { name: 'SSH keys' });
    await visible(
      table.getByText('SHA256:Fdbi+5jCIhDGqfkcM7LUZ6HQidH3nIcbKC7byf2kzCs', { exact: true }).filter({ visible: true }),
    );
    await table.getByRole('checkbox', { name: 'Select key dana@demo-laptop' }).check();
    await visible(page.getByText('1 key selected'));
    await page.getByRole('button', { name: 'Copy to project' }).click();
    await dialog().getByLabel('Target project').click();
    await page.getByRole('option', { name: 'staging' }).click();
    await dialog().getByRole('button', { name: 'Copy', exact: true }).click();
    await visible(page.getByText('1 key copied to staging.'));
    await visible(table.getByRole('link', { name: 'staging' }));
  });
});

describe('on a phone', () => {
  test('the projects and SSH key pages fit 390 px without sideways scrolling of the page', async () => {
    const { page: phone } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(phone, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    for (const [p, heading] of [
      ['/projects', 'My projects'],
      ['/my-ssh', 'My SSH keys'],
    ] as const) {
      await phone.goto(p);
      await visible(phone.getByRole('heading', { level: 1, name: heading }));
      await visible(phone.getByRole('table').first());
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width, p).toBeLessThanOrEqual(390);
    }
    await visible(phone.getByRole('button', { name: 'Upload keys' }));
  });
});
