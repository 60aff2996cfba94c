/**
 * The staff's abuse report queue in the browser (issue 16): a visitor's notice sent through the API
 * with HTML in it shows as plain text; staff decide it from /abuse-reports with a note, which the
 * reporter gets by e-mail; a report decided meanwhile by someone else answers in the catalogue's
 * shape; the list pages and fits 390 px; a customer sees the staff-only panel and stays logged in.
 * axe runs in the light and dark schemes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { clippedButtons, languageProblems, tx, type Lng } from './i18n-checks';
import {
  a11yProblems,
  cookies,
  hidden,
  onPath,
  pathOf,
  settled,
  shot,
  sidebar,
  sidebarLink,
  submitLogin,
  uniqueEmail,
  useScheme,
  visible,
} from './helpers';

let e2e: E2E;
let staffToken: string;

beforeAll(async () => {
  e2e = await startE2E();
  staffToken = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});

afterAll(async () => {
  await e2e?.stop();
});

/** An explanation that would run script if the page ever rendered it as HTML. */
const HOSTILE = 'Fake bank login <script>window.__abuse = 1</script> <img src=x onerror="window.__abuse = 2"> here';

/** Sends a visitor's notice through the public call; answers its reference and the reporter's address. */
async function report(explanation: string, kind = 'phishing') {
  const email = uniqueEmail('reporter');
  const r = await e2e.server.rpc('ReportAbuse', {
    p_name: 'Rita <b>Reporter</b>',
    p_email: email,
    p_location: 'https://login-bank.example.test/verify?session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    p_kind: kind,
    p_explanation: explanation,
    p_good_faith: true,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const reference = (r.body as { reference: string }).reference;
  const row = await e2e.server.db.owner.query<{ id: string }>('SELECT id FROM abuse_reports WHERE reference = $1', [reference]);
  return { reference, email, id: Number(row.rows[0]!.id) };
}

/** Older open notices straight in the table, so that the queue needs a second page. */
async function olderReports(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const ref = `AR-2026-OLD${String(i).padStart(5, '0')}`;
    await e2e.server.db.owner.query(
      `INSERT INTO abuse_reports (reference, reporter_name, reporter_email, location, kind, explanation, good_faith, created_at)
       VALUES ($1, 'Old Reporter', 'old@example.test', '203.0.113.7', 'spam', 'Spam from this address', true, now() - interval '2 days')`,
      [ref],
    );
  }
}

/** The newest mail to `to` that mentions `text`, as the developer mailbox shows it. */
async function mailboxText(context: BrowserContext, to: string, text: string): Promise<string> {
  const tab = await context.newPage();
  try {
    await tab.goto('/dev/mailbox');
    await visible(tab.getByRole('heading', { name: 'Developer mailbox' }));
    await tab.getByLabel('Search by recipient').fill(to);
    const mail = tab.getByRole('article').filter({ hasText: text }).first();
    await visible(mail);
    return await mail.innerText();
  } finally {
    await tab.close();
  }
}

/** axe finds nothing serious in the light scheme, nor in the dark one's colours (shots of both for review). */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await shot(page, `abuse-${name}-light`);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await shot(page, `abuse-${name}-dark`);
  await useScheme(page, 'light');
}

