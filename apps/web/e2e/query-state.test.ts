/**
 * The one loading / error / empty state of the list pages (shared/ui/query-state) in the browser:
 * a slow read shows the skeleton, a failed one its error with Retry, and Retry loads the list.
 * The projects page stands for every list page (they all use the same component).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, visible } from './helpers';

let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage());
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});

afterAll(async () => {
  await e2e?.stop();
});

/** The projects page's own read (a page of 20); the other MyProjects reads pass through. */
const PROJECTS = '**/api/MyProjects?*';

describe('a list page whose read is slow and then fails', () => {
  test('shows the skeleton, then the error with Try again, and Try again loads the list', async () => {
    let failing = true;
    let answered = 0;
    const handler = async (route: Route) => {
      if (!route.request().url().includes('limit=20')) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 800));
      answered++;
      if (!failing) return route.continue();
      // A 4xx is not retried by the query client, so the error shows after this one answer.
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'E2E_BROKEN', message: 'The projects list is broken', hint: null, details: null }),
      });
    };
    await page.route(PROJECTS, handler);
    try {
      await page.goto('/projects');
      await visible(page.getByRole('progressbar', { name: 'Loading projects…' }));
      const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Could not load' });
      await visible(alert.getByText(/The projects list is broken/));
      await hidden(page.getByRole('progressbar', { name: 'Loading projects…' }));
      expect(answered).toBe(1);

      failing = false;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await visible(page.getByRole('table', { name: 'Projects' }));
      await hidden(alert);
      expect(answered).toBe(2);
    } finally {
      await page.unroute(PROJECTS, handler);
    }
  });
});
