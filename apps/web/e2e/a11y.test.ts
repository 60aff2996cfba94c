/**
 * Accessibility as a test (issue 10): axe-core checks EVERY route of the route table, as the user
 * who can see it (logged out, the demo owner, staff), in the light and the dark colour scheme
 * (the portal follows the system setting, which the browser emulates), and some open states that
 * matter (menus, a dialog, server tabs, a form with its errors). Any serious or critical violation
 * fails the test, which lists route, rule and nodes. A first test proves the check can fail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES, type RouteName } from '@portside/contract/routes';
import { NOT_BUILT_ROUTES } from '../src/app/not-built';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, cookies, hidden, pathOf, settled, useScheme, visible, withAxe } from './helpers';
import { demoIds, routeVisits, SERVER_TABS, type DemoIds, type Visit, type Who } from './a11y-routes';

let e2e: E2E;
let ids: DemoIds;
let visits: Record<RouteName, Visit>;
/** One browser context per user, logged in as that user (or not at all). */
const pages = {} as Record<Who, Page>;

beforeAll(async () => {
  e2e = await startE2E();
  for (const who of ['anonymous', 'owner', 'staff'] as const) {
    const { page } = await e2e.newPage();
    await withAxe(page);
    await page.emulateMedia({ colorScheme: 'light' });
    if (who === 'owner') await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    if (who === 'staff') await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    pages[who] = page;
  }
  ids = await demoIds(e2e.server, (await cookies(pages.owner)).token!);
  visits = routeVisits(ids);
});
afterAll(async () => e2e?.stop());

/**
 * Checks what the page shows now: every rule in the light scheme, then the colour rules in the
 * dark one (the DOM is the same). Answers one line per violation.
 */
async function check(page: Page, what: string): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    for (const p of await a11yProblems(page, { coloursOnly: scheme === 'dark' })) {
      out.push(`${what} [${scheme}] ${p.rule} (${p.impact}): ${p.help}\n    ${p.nodes.join('\n    ')}`);
    }
  }
  return out;
}

/**
 * Opens every route of `who` and checks it; a private page that lands on /login is a failure too.
 * The routes whose page is not built yet all show the same panel in the same shell: axe checks the
 * first of them per user, the others are opened for the guard only (axe is the walk's slow part).
 */
async function walk(who: Who): Promise<string[]> {
  const page = pages[who];
  const failures: string[] = [];
  let placeholderChecked = false;
  for (const [name, visit] of Object.entries(visits)) {
    if (visit.who !== who) continue;
    await page.goto(visit.path);
    await settled(page);
    if (who !== 'anonymous' && pathOf(page) === '/login') failures.push(`${name} ${visit.path}: sent to /login`);
    const placeholder = (NOT_BUILT_ROUTES as readonly string[]).includes(name);
    if (placeholder && placeholderChecked) continue;
    placeholderChecked ||= placeholder;
    failures.push(...(await check(page, `${name} ${visit.path}`)));
  }
  return failures;
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test('the check finds a low-contrast text and a button without a name, so it can fail', async () => {
    const page = pages.anonymous;
    await page.goto('/login');
    await settled(page);
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'faint';
      p.style.color = '#ccc';
      p.style.background = '#fff';
      const b = document.createElement('button');
      b.innerHTML = '<svg width="10" height="10"></svg>';
      document.querySelector('main')!.append(p, b);
    });
    const rules = (await a11yProblems(page)).map((p) => p.rule);
    expect(rules).toContain('color-contrast');
    expect(rules).toContain('button-name');
  });

  test('the walk covers every route of the table', () => {
    expect(Object.keys(visits).sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });

  test.each<Who>(['anonymous', 'owner', 'staff'])(
    'every page %s can open passes axe in the light and the dark scheme',
    async (who) => {
      const failures = await walk(who);
      expect(failures, failures.join('\n')).toEqual([]);
    },
    300_000,
  );

  test('open states pass axe: language and colour-scheme menus, a dialog, server tabs, form errors', async () => {
    const failures: string[] = [];
    const owner = pages.owner;
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
      await owner.goto(`/servers/server-details/${ids.provisionedId}?tab=${tab}`);
      await settled(owner);
      failures.push(...(await check(owner, `server details, tab ${tab}`)));
    }
    // The lifecycle tabs' open states: a form with its errors, the boot order's reboot question,
    // a Windows server's firmware, and the IPv4 offer of a server without an address.
    await owner.goto(`/servers/server-details/${ids.provisionedId}?tab=rebuild`);
    await settled(owner);
    await owner.getByRole('button', { name: 'Erase and rebuild' }).click();
    await visible(owner.getByText('Root password is empty', { exact: true }));
    failures.push(...(await check(owner, 'rebuild form with errors')));
    await owner.goto(`/servers/server-details/${ids.provisionedId}?tab=boot-order`);
    await settled(owner);
    await owner.getByRole('button', { name: 'Move SSD up' }).click();
    await owner.getByRole('button', { name: 'Save the boot order' }).click();
    await visible(owner.getByRole('dialog', { name: 'Apply the new boot order?' }));
    failures.push(...(await check(owner, 'boot order reboot question')));
    await owner.goto(`/servers/server-details/${ids.windowsProvisionedId}?tab=bios`);
    await settled(owner);
    failures.push(...(await check(owner, 'server details, tab bios of a Windows server')));
    await owner.getByRole('button', { name: 'Assign IPv4' }).click();
    await visible(owner.getByRole('dialog', { name: /^Assign an IPv4 address to / }).getByText(/An IPv4 address costs/));
    failures.push(...(await check(owner, 'IPv4 assignment dialog')));

    // A fresh visitor: the walk's one opened /welcome/PT, which switched it to Portuguese.
    const { page: visitor } = await e2e.newPage();
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
    const owner = pages.owner;
    await owner.goto('/ipsets');
    await settled(owner);
    await owner.getByRole('button', { name: 'New IP set' }).first().click();
    const create = owner.getByRole('dialog', { name: 'New IP set' });
    await create.getByRole('textbox', { name: 'IPs (optional)' }).fill('203.0.113.7, 10.0.0.300, 203.0.113.7, nope');
    await visible(create.getByTestId('ip-list-status'));
    failures.push(...(await check(owner, 'new IP set dialog with invalid entries')));
    await owner.keyboard.press('Escape');
    await hidden(create);

    await owner.goto(`/ipsets/${ids.ipset}`);
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
