/**
 * The portal's Content-Security-Policy (script-src 'self', no 'unsafe-eval') holds without a single
 * violation: zod runs without code generation in the browser, so validating forms logs nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { visible } from './helpers';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e?.stop());

/** Records every CSP violation and every console error the page reports, from its first script on. */
async function watch(page: Page): Promise<{ violations: () => Promise<string[]>; consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { consoleErrors, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

describe('Content-Security-Policy', () => {
  test('the register form validates, a user logs in and opens settings and a server without any CSP violation', async () => {
    const { page } = await e2e.newPage();
    const seen = await watch(page);
    const csp = (await page.goto('/register'))!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Validation runs the contract's zod schemas in the browser.
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Please correct the following errors before continuing.').first());
    expect(await seen.violations()).toEqual([]);

    await page.goto('/login');
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill(DEMO_USERS.demo.email);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(DEMO_USERS.demo.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/settings');
    await visible(page.getByRole('heading', { level: 1 }));
    await page.goto('/list-view');
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await seen.violations()).toEqual([]);
    expect(seen.consoleErrors.filter((t) => /Content Security Policy|unsafe-eval|EvalError/i.test(t))).toEqual([]);
  });
});
