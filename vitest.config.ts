import { defineConfig } from 'vitest/config';

/** One runner, three projects: unit tests (contract rules, web helpers and locale files), API tests on real PostgreSQL, browser tests. */
export default defineConfig({
  test: {
    // Three files at once on two cores: an API test file waits on PostgreSQL and its own server much
    // of the time (one at a time, the default here, left the machine 44% idle).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A worker imports the server once for all its files (isolated, importing took 37% of the
          // project's time). Each file still starts a server on a database of its own; state a helper
          // keeps must be per server (e.g. dedicated-factories' staff token), not per module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts', 'apps/web/e2e/global-setup.ts'],
          // As for the API tests: a worker imports the server once (262 s of imports before), each file
          // still starts its own server and browser.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Two files at once (one at a time left the two-core machine 42% idle). Pages are opened with
          // reduced motion, so no step meets a modal or toast half-way in its transition.
          maxWorkers: 2,
          // Its own group, after the others: a project with its own maxWorkers needs one.
          sequence: { groupOrder: 1 },
          env: { NODE_ENV: 'test' },
        },
      },
    ],
  },
});
