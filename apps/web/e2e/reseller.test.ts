/**
 * The reseller programme in the browser (issue 17): a visitor lands on /welcome/pl through the
 * demo reseller's link, registers in Polish and appears among the reseller's clients; the reseller
 * reads a client's invoices and commission and copies a banner's HTML snippet; the page is
 * accessible in light and dark and fits 390 px in Polish.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, cookies, onPath, settled, shot, uniqueEmail, useScheme, visible } from './helpers';
import { clippedButtons, languageProblems, tx } from './i18n-checks';

let e2e: E2E;
const CODE = 'RESEL';
const RESELLER = DEMO_USERS.reseller;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** The six-digit code of the newest mail to `to`. */
async function mailedCode(to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await e2e.server.lastMail(to))?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** The demo reseller's /reseller page, at `path`'s section. */
async function resellerPage(path = '/reseller', viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await e2e.newPage(viewport ? { viewport } : {});
  await e2e.loginAs(page, RESELLER.email, RESELLER.password);
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1, name: 'Reseller programme' }));
  await settled(page);
  return page;
}

describe('a visitor brought by a referral link', () => {
  test('lands on /welcome/pl in Polish with the offers, registers, and appears as the reseller’s client', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto(`/welcome/pl?ref=pl${CODE}`);
    await page.waitForFunction(() => document.documentElement.lang === 'pl');
    await visible(page.getByRole('heading', { level: 1, name: tx('pl', 'auth:welcome.title_country', { country: 'Polska' }) }));
    // What the provider offers, from the public offers calls: each location with its lowest prices.
    await visible(page.getByRole('heading', { name: tx('pl', 'reseller:offers.heading') }));
    await visible(page.getByText(/^Serwery chmurowe: od .+ miesięcznie$/).first());
    await visible(page.getByText(/^Serwery dedykowane: od .+ miesięcznie$/).first());
    // The code is kept in the referrer cookie and dropped from the address; nothing else is recorded.
    expect((await cookies(page)).referrer).toBe(CODE);
    expect(new URL(page.url()).search).toBe('');
    await settled(page);
    expect(await languageProblems(page, 'pl', 'welcome')).toEqual([]);
    await shot(page, 'reseller-welcome-pl');

    await page.getByRole('link', { name: tx('pl', 'auth:welcome.register') }).click();
    await onPath(page, '/register');
    const who = { first: 'Paulina', last: 'Polecona', email: uniqueEmail('polecona'), password: 'pass4ref' };
    const label = (key: string) => page.getByLabel(tx('pl', `auth:${key}`), { exact: true });
    await label('register.personal.first_name').fill(who.first);
    await label('register.personal.last_name').fill(who.last);
    await label('common.email').fill(who.email);
    await label('common.password').fill(who.password);
    await label('register.security.password_confirm').fill(who.password);
    await label('register.billing.address').fill('ul. Długa 5');
    await label('register.billing.city').fill('Warszawa');
    await label('register.billing.country').selectOption({ value: 'PL' });
    await label('register.billing.state').fill('mazowieckie');
    await label('register.billing.postcode').fill('00-238');
    await label('register.billing.phone_number').fill('501200300');
    await page.getByRole('button', { name: tx('pl', 'auth:register.submit') }).click();
    await onPath(page, '/register-confirmation');
    const confirmed = await e2e.server.rpc('ConfirmEmail', { p_email: who.email, p_otp: await mailedCode(who.email) });
    expect(confirmed.status).toBe(200);
    await context.close();

    const reseller = await resellerPage();
    const row = reseller.getByRole('row').filter({ hasText: `${who.first} ${who.last}` });
    await visible(row);
    await visible(row.getByText('Through your link · 10% commission'));
    await visible(row.getByText('Active'));
  });
});

