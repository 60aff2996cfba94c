/**
 * Six languages all the way (issue 12), as a new customer meets them: at 390 px, in each of the six
 * languages, no button on the order screens (the builder, its free-trial offer, the cart at
 * /checkout) has its text cut, so the longest language of every button is covered; and a Polish
 * and a Hindi walk at 1440 and 390 px through the builder, the checkout, /billing with the dialogs
 * that open without paying, /my-services with a service and its dialogs, and /services-history
 * finds no English text (a text of the English locale the language translates otherwise, server
 * texts such as service descriptions included), no message key, no clipped button and no page
 * wider than the window. One login; the language is set as the app sets it (the account's
 * language through ProfileUpdateLanguage and the language cookie).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { cookies, hidden, onPath, visible } from './helpers';
import { LANGUAGES, clippedButtons, languageProblems, tx, type Lng } from './i18n-checks';

let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  ({ page } = await e2e.newPage({ viewport: { width: 1440, height: 900 } }));
  await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
});
afterAll(async () => {
  await e2e?.stop();
});

/** Switches the interface to `lng` as the language picker does: the account's language and the cookie. */
async function useLanguage(lng: Lng): Promise<void> {
  const token = (await cookies(page)).token;
  expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: lng }, token)).status).toBe(200);
  await page.evaluate((l) => {
    document.cookie = `language=${l}; path=/; SameSite=Strict`;
  }, lng);
}

/** Opens `path` in `lng` and waits for its level-1 heading. */
async function open(path: string, lng: Lng, heading: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction((l) => document.documentElement.lang === l, lng);
  await visible(page.getByRole('heading', { level: 1, name: heading, exact: true }));
}

const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });

/** Closes an open dialog with Escape, as a user may. */
async function closeDialog(d: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await hidden(d);
}

/** The free-trial offer comes once per session: the next visit to the builder offers it again. */
async function offerTrialAgain(): Promise<void> {
  await page.evaluate(() => {
    const raw = sessionStorage.getItem('serverBuilderData');
    const data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    sessionStorage.setItem('serverBuilderData', JSON.stringify({ ...data, trialOffered: false }));
  });
}

/** Declines the free-trial dialog of the builder in `lng`, running `check` on it first. */
async function declineTrial(lng: Lng, check: () => Promise<void>): Promise<void> {
  const offer = dialog(tx(lng, 'order:trial.title'));
  await visible(offer);
  await check();
  await offer.getByRole('button', { name: tx(lng, 'order:trial.decline'), exact: true }).click();
  await hidden(offer);
}

/** The builder with a whole configuration chosen (the first choice of every step), waiting for its price. */
async function builderReady(lng: Lng): Promise<void> {
  await visible(page.getByRole('button', { name: tx(lng, 'order:builder.add_to_cart'), exact: true }));
  await visible(page.getByTestId('price-lines'));
}

/** The checkout with its cart lines shown. */
async function checkoutReady(lng: Lng): Promise<void> {
  await visible(
    page
      .getByRole('list', { name: tx(lng, 'order:checkout.lines') })
      .getByRole('listitem')
      .first(),
  );
}

describe('the order screens in six languages at 390 px', () => {
  test('a server goes into the cart (English, the builder at its defaults plus a hostname)', async () => {
    await open('/new-order', 'en', tx('en', 'order:builder.title'));
    await declineTrial('en', async () => {});
    // Step by step, each in its own section: the model step shows its choices only once the
    // location and core type are chosen and the models have arrived.
    for (const step of ['step_location', 'step_core_type', 'step_model', 'step_image']) {
      const radio = page
        .getByRole('region', { name: tx('en', `order:builder.${step}`), exact: true })
        .getByRole('radio')
        .first();
      await visible(radio);
      await radio.click();
    }
    await page.getByLabel(tx('en', 'order:builder.hostname')).fill('walk-1');
    await builderReady('en');
    await page.getByRole('button', { name: tx('en', 'order:builder.add_to_cart'), exact: true }).click();
    await visible(page.getByRole('banner').getByRole('link', { name: tx('en', 'order:cart.button', { count: 1 }) }));
  });

  test.each([...LANGUAGES])(
    'in %s no button of the builder, its free-trial offer or the checkout has its text cut',
    async (lng) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const problems: string[] = [];
      const record = async (where: string) => {
        for (const b of await clippedButtons(page)) problems.push(`${where}: ${b}`);
      };
      await useLanguage(lng);
      await offerTrialAgain();
      await page.goto('/new-order');
      await page.waitForFunction((l) => document.documentElement.lang === l, lng);
      await declineTrial(lng, () => record('free-trial offer'));
      await visible(page.getByRole('heading', { level: 1, name: tx(lng, 'order:builder.title'), exact: true }));
      await builderReady(lng);
      await record('/new-order');
      await open('/checkout', lng, tx(lng, 'order:checkout.title'));
      await checkoutReady(lng);
      await record('/checkout');
      expect(problems).toEqual([]);
    },
  );
});

