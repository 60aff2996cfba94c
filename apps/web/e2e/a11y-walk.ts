/**
 * The accessibility walk's set-up, shared by the a11y test files (split so they run in parallel):
 * one browser page per user (logged out, the demo owner, staff) with axe loaded, the demo's ids,
 * every route's visit, and the checks — every axe rule in the light scheme, the colour rules in the
 * dark one.
 */
import type { Page } from 'playwright-core';
import type { RouteName } from '@portside/contract/routes';
import { NOT_BUILT_ROUTES } from '../src/app/not-built';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, cookies, pathOf, settled, useScheme, withAxe } from './helpers';
import { demoIds, routeVisits, type DemoIds, type Visit, type Who } from './a11y-routes';

export interface A11yRun {
  e2e: E2E;
  ids: DemoIds;
  visits: Record<RouteName, Visit>;
  /** One browser page per user, logged in as that user (or not at all). */
  pages: Record<Who, Page>;
}

/** Starts the portal and a page per user in `whos` (the owner's is always made: the demo's ids are read with it). */
export async function startA11y(whos: readonly Who[]): Promise<A11yRun> {
  const e2e = await startE2E();
  const pages = {} as Record<Who, Page>;
  for (const who of new Set<Who>([...whos, 'owner'])) {
    const { page } = await e2e.newPage();
    await withAxe(page);
    await page.emulateMedia({ colorScheme: 'light' });
    if (who === 'owner') await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    if (who === 'staff') await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    pages[who] = page;
  }
  const ids = await demoIds(e2e.server, (await cookies(pages.owner)).token!);
  return { e2e, ids, visits: routeVisits(ids), pages };
}

/**
 * Checks what the page shows now: every rule in the light scheme, then the colour rules in the
 * dark one (the DOM is the same). Answers one line per violation.
 */
export async function check(page: Page, what: string): Promise<string[]> {
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
export async function walk(run: A11yRun, who: Who): Promise<string[]> {
  const page = run.pages[who];
  const failures: string[] = [];
  let placeholderChecked = false;
  for (const [name, visit] of Object.entries(run.visits)) {
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