describe('the abuse report queue', () => {
  test('staff read a hostile notice as text and decide it; the reporter is mailed the note', async () => {
    const hostile = await report(HOSTILE);
    await olderReports(11);
    const { page, context } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await (await sidebarLink(page, 'Admin', 'Abuse reports')).click();
    await onPath(page, '/abuse-reports');
    await visible(page.getByRole('heading', { name: 'Abuse reports', level: 1 }));
    await visible(page.getByText('12 reports wait for a decision'));

    const card = page.getByRole('article', { name: `Report ${hostile.reference}` });
    await visible(card);
    // Every text of the notice is shown as typed: the markup is visible and nothing of it ran.
    expect(await card.getByTestId('abuse-explanation').innerText()).toBe(HOSTILE);
    await visible(card.getByText('Rita <b>Reporter</b>'));
    await visible(card.getByText(hostile.email));
    await visible(card.getByText('Phishing or fraud'));
    await visible(card.getByText('Waiting', { exact: true }));
    expect(await card.locator('img, script, b').count()).toBe(0);
    expect(await card.getByRole('link').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __abuse?: number }).__abuse)).toBeUndefined();
    await expectAccessible(page, 'list');

    // Paging: ten on the first page, the rest (the older ones) on the second.
    expect(await page.getByRole('article').count()).toBe(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    // The first page stays shown until the second has come (no flash of a skeleton).
    await hidden(card);
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await visible(card);

    // The dialog asks for a decision before it sends anything.
    await card.getByRole('button', { name: `Decide report ${hostile.reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Decide report ${hostile.reference}` });
    await visible(dialog);
    await visible(dialog.getByText('The reporter is sent this decision and your note by e-mail.', { exact: false }));
    await dialog.getByRole('button', { name: 'Send the decision' }).click();
    await visible(dialog.getByText('Choose a decision'));
    await expectAccessible(page, 'dialog-invalid');

    await dialog.getByRole('radio', { name: 'Acted on it' }).check();
    await dialog.getByLabel('Note to the reporter (optional)').fill('We removed the page <b>today</b>.');
    await visible(dialog.getByText('33 of 2000 characters'));
    await dialog.getByRole('button', { name: 'Send the decision' }).click();
    await hidden(dialog);
    await visible(page.getByText(`Report ${hostile.reference} is marked as acted on; the reporter has been e-mailed.`));
    // Decided, it leaves the open list and shows in All reports with its decision.
    await hidden(card);
    await visible(page.getByText('11 reports wait for a decision'));
    await page.getByText('All reports', { exact: true }).click();
    await visible(page.getByText('12 reports in total'));
    await visible(card);
    await visible(card.getByText('Acted on', { exact: true }));
    await visible(card.getByText(new RegExp(`^Acted on, .*, by ${DEMO_USERS.staff.email}$`, 'i')));
    await visible(card.getByText('We removed the page <b>today</b>.'));
    await hidden(card.getByRole('button', { name: /Decide/ }));
    await expectAccessible(page, 'decided');

    const mail = await mailboxText(context, hostile.email, `Decision on your abuse report ${hostile.reference}`);
    expect(mail).toContain('We found the content in breach of our terms and acted on it.');
    expect(mail).toContain('We removed the page <b>today</b>.');
  });

  test('with the keyboard, at 390 px: a report decided meanwhile says so in the catalogue’s words', async () => {
    const taken = await report('Malware served from this address', 'malware');
    const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await page.goto('/abuse-reports');
    const card = page.getByRole('article', { name: `Report ${taken.reference}` });
    await visible(card);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'narrow');

    // Another staff member decides it while this one is still reading.
    const other = await e2e.server.rpc('ResolveAbuseReport', { p_report: taken.id, p_status: 'rejected' }, staffToken);
    expect(other.status, JSON.stringify(other.body)).toBe(200);

    await card.getByRole('button', { name: `Decide report ${taken.reference}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Decide report ${taken.reference}` });
    await visible(dialog);
    // The first choice has the focus; the arrow keys move between the two.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialog.getByRole('radio', { name: 'No breach found' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Nothing found at this address.');
    await expect
      .poll(() => dialog.getByLabel('Note to the reporter (optional)').inputValue())
      .toBe('Nothing found at this address.');
    await dialog.getByRole('button', { name: 'Send the decision' }).focus();
    await page.keyboard.press('Enter');
    const alert = dialog.getByRole('alert');
    await visible(alert.getByText('This report is closed already'));
    await visible(dialog);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'narrow-closed');

    // Closing the dialog shows the list read again: the report is no longer open.
    await page.keyboard.press('Escape');
    await hidden(dialog);
    await hidden(card);
  });

  test('a customer sees that the area is for staff, without the queue, and stays logged in', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await submitLogin(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await onPath(page, '/dashboard');
    await hidden(sidebar(page).getByRole('link', { name: 'Abuse reports' }));
    await page.goto('/abuse-reports');
    await visible(page.getByText('This area is for the provider’s staff'));
    await hidden(page.getByRole('article'));
    expect(pathOf(page)).toBe('/abuse-reports');
    await expectAccessible(page, 'customer');
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await onPath(page, '/dashboard');
  });

  test.each<Lng>(['pl', 'hi'])(
    'in %s at 390 px the queue and its dialog show no English, no key and no cut button',
    async (lng) => {
      const { page } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await e2e.loginAs(page, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
      const token = (await cookies(page)).token;
      const setLanguage = async (l: Lng) => {
        expect((await e2e.server.rpc('ProfileUpdateLanguage', { p_language: l }, token)).status).toBe(200);
        await page.evaluate((v) => {
          document.cookie = `language=${v}; path=/; SameSite=Strict`;
        }, l);
      };
      await setLanguage(lng);
      try {
        await page.goto('/abuse-reports');
        await page.waitForFunction((l) => document.documentElement.lang === l, lng);
        await visible(page.getByRole('heading', { level: 1, name: tx(lng, 'abuse:title') }));
        await visible(page.getByRole('article').first());
        await settled(page);
        const problems = [...(await languageProblems(page, lng, 'open')), ...(await clippedButtons(page))];
        await page.getByText(tx(lng, 'abuse:filter.all'), { exact: true }).click();
        await visible(page.getByText(tx(lng, 'abuse:card.decision')).first());
        await settled(page);
        problems.push(...(await languageProblems(page, lng, 'all')), ...(await clippedButtons(page)));
        await page.getByText(tx(lng, 'abuse:filter.open'), { exact: true }).click();
        await page
          .getByRole('button', { name: tx(lng, 'abuse:card.decide') })
          .first()
          .click();
        await visible(page.getByRole('dialog'));
        await page.getByRole('button', { name: tx(lng, 'abuse:decide.confirm') }).click();
        await visible(page.getByText(tx(lng, 'abuse:decide.choose')));
        await settled(page);
        problems.push(...(await languageProblems(page, lng, 'dialog')), ...(await clippedButtons(page)));
        expect(problems).toEqual([]);
      } finally {
        await setLanguage('en');
      }
    },
  );
});