describe.each(['pl', 'hi'] as const)('a walk in %s', (lng) => {
  describe.each([1440, 390])('at %i px', (width) => {
    const problems: string[] = [];
    const check = async (where: string) => problems.push(...(await languageProblems(page, lng, `${where} at ${width} px`)));

    beforeAll(async () => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await useLanguage(lng);
    });

    test('the builder and the checkout', async () => {
      await open('/new-order', lng, tx(lng, 'order:builder.title'));
      await builderReady(lng);
      await check('/new-order');
      await open('/checkout', lng, tx(lng, 'order:checkout.title'));
      await checkoutReady(lng);
      await check('/checkout');
    });

    test('billing, with the add-funds and pay-invoices dialogs', async () => {
      await open('/billing', lng, tx(lng, 'billing:title'));
      const invoices = page.getByRole('table', { name: tx(lng, 'billing:invoices.label'), exact: true });
      await visible(invoices.getByRole('row').nth(1));
      await visible(
        page
          .getByRole('table', { name: tx(lng, 'billing:deposits.label'), exact: true })
          .getByRole('row')
          .nth(1),
      );
      await check('/billing');

      await page.getByRole('button', { name: tx(lng, 'billing:balance.add_funds'), exact: true }).click();
      const deposit = dialog(tx(lng, 'payments:deposit_modal.title'));
      await visible(deposit.getByRole('button').last());
      await check('add-funds dialog');
      await closeDialog(deposit);

      const all = invoices.getByRole('checkbox', { name: tx(lng, 'billing:invoices.select_all'), exact: true });
      await all.check();
      await page.getByRole('button', { name: tx(lng, 'billing:selection.pay'), exact: true }).click();
      const pay = dialog(tx(lng, 'payments:pay_modal.title'));
      await visible(pay.getByRole('button').last());
      await check('pay-invoices dialog');
      await closeDialog(pay);
      await all.uncheck();
    });

    test('my services, a service with its cancel dialog, and the add-service dialog', async () => {
      await open('/my-services', lng, tx(lng, 'services:list.title'));
      const table = page.getByRole('table', { name: tx(lng, 'services:list.table_label'), exact: true });
      await visible(table.getByRole('row').nth(1));
      await check('/my-services');

      await page.getByRole('button', { name: tx(lng, 'services:list.add'), exact: true }).click();
      const add = dialog(tx(lng, 'services:add.title'));
      await visible(add.getByRole('button').last());
      await check('add-service dialog');
      await closeDialog(add);

      // A cloud server's service: its description is a text the server wrote.
      await table.getByRole('row').filter({ hasText: 'web-1.demo.example' }).getByRole('link').first().click();
      await page.waitForURL(/\/my-services\/\d+$/);
      const description = tx(lng, 'services:description.cloud_server', {
        model: 'S2R4',
        location: tx(lng, 'common:locations.lisbon'),
      });
      await visible(page.getByRole('heading', { level: 1, name: description, exact: true }));
      await visible(page.getByRole('button', { name: tx(lng, 'services:details.cancel'), exact: true }));
      await visible(page.getByRole('heading', { level: 2, name: tx(lng, 'services:details.history_title'), exact: true }));
      await check('service details');
      await page.getByRole('button', { name: tx(lng, 'services:details.cancel'), exact: true }).click();
      const cancel = dialog(tx(lng, 'services:cancel.title'));
      await visible(cancel.getByRole('button').last());
      await check('cancel-service dialog');
      await closeDialog(cancel);
    });

    test('the services history', async () => {
      await open('/services-history', lng, tx(lng, 'services:history.title'));
      await visible(page.getByText(tx(lng, 'services:change.created'), { exact: true }).filter({ visible: true }).first());
      await check('/services-history');
    });

    test('finds no English, no message key, no clipped button and no overflow', () => {
      expect(problems).toEqual([]);
    });
  });
});

describe('the walk can fail', () => {
  test('it reports English left on a Polish page and a button whose text is cut', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage('pl');
    await open('/billing', 'pl', tx('pl', 'billing:title'));
    await page.evaluate(
      (english) => {
        const main = document.querySelector('main')!;
        const p = document.createElement('p');
        p.textContent = english;
        main.prepend(p);
        const b = document.createElement('button');
        b.textContent = 'Dodaj do koszyka, proszę, i to natychmiast';
        b.style.cssText = 'width: 60px; white-space: nowrap; overflow: hidden';
        main.prepend(b);
      },
      tx('en', 'services:description.cloud_server', { model: 'S2R4', location: 'Lisbon' }),
    );
    const found = await languageProblems(page, 'pl', 'probe');
    expect(found.some((f) => f.includes('English left ("Cloud server S2R4 in Lisbon"'))).toBe(true);
    expect(found.some((f) => f.includes('clipped button Dodaj do koszyka'))).toBe(true);
    await onPath(page, '/billing');
  });
});
