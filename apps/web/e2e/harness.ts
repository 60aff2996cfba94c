import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../server/test/harness.js';

export { DEMO_USERS } from '../../server/test/harness.js';

/** The test server's configuration, as startTestServer takes it. */
type TestConfig = NonNullable<Parameters<typeof startTestServer>[0]>;

const CHROMIUM_PATHS = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no background traffic). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = CHROMIUM_PATHS.find((p) => fs.existsSync(p));
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A page in a browser context of its own; `userAgent` makes it pass for another browser (e.g. a second device). */
  newPage(opts?: {
    viewport?: { width: number; height: number };
    locale?: string;
    userAgent?: string;
  }): Promise<{ page: Page; context: BrowserContext }>;
  /** Logs in through the login page and waits for the dashboard. */
  loginAs(page: Page, email: string, password: string): Promise<void>;
  stop(): Promise<void>;
}

/** `over` changes the test server's configuration (e.g. slower simulated tasks to watch progress). */
export async function startE2E(over: Partial<TestConfig> = {}): Promise<E2E> {
  // E2E_WEB_DIST (or WEB_DIST, as the server reads it) serves a SPA built elsewhere (vite build --outDir), e.g. so that a build running
  // in the same checkout cannot swap the hashed chunks under a running test.
  const webDist = process.env.E2E_WEB_DIST ?? process.env.WEB_DIST;
  const server = await startTestServer({ ...over, ...(webDist ? { webDist: path.resolve(webDist) } : {}) });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: opts.viewport ?? { width: 1280, height: 860 },
        locale: opts.locale ?? 'en-GB',
        // No transitions (the theme respects reduced motion): a step never meets a modal or toast half-way in.
        reducedMotion: 'reduce',
        ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, context };
    },
    async loginAs(page, email, password) {
      await page.goto('/login');
      await page
        .getByLabel(/e-?mail/i)
        .first()
        .fill(email);
      await page
        .getByLabel(/password/i)
        .first()
        .fill(password);
      await page.getByRole('button', { name: /log ?in|sign in/i }).click();
      await page.waitForURL('**/dashboard');
    },
    async stop() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}
