/**
 * The interface language (spec 1 §2 Top bar and Route guard, §4 Referral, spec 2 §9 cookies):
 * the top-bar picker, the login page's picker, the language cookie and its fallback, the
 * account's stored language, and referral links.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, pathOf, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The language stored on the demo owner's account. */
async function accountLanguage(): Promise<string> {
  const r = await e2e.server.db.owner.query<{ language: string }>(
    `SELECT c.language FROM clients c JOIN users u ON u.client_id = c.id WHERE u.email = $1`,
    [DEMO_USERS.demo.email],
  );
  return r.rows[0]!.language;
}

describe('top-bar language picker', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.newPage());
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
  });

  test('each language changes the visible texts, <html lang>, the language cookie and the account language', async () => {
    expect(await htmlLang(page)).toBe('en');
    await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    const steps = [
      { code: 'de', name: 'Deutsch', title: 'Übersicht', greeting: 'Hallo, Dana', search: 'Suchen' },
      { code: 'pl', name: 'Polski', title: 'Pulpit', greeting: 'Cześć, Dana', search: 'Szukaj' },
      { code: 'fi', name: 'Suomi', title: 'Kojelauta', greeting: 'Hei, Dana', search: 'Hae' },
      { code: 'hi', name: 'हिन्दी', title: 'डैशबोर्ड', greeting: 'नमस्ते, Dana', search: 'खोजें' },
      { code: 'pt', name: 'Português', title: 'Painel', greeting: 'Olá, Dana', search: 'Pesquisar' },
    ];
    let current = 'English';
    for (const step of steps) {
      // The picker's name is '<Language>: <current language's own name>' in the current language.
      await page.getByRole('button', { name: new RegExp(`: ${current}$`) }).click();
      await page.getByRole('menuitem', { name: step.name }).click();
      await visible(page.getByRole('heading', { level: 1, name: step.title }));
      await visible(page.getByRole('button', { name: step.greeting }));
      await visible(page.getByRole('searchbox', { name: step.search }));
      expect(await htmlLang(page), step.code).toBe(step.code);
      expect((await cookies(page)).language, step.code).toBe(step.code);
      await expect.poll(accountLanguage).toBe(step.code);
      current = step.name;
    }
    // The profile the API answers holds the saved language too.
    const token = (await cookies(page)).token;
    const profile = await e2e.server.get('MyProfile', token);
    expect(profile.body[0].language).toBe('pt');
  });

  test('the chosen language survives a reload', async () => {
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Painel' }));
    expect(await htmlLang(page)).toBe('pt');
    expect((await cookies(page)).language).toBe('pt');
  });

  test('location names are in the reader’s language too', async () => {
    await page.goto('/list-view');
    const list = page.getByRole('main');
    await visible(list.getByText('Lisboa', { exact: true }).first());
    expect(await list.getByText('Lisbon', { exact: true }).count()).toBe(0);
  });

  test("the account's language applies at the next login in a fresh browser", async () => {
    const fresh = await e2e.newPage();
    await e2e.loginAs(fresh.page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await visible(fresh.page.getByRole('heading', { level: 1, name: 'Painel' }));
    expect(await htmlLang(fresh.page)).toBe('pt');
    expect((await cookies(fresh.page)).language).toBe('pt');
  });
});

describe('logged out', () => {
  test('a language cookie with an unsupported value falls back to English', async () => {
    const { page, context } = await e2e.newPage({ locale: 'de-DE' });
    await context.addCookies([{ name: 'language', value: 'xx', url: e2e.server.url }]);
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Log in' }));
    expect(await htmlLang(page)).toBe('en');
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
  });

  test("the login page's picker switches the language without saving it to any account", async () => {
    const { page, context } = await e2e.newPage();
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/rpc/ProfileUpdateLanguage')) saves.push(r.url());
    });
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Log in' }));
    await page.getByLabel('Language').selectOption('de');
    await visible(page.getByRole('heading', { level: 1, name: 'Anmelden' }));
    await visible(page.getByRole('link', { name: 'Passwort vergessen?' }));
    expect(await htmlLang(page)).toBe('de');
    expect((await cookies(page)).language).toBe('de');
    // Spec 2 §9: the language cookie lasts 7 days and is Secure (127.0.0.1 is a secure context) and Strict.
    const cookie = (await context.cookies()).find((c) => c.name === 'language')!;
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', secure: true });
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(cookie.expires * 1000 - Date.now()).toBeLessThan(7 * 86_400_000 + 60_000);

    await page.getByLabel('Sprache').selectOption('fi');
    await visible(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }));
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' }));
    expect(await htmlLang(page)).toBe('fi');
    expect(saves).toEqual([]);
  });
});

describe('error texts', () => {
  test('a catalogue error is shown in the interface language (the server marks its texts as the catalogue’s own)', async () => {
    const { page, context } = await e2e.newPage();
    await context.addCookies([{ name: 'language', value: 'de', url: e2e.server.url }]);
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Anmelden' }));
    await page.getByLabel('E-Mail').fill('nobody@portside.test');
    await page.getByLabel('Passwort', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await visible(page.getByText('E-Mail-Adresse oder Passwort ungültig'));
  });
});

describe('referral links', () => {
  test('/login?ref=DEABCDE sets the language de and the referrer cookie ABCDE, and drops the parameter', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/login?ref=DEABCDE');
    await visible(page.getByRole('heading', { level: 1, name: 'Anmelden' }));
    expect(await htmlLang(page)).toBe('de');
    const c = await cookies(page);
    expect(c.language).toBe('de');
    expect(c.referrer).toBe('ABCDE');
    const referrer = (await context.cookies()).find((k) => k.name === 'referrer')!;
    expect(referrer).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(referrer.expires * 1000 - Date.now()).toBeLessThan(86_400_000 + 60_000);
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
  });

  test('/login?ref=PLDBSSH sets the language pl but no referrer cookie (DBSSH means no referrer)', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login?ref=PLDBSSH');
    await visible(page.getByRole('heading', { level: 1, name: 'Zaloguj się' }));
    expect(await htmlLang(page)).toBe('pl');
    const c = await cookies(page);
    expect(c.language).toBe('pl');
    expect(c).not.toHaveProperty('referrer');
  });
});
