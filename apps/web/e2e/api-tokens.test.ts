/**
 * Personal API tokens in Settings (issue 19), through the real browser at phone width: create a
 * token with read access to servers, see its secret once (and that it works on the API), close
 * the dialog and find only its first characters in the list, revoke it after a confirmation and
 * find the API refusing it; axe finds nothing serious in the list, the dialogs, light and dark.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, settled, shot, useScheme, visible } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const tokensSection = (page: Page) => page.getByRole('region', { name: 'API tokens' });

describe('API tokens in settings', () => {
  test('create a token, see it once, use it, revoke it after confirming; axe finds nothing serious', async () => {
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/settings');
    const section = tokensSection(page);
    await visible(section.getByText('No API tokens yet.'));
    await settled(page);
    expect(await a11yProblems(page)).toEqual([]);

    await section.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await visible(dialog);
    const create = dialog.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('deploy script');
    await dialog
      .getByRole('radiogroup', { name: /^Servers/ })
      .getByLabel('Read only')
      .check();
    await dialog.getByLabel('Expires after').click();
    await page.getByRole('option', { name: '30 days' }).click();
    await settled(page);
    expect(await a11yProblems(page)).toEqual([]);
    await shot(page, 'api-tokens-create-390');
    await create.click();

    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await visible(shown.getByText('Copy it now: you will not see it again'));
    const secret = (await shown.getByLabel('The new token').innerText()).trim();
    expect(secret).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect((await e2e.server.get('MyVMs2', secret)).status).toBe(200);
    expect((await e2e.server.rpc('VmStart', { p_provisioned_id: 1 }, secret)).body.code).toBe('API_TOKEN_SCOPE');
    await visible(shown.getByRole('button', { name: 'Copy token' }));
    await settled(page);
    expect(await a11yProblems(page)).toEqual([]);
    await shot(page, 'api-tokens-secret-390');
    await shown.getByRole('button', { name: 'Done' }).click();
    await hidden(shown);

    // The list shows the token's first characters, never the secret again.
    const item = section.getByRole('list', { name: 'API tokens' }).getByRole('listitem').filter({ hasText: 'deploy script' });
    await visible(item);
    const text = await item.innerText();
    expect(text).toContain(`${secret.slice(0, 12)}…`);
    expect(text).not.toContain(secret.slice(12));
    expect(text).toContain('servers (read)');
    expect(await page.content()).not.toContain(secret.slice(12));
    await useScheme(page, 'dark');
    expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
    await item.scrollIntoViewIfNeeded();
    await shot(page, 'api-tokens-list-390-dark');
    await useScheme(page, 'light');

    // Revoke: Cancel keeps it, the confirmation revokes it, and the API refuses it at once.
    await item.getByRole('button', { name: 'Revoke the token deploy script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the API token?' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hidden(confirm);
    expect((await e2e.server.get('MyVMs2', secret)).status).toBe(200);
    await item.getByRole('button', { name: 'Revoke the token deploy script' }).click();
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await hidden(confirm);
    await visible(item.getByText('Revoked', { exact: true }));
    expect(await item.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect((await e2e.server.get('MyVMs2', secret)).body.code).toBe('API_TOKEN_REVOKED');
    // Nothing of the section is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
