/**
 * Small helpers shared by the browser tests: waiting on locators and addresses (playwright-core
 * has no auto-retrying expect), reading cookies and session storage as the page sees them, and
 * the login form.
 */
import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Locator, Page, Request, Route } from 'playwright-core';
import { expect } from 'vitest';
import { registerBody } from '../../server/test/factories.js';
import type { E2E } from './harness';

/** Waits until the locator is visible (default time-out of the page). */
export function visible(locator: Locator, timeout?: number): Promise<void> {
  return locator.waitFor({ state: 'visible', timeout });
}

/** Waits until the locator is hidden or gone. */
export function hidden(locator: Locator, timeout?: number): Promise<void> {
  return locator.waitFor({ state: 'hidden', timeout });
}

/**
 * Clicks a control once it is enabled (a switch stays disabled while its server's operation runs,
 * and a click on a disabled one does nothing). `force` passes over Mantine's visually hidden input.
 */
export async function clickWhenEnabled(locator: Locator, timeout = 20_000): Promise<void> {
  await expect.poll(() => locator.isEnabled(), { timeout }).toBe(true);
  await locator.click({ force: true });
}

/**
 * Waits until the address has exactly this path (same-document navigations included). It does
 * not wait for the load event: callers wait for the content they need.
 */
export async function onPath(page: Page, pathname: string, timeout?: number): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname, { timeout, waitUntil: 'commit' });
}

/** The texts a field's aria-describedby points at (its hint and its error), joined with ' | '. */
export async function messagesOf(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  return (await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()))).join(' | ');
}

/** The current path of the page. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The cookies the page's scripts see (document.cookie), decoded. */
export function cookies(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const part of document.cookie.split(';')) {
      const item = part.trim();
      if (!item) continue;
      const at = item.indexOf('=');
      out[decodeURIComponent(item.slice(0, at))] = decodeURIComponent(item.slice(at + 1));
    }
    return out;
  });
}

/** Every sessionStorage key and its raw value. */
export function sessionEntries(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i)!;
      out[key] = sessionStorage.getItem(key)!;
    }
    return out;
  });
}

/** Fills and submits the login form that is on screen (any of the three login routes). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** An address no other test uses. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/**
 * A new account registered and confirmed through the API, past the identity check (which would
 * otherwise send the new owner to /verification first), with the password `secret12`.
 */
export async function verifiedAccount(e2e: E2E, tag: string): Promise<{ email: string; password: string; clientId: string }> {
  const email = uniqueEmail(tag);
  const password = 'secret12';
  const r = await e2e.server.rpc(
    'register',
    registerBody({ p_email: email, p_password: password, p_password_confirm: password }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const code = /\b(\d{6})\b/.exec((await e2e.server.lastMail(email))?.text ?? '')?.[1];
  expect((await e2e.server.rpc('ConfirmEmail', { p_email: email, p_otp: code })).status).toBe(200);
  const row = await e2e.server.db.owner.query<{ client_id: string }>(
    `UPDATE clients SET verification_status = 'approved' WHERE id = (SELECT client_id FROM users WHERE lower(email) = $1) RETURNING id AS client_id`,
    [email],
  );
  return { email, password, clientId: row.rows[0]!.client_id };
}

/** The sidebar (AppShell navbar, a <nav> labelled 'Main navigation'). */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/**
 * The sidebar link (or dialog `button`) `name` inside the group `group`, shown: opens the group when it is shut, and
 * again if the shell folded it meanwhile (a group follows the route's area, and the page may still
 * settle after login).
 */
export async function sidebarLink(page: Page, group: string, name: string, role: 'link' | 'button' = 'link'): Promise<Locator> {
  const button = sidebar(page).getByRole('button', { name: group });
  const link = sidebar(page).getByRole(role, { name });
  await expect
    .poll(
      async () => {
        if (await link.isVisible()) return true;
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        return link.isVisible();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  return link;
}

/** The Mantine red error banner of the shell. */
export function errorBanner(page: Page): Locator {
  return page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Close error' }) });
}

/** A full-page screenshot for review, written only when E2E_SHOTS_DIR names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The colour schemes the portal offers besides following the system. */
export type Scheme = 'light' | 'dark';

/**
 * Waits until the page has settled: its h1 is shown, no skeleton, loader or busy region is left,
 * and no finite CSS animation or transition is still running (a fading dialog would be measured
 * half transparent).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.querySelector('h1')) return false;
    const busy = document.querySelectorAll('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root');
    if (Array.from(busy).some((el) => (el as HTMLElement).offsetParent !== null)) return false;
    return document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity);
  });
}

/**
 * Switches the system colour scheme the page sees and waits until the portal (which follows it by
 * default) has drawn the page in it.
 */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((s) => document.documentElement.getAttribute('data-mantine-color-scheme') === s, scheme);
  await settled(page);
}

/** Loads axe-core into every document the page opens from now on (once per load, not per check). */
export async function withAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: axe.source });
}

/** One axe violation of impact serious or critical, as the failure lists it. */
export interface A11yProblem {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The rules whose answer depends on colours; the rest read the DOM, which both schemes share. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA and axe's best practices, plus the check that a control's
 * name contains its visible label) on the page and answers its serious and critical violations.
 * With `coloursOnly` it runs just the colour rules (for a second scheme of the same page).
 * axe is evaluated through the DevTools protocol, which the portal's CSP (script-src 'self') allows.
 */
export async function a11yProblems(page: Page, opts: { coloursOnly?: boolean } = {}): Promise<A11yProblem[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = opts.coloursOnly
    ? { runOnly: { type: 'rule', values: COLOUR_RULES }, resultTypes: ['violations'] }
    : { rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] };
  const results = await page.evaluate((o) => (window as unknown as { axe: typeof axe }).axe.run(document, o), options);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    }));
}

/** What a held read answers once released: its real answer, or a failure in the catalogue's shape. */
export type HeldAnswer = 'pass' | 'fail';

/**
 * Holds the page's requests matching `url` (and `filter`) unanswered until the test releases
 * them, so a test sees a loading state for as long as it needs instead of guessing a delay; then
 * answers them, and every later one, with the real answer or a 503 in the error catalogue's shape.
 */
export async function holdRequests(
  page: Page,
  url: string,
  filter: (request: Request) => boolean = () => true,
): Promise<{ release(answer: HeldAnswer): void; count(): number; stop(): Promise<void> }> {
  let answer: HeldAnswer | null = null;
  let seen = 0;
  const held: Route[] = [];
  const respond = (route: Route, a: HeldAnswer) =>
    a === 'pass'
      ? route.continue()
      : route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'E2E_DOWN', message: 'The test made this read fail', hint: null, details: null }),
        });
  const handler = (route: Route) => {
    if (!filter(route.request())) return route.fallback();
    seen++;
    if (answer === null) {
      held.push(route);
      return Promise.resolve();
    }
    return respond(route, answer);
  };
  await page.route(url, handler);
  return {
    release(a) {
      answer = a;
      for (const route of held.splice(0)) void respond(route, a).catch(() => undefined);
    },
    count: () => seen,
    async stop() {
      await page.unroute(url, handler);
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}
