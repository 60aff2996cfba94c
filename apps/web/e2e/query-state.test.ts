/**
 * The one loading / error / empty state of every data view (shared/ui/query-state) in the browser:
 * a slow read shows the skeleton (never the empty state), a failed one its error with Try again
 * (never the empty state), and Try again loads the content. The projects page stands for the list
 * pages; the dashboard, a server's details page and the order builder's options for the rest.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, holdRequests, visible } from './helpers';

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

describe('the dashboard while its reads are slow, and when they fail', () => {
  test('its cards show their skeletons and never an empty state, then the error with Try again, then their content', async () => {
    // The dashboard's cards read MyVMs2 (cloud servers) and MyProjects (projects); hold both.
    const vms = await holdRequests(page, '**/api/MyVMs2?*');
    const projects = await holdRequests(page, '**/api/MyProjects?*');
    try {
      await page.goto('/dashboard');
      const cloud = page.getByRole('region', { name: 'Cloud servers' });
      const mine = page.getByRole('region', { name: 'My projects' });
      await visible(cloud.getByRole('progressbar', { name: 'Loading cloud servers…' }));
      await visible(mine.getByRole('progressbar', { name: 'Loading projects…' }));
      expect(vms.count()).toBeGreaterThan(0);
      expect(projects.count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('No cloud servers yet').count()).toBe(0);
      await expect.poll(() => page.getByText('Only the default project so far').count()).toBe(0);

      // 503 is retried once by the query client: the skeleton stays until the second answer fails too.
      vms.release('fail');
      projects.release('fail');
      for (const card of [cloud, mine]) {
        const alert = card.getByRole('alert').filter({ hasText: 'Could not load' });
        await visible(alert.getByText('The test made this read fail'));
        await visible(alert.getByRole('button', { name: 'Try again' }));
        await hidden(card.getByRole('progressbar'));
      }
      expect(await page.getByText('No cloud servers yet').count()).toBe(0);
      expect(await page.getByText('Only the default project so far').count()).toBe(0);

      await vms.stop();
      await projects.stop();
      await cloud.getByRole('button', { name: 'Try again' }).click();
      await visible(cloud.getByText(/^\d+ cloud servers?$/));
      await hidden(cloud.getByRole('alert'));
      await mine.getByRole('button', { name: 'Try again' }).click();
      await visible(mine.getByRole('link', { name: 'staging' }));
      await hidden(mine.getByRole('alert'));
      expect(await page.getByText('No cloud servers yet').count()).toBe(0);
    } finally {
      await vms.stop();
      await projects.stop();
    }
  });
});

describe('a details page whose read is slow, and then fails', () => {
  test('a server’s page shows its skeleton and never “Server not found”, then the error with Try again, then the server', async () => {
    await page.goto('/list-view');
    const first = page.locator('a[href^="/servers/server-details/"]').first();
    await visible(first);
    const href = (await first.getAttribute('href'))!;
    const name = (await first.innerText()).trim();
    const id = href.split('/').pop()!;
    const server = await holdRequests(page, '**/api/MyVMs2?*', (r) => r.url().includes(`provisioned_id=eq.${id}`));
    try {
      await page.goto(href);
      await visible(page.getByRole('progressbar', { name: 'Loading the server' }));
      expect(server.count()).toBeGreaterThan(0);
      expect(await page.getByText('Server not found').count()).toBe(0);

      server.release('fail');
      const alert = page.getByRole('main').getByRole('alert').filter({ hasText: 'Could not load' });
      await visible(alert.getByText('The test made this read fail'));
      await hidden(page.getByRole('progressbar', { name: 'Loading the server' }));
      expect(await page.getByText('Server not found').count()).toBe(0);

      await server.stop();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await visible(page.getByRole('heading', { level: 1, name }));
      await hidden(alert);
    } finally {
      await server.stop();
    }
  });
});

describe('a form that loads its choices, while they are slow and when they fail', () => {
  test('the order builder’s location and image steps show skeletons, then their errors with Try again, then their choices', async () => {
    // A page of its own: the locations are kept in the session once loaded.
    const { page: builder } = await e2e.newPage();
    await e2e.loginAs(builder, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const locations = await holdRequests(builder, '**/api/HostingLocations?*');
    const images = await holdRequests(builder, '**/api/NewOrderGetSystems*');
    try {
      await builder.goto('/new-order');
      const locationStep = builder.getByRole('region', { name: 'Location' });
      const imageStep = builder.getByRole('region', { name: 'System image' });
      await visible(locationStep.getByRole('progressbar', { name: 'Loading locations…' }));
      await visible(imageStep.getByRole('progressbar', { name: 'Loading system images…' }));
      // The demo account is offered the free trial once per session (a read not held here): decline it.
      const trial = builder.getByRole('dialog', { name: 'Try a server for free' });
      await visible(trial);
      await trial.getByRole('button', { name: 'No, thanks' }).click();
      await hidden(trial);
      expect(await builder.getByRole('radio', { name: /Frankfurt|Lisbon|Debian|Ubuntu/ }).count()).toBe(0);

      locations.release('fail');
      images.release('fail');
      for (const step of [locationStep, imageStep]) {
        const alert = step.getByRole('alert').filter({ hasText: 'Could not load' });
        await visible(alert.getByText('The test made this read fail'));
        await hidden(step.getByRole('progressbar'));
      }
      expect(await builder.getByRole('radio', { name: /Frankfurt|Debian/ }).count()).toBe(0);

      await locations.stop();
      await images.stop();
      await locationStep.getByRole('button', { name: 'Try again' }).click();
      await visible(locationStep.getByRole('radio', { name: /Frankfurt, Germany/ }));
      await imageStep.getByRole('button', { name: 'Try again' }).click();
      await visible(imageStep.getByRole('radio', { name: /Debian 12/ }));
      await hidden(locationStep.getByRole('alert'));
      await hidden(imageStep.getByRole('alert'));
    } finally {
      await locations.stop();
      await images.stop();
    }
  });
});

describe('a settings form that loads its choices', () => {
  test('the timezone field waits behind a skeleton, fails with Try again, then offers the timezones', async () => {
    const zones = await holdRequests(page, '**/api/Timezones*');
    try {
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Timezone' });
      await visible(section.getByRole('progressbar', { name: 'Loading timezones…' }));
      expect(await section.getByRole('combobox', { name: 'Timezone' }).count()).toBe(0);

      zones.release('fail');
      const alert = section.getByRole('alert').filter({ hasText: 'Could not load' });
      await visible(alert.getByText('The test made this read fail'));

      await zones.stop();
      await alert.getByRole('button', { name: 'Try again' }).click();
      await visible(section.getByRole('combobox', { name: 'Timezone' }));
      await hidden(alert);
    } finally {
      await zones.stop();
    }
  });
});