describe('the reseller’s page', () => {
  test('opens a client’s invoices from the list: commission on the paid ones, per month and in all', async () => {
    // Before a client is chosen: the commission per month over all clients (two paid invoices, one open).
    const all = await resellerPage('/reseller?tab=invoices');
    await visible(all.getByText('Total for all your clients (3 invoices)'));
    await all.close();
    const page = await resellerPage();
    await page.getByRole('button', { name: 'Invoices of Clara Design Lda' }).click();
    await visible(page.getByRole('tab', { name: 'Invoices', selected: true }));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('invoices');
    const table = page.getByRole('table', { name: 'Invoices of Clara Design Lda (Clara Cliente)' });
    await visible(table);
    expect(await table.getByRole('row').count()).toBe(3); // the header and two paid invoices
    await visible(page.getByRole('table', { name: 'Commission per month' }));
    await visible(page.getByText('Total for Clara Design Lda (Clara Cliente) (2 invoices)'));
    // Bruno's invoice is open: it earns nothing.
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'Kunde Apps GmbH (Bruno Kunde)' }).click();
    const bruno = page.getByRole('table', { name: 'Invoices of Kunde Apps GmbH (Bruno Kunde)' });
    await visible(bruno);
    await visible(bruno.getByRole('cell', { name: /^€0\.00$/ }));
  });

  test('copies the banner’s HTML snippet with the referral code; the banner is a file of the site', async () => {
    const page = await resellerPage('/reseller?tab=promote');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('label', { hasText: '300 × 250' }).click();
    expect(await page.getByRole('radio', { name: '300 × 250' }).isChecked()).toBe(true);
    await visible(page.getByText('HTML snippet of the 300 × 250 banner'));
    await page.getByRole('button', { name: 'Copy the HTML snippet' }).click();
    await visible(page.getByRole('button', { name: 'Copy the HTML snippet' }).getByText('Copied'));
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    const origin = new URL(page.url()).origin;
    expect(snippet).toBe(
      `<a href="${origin}/welcome/GB?ref=en${CODE}"><img src="${origin}/banners/en/banner-300x250.svg" width="300" height="250" alt="Cloud and dedicated servers in Lisbon and Frankfurt: Portside Cloud, Lda."></a>`,
    );
    const preview = page.getByRole('img', { name: 'Preview of the 300 × 250 banner' });
    await visible(preview);
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    const svg = await fetch(`${e2e.server.url}/banners/en/banner-300x250.svg`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('Portside Cloud, Lda.');

    // Another language and country: the landing link follows, and copies as it is shown.
    await page.getByRole('combobox', { name: 'Language of the landing page' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Copy the landing page link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/welcome/DE?ref=de${CODE}`);
  });

  test('has no serious accessibility problem in light and dark, on every section', async () => {
    const page = await resellerPage();
    for (const tab of ['Clients', 'Invoices', 'Client files', 'Links and banners']) {
      await page.getByRole('tab', { name: tab }).click();
      await settled(page);
      await useScheme(page, 'light');
      expect(await a11yProblems(page), tab).toEqual([]);
      await useScheme(page, 'dark');
      expect(await a11yProblems(page, { coloursOnly: true }), tab).toEqual([]);
      await shot(page, `reseller-${tab.replace(/ /g, '-')}-dark`);
    }
  });

  test('fits 390 px in Polish with no English, no key and no cut button', async () => {
    const page = await resellerPage('/reseller', { width: 390, height: 844 });
    const token = (await cookies(page)).token!;
    const setLanguage = async (l: 'pl' | 'en') => {
      expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: l }, token)).status).toBe(200);
      await page.evaluate((v) => {
        document.cookie = `language=${v}; path=/; SameSite=Strict`;
      }, l);
    };
    await setLanguage('pl');
    try {
      const problems: string[] = [];
      for (const tab of ['clients', 'invoices', 'files', 'promote']) {
        await page.goto(`/reseller?tab=${tab}&client=${await claraId()}`);
        await page.waitForFunction(() => document.documentElement.lang === 'pl');
        await visible(page.getByRole('heading', { level: 1, name: tx('pl', 'reseller:title') }));
        await settled(page);
        problems.push(...(await languageProblems(page, 'pl', tab)), ...(await clippedButtons(page)));
        await shot(page, `reseller-${tab}-pl-390`);
      }
      expect(problems).toEqual([]);
    } finally {
      await setLanguage('en');
    }
  });
});

async function claraId(): Promise<string> {
  const r = await e2e.server.db.owner.query<{ client_id: string }>(
    `SELECT client_id FROM users WHERE email = 'clara@portside.test'`,
  );
  return r.rows[0]!.client_id;
}
