/**
 * Sub-users, claims and the log through the real browser: the owner adds a sub-user, who confirms
 * with the code from the developer mailbox and logs in in a second browser context; a granted claim
 * shows its sidebar entry, a revoked one hides it after the next login; the owner reads the log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const visible = (l: Locator) => l.waitFor({ state: 'visible' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/** The 6-digit code of the newest mail to `to`, read on the developer mailbox page. */
async function codeFromMailbox(context: BrowserContext, to: string): Promise<string> {
  const tab = await context.newPage();
  try {
    await tab.goto('/dev/mailbox');
    await tab.getByLabel('Search by recipient').fill(to);
    const mail = tab.getByRole('article').first();
    await visible(mail.getByText(to, { exact: true }));
    const code = /\b(\d{6})\b/.exec(await mail.innerText())?.[1];
    if (!code) throw new Error(`no code in the mail to ${to}`);
    return code;
  } finally {
    await tab.close();
  }
}

/** The sidebar's IP sets entry, also while its Firewall group is collapsed. */
const ipSetsLink = (page: Page) => sidebar(page).getByRole('link', { name: 'IP sets', exact: true, includeHidden: true });

async function saveClaims(page: Page, email: string) {
  await page.getByRole('button', { name: 'Save claims' }).click();
  await visible(page.getByText(`Claims of ${email} saved.`));
}

describe('sub-users and claims', () => {
  test('the owner adds a sub-user, grants and revokes IP sets, and reads it all in the log', async () => {
    const owner = (await e2e.newPage()).page;
    await login(owner, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await sidebar(owner).getByRole('link', { name: 'Users', exact: true }).click();
    await visible(owner.getByRole('heading', { name: 'Users', level: 1 }));

    const sub = { email: uniqueEmail('sam'), password: 'harbour7' };
    await owner.getByRole('button', { name: 'Add user' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Email').fill(sub.email);
    await dialog.getByLabel('First name').fill('Sam');
    await dialog.getByLabel('Last name').fill('Sailor');
    await dialog.getByLabel('Password', { exact: true }).fill(sub.password);
    await dialog.getByLabel('Confirm password').fill('harbour8');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await visible(dialog.getByText("Passwords don't match"));
    await dialog.getByLabel('Confirm password').fill(sub.password);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await visible(owner.getByText(`User ${sub.email} added. We sent them a confirmation code.`));
    const row = owner.getByRole('row').filter({ hasText: sub.email });
    await visible(row.getByText('Awaiting confirmation'));

    // The sub-user confirms with the mailed code and logs in in a browser of their own.
    const { page: member, context } = await e2e.newPage();
    const code = await codeFromMailbox(context, sub.email);
    await member.goto(`/confirm-email/${code}/${encodeURIComponent(sub.email)}`);
    await visible(member.getByText('Your e-mail address is confirmed. You can log in now.'));

    // The owner grants IP sets on the user's page (/users/<e-mail lower-cased>).
    await row.getByRole('link', { name: sub.email }).click();
    await owner.waitForURL(`**/users/${encodeURIComponent(sub.email.toLowerCase())}`);
    await owner.getByRole('checkbox', { name: 'IP sets' }).check();
    await saveClaims(owner, sub.email);

    await login(member, sub.email, sub.password);
    await sidebar(member).getByRole('button', { name: 'Firewall' }).click();
    await visible(sidebar(member).getByRole('link', { name: 'IP sets', exact: true }));

    await owner.getByRole('checkbox', { name: 'IP sets' }).uncheck();
    await saveClaims(owner, sub.email);
    await member.goto('/logout-raw');
    await member.waitForURL('**/login');
    await login(member, sub.email, sub.password);
    // Without IP sets nor IP management the Firewall group has nothing to open onto: it is left out.
    await visible(sidebar(member).getByRole('link', { name: 'Dashboard' }));
    expect(await sidebar(member).getByRole('button', { name: 'Firewall' }).count()).toBe(0);
    expect(await ipSetsLink(member).count()).toBe(0);

    // The log shows each change with the sub-user as target, in the account's timezone.
    await sidebar(owner).getByRole('button', { name: 'Logs' }).click();
    await sidebar(owner).getByRole('link', { name: 'Logs', exact: true }).click();
    await owner.waitForURL('**/my-logs');
    const log = owner.getByRole('table', { name: 'Log entries' });
    for (const [action, target] of [
      ['AddMyUser', `user "${sub.email}"`],
      ['GrantClaimsToMyUser', `user "${sub.email}" (menu-see-ipsets)`],
      ['RevokeClaimsFromMyUser', `user "${sub.email}" (menu-see-ipsets)`],
    ]) {
      await visible(log.getByRole('row').filter({ hasText: action }).filter({ hasText: target }).first());
    }
    await visible(owner.getByText('Europe/Lisbon'));
    await owner.getByLabel('Action', { exact: true }).fill('Revoke');
    await visible(owner.getByText('1 entry'));
    expect(await log.getByRole('row').filter({ hasText: 'AddMyUser' }).count()).toBe(0);
    await owner.getByLabel('Result').selectOption('error');
    await visible(owner.getByText('No entries match these filters.'));

    // The global search finds the sub-user by e-mail and opens /users/<e-mail lower-cased>.
    await owner.getByRole('searchbox', { name: 'Search' }).first().fill(sub.email.slice(0, 8).toUpperCase());
    const overlay = owner.getByRole('dialog', { name: 'Search' });
    await overlay.getByRole('link', { name: sub.email }).click();
    await owner.waitForURL(`**/users/${encodeURIComponent(sub.email.toLowerCase())}`);
    await visible(owner.getByRole('heading', { name: 'Sam Sailor' }));
  });

  test('on a phone the owner blocks and deletes a sub-user after confirming, and a sub-user without the claim sees an explanation', async () => {
    const owner = (await e2e.newPage({ viewport: { width: 390, height: 844 } })).page;
    await login(owner, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await owner.goto('/users');
    const row = owner.getByRole('row').filter({ hasText: DEMO_USERS.sub.email });
    await row.getByRole('button', { name: `Actions for ${DEMO_USERS.sub.email}` }).click();
    await owner.getByRole('menuitem', { name: 'Block' }).click();
    await owner.getByRole('dialog', { name: 'Block user' }).getByRole('button', { name: 'Block' }).click();
    await visible(row.getByText('Blocked'));

    const member = (await e2e.newPage()).page;
    await member.goto('/login');
    await member.getByLabel('Email').fill(DEMO_USERS.sub.email);
    await member.getByLabel('Password', { exact: true }).fill(DEMO_USERS.sub.password);
    await member.getByRole('button', { name: 'Log in', exact: true }).click();
    await visible(member.getByText('This user is blocked'));

    await row.getByRole('button', { name: `Actions for ${DEMO_USERS.sub.email}` }).click();
    await owner.getByRole('menuitem', { name: 'Unblock' }).click();
    await visible(row.getByText('Active'));
    await login(member, DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    await member.goto('/users');
    await visible(member.getByText('You cannot see the users'));
    expect(new URL(member.url()).pathname).toBe('/users');

    await row.getByRole('button', { name: `Actions for ${DEMO_USERS.sub.email}` }).click();
    await owner.getByRole('menuitem', { name: 'Delete user' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await visible(row);
    await row.getByRole('button', { name: `Actions for ${DEMO_USERS.sub.email}` }).click();
    await owner.getByRole('menuitem', { name: 'Delete user' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(owner.getByText(`User ${DEMO_USERS.sub.email} deleted.`));
    expect(await owner.getByRole('row').filter({ hasText: DEMO_USERS.sub.email }).count()).toBe(0);
  });
});
