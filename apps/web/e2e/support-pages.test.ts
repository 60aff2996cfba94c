/**
 * The public support pages in the browser (issue 16): a logged-out visitor reports abuse (the
 * contract's messages, the reference, the receipt in the developer mailbox, the rate limit), reads
 * the privacy policy's default text and then the one staff wrote (sanitised), and opens a visitor's
 * ticket from /contact; a customer opens a ticket from /contact and sees the client area. axe runs
 * on every page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, hidden, onPath, shot, uniqueEmail, useScheme, visible } from './helpers';
import { languageProblems, tx, type Lng } from './i18n-checks';

let e2e: E2E;
let staffToken: string;

beforeAll(async () => {
  e2e = await startE2E();
  staffToken = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
});

afterAll(async () => {
  await e2e?.stop();
});

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

/** axe finds nothing serious in the light scheme, nor in the dark one's colours. */
async function expectAccessible(page: Page): Promise<void> {
  await useScheme(page, 'light');
  expect(await a11yProblems(page)).toEqual([]);
  await useScheme(page, 'dark');
  expect(await a11yProblems(page, { coloursOnly: true })).toEqual([]);
  await useScheme(page, 'light');
}

/** Sets (or, with '', removes) the help text of a label as staff do: PATCH Helptexts?label=eq.{label}. */
async function patchHelptext(label: string, html: string): Promise<void> {
  const r = await e2e.server.call('PATCH', `/api/Helptexts?label=eq.${label}`, { token: staffToken, body: { html } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/**
 * Sets (or, with '', removes) the help text of a label straight in the table, unsanitised: the page
 * must stay safe even with HTML the server's sanitiser never saw.
 */
async function setHelptext(label: string, html: string): Promise<void> {
  if (html === '') await e2e.server.db.owner.query('DELETE FROM helptexts WHERE label = $1', [label]);
  else
    await e2e.server.db.owner.query(
      `INSERT INTO helptexts (label, html) VALUES ($1, $2) ON CONFLICT (label) DO UPDATE SET html = $2, updated_at = now()`,
      [label, html],
    );
}

describe('the abuse report', () => {
  test('a logged-out visitor sends a notice: the reference shows and the receipt is in the mailbox', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/report-of-abuse-and-illegal-content');
    await visible(page.getByRole('heading', { name: 'Report of abuse and illegal content', level: 1 }));
    await expectAccessible(page);

    // The contract's messages, before anything is sent.
    await page.getByRole('button', { name: 'Send the notice' }).click();
    await visible(page.getByText('Your name is required'));
    await visible(page.getByText('Say where the content is: a URL, an IP address or a server'));
    await visible(page.getByText('Choose what kind of abuse it is'));
    await visible(page.getByText('Explain why the content is abusive or illegal'));
    await visible(page.getByText('Confirm that the notice is accurate and made in good faith'));
    await expectAccessible(page);

    const email = uniqueEmail('reporter');
    await page.getByLabel('Your name').fill('Rita <b>Reporter</b>');
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByLabel('Where is the content?').fill('https://login-bank.example.test/verify');
    await page.getByLabel('Kind of abuse').selectOption('phishing');
    await page.getByLabel('Explanation').fill('A copy of my bank\'s login page <img src=x onerror="window.__typed=1">');
    await page.getByLabel(/I confirm that the information in this notice is accurate/).check();
    await page.getByRole('button', { name: 'Send the notice' }).click();

    await visible(page.getByText('Thank you: your notice was received'));
    const reference = (await page.getByTestId('abuse-reference').innerText()).trim();
    expect(reference).toMatch(/^AR-\d{4}-[A-Z0-9]{8}$/);
    await visible(page.getByText(`A receipt with this reference was e-mailed to ${email}.`));
    await expectAccessible(page);
    await shot(page, 'support-abuse-receipt');

    const mail = await mailboxText(context, email, reference);
    expect(mail).toContain('https://login-bank.example.test/verify');
    // Nothing the visitor typed ran as HTML anywhere.
    expect(await page.evaluate(() => (window as unknown as { __typed?: number }).__typed)).toBeUndefined();
  });

  test('past the hourly limit the form says so plainly', async () => {
    const { page } = await e2e.newPage();
    // Fill the hour's allowance from this address (the browser's too: both are on loopback).
    for (let i = 0; i < 5; i++) {
      const r = await e2e.server.rpc('ReportAbuse', {
        p_name: 'Limit',
        p_email: uniqueEmail('limit'),
        p_location: '203.0.113.9',
        p_kind: 'spam',
        p_explanation: 'Spam from this address',
        p_good_faith: true,
      });
      if (r.status === 429) break;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await page.goto('/report-of-abuse-and-illegal-content');
    await page.getByLabel('Your name').fill('Late Reporter');
    await page.getByLabel('Your e-mail address').fill(uniqueEmail('late'));
    await page.getByLabel('Where is the content?').fill('203.0.113.10');
    await page.getByLabel('Kind of abuse').selectOption('malware');
    await page.getByLabel('Explanation').fill('Malware served from this address');
    await page.getByLabel(/I confirm that the information/).check();
    await page.getByRole('button', { name: 'Send the notice' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Too many notices' });
    await visible(alert);
    await visible(alert.getByText(/Wait an hour and send it again/));
    await hidden(page.getByText('Thank you: your notice was received'));
  });
});

describe('the content pages', () => {
  test('the privacy policy shows its default text to a visitor, then the text staff wrote, sanitised', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/privacy-policy');
    await onPath(page, '/privacy-policy');
    await visible(page.getByRole('heading', { name: 'Privacy policy', level: 1 }));
    await visible(page.getByText(/This policy explains which personal data the customer portal stores/));
    const footer = page.getByRole('navigation', { name: 'Legal and contact' });
    await visible(footer.getByRole('link', { name: 'Terms of service' }));
    await visible(footer.getByRole('link', { name: 'Report of abuse and illegal content' }));
    await expectAccessible(page);

    await setHelptext(
      'privacy_policy',
      '<h2>Our own policy</h2><p>Written by staff.</p><img src="x" onerror="window.__helptext=1"><script>window.__helptext=2</script>',
    );
    try {
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Our own policy' }));
      await visible(page.getByText('Written by staff.'));
      await visible(page.getByText(/^Last updated: /));
      await hidden(page.getByText(/This policy explains which personal data/));
      expect(await page.evaluate(() => (window as unknown as { __helptext?: number }).__helptext)).toBeUndefined();
    } finally {
      await setHelptext('privacy_policy', '');
    }
    // Removed: the default shows again.
    await page.reload();
    await visible(page.getByText(/This policy explains which personal data the customer portal stores/));

    // The terms open for visitors too, from the footer.
    await page.getByRole('navigation', { name: 'Legal and contact' }).getByRole('link', { name: 'Terms of service' }).click();
    await onPath(page, '/terms-of-service');
    await visible(page.getByRole('heading', { name: 'Terms of service', level: 1 }));
    await expectAccessible(page);
  });

  test("a customer's client area shows the billing overview, and a page's help text shows in a help panel", async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/client-area');
    await visible(page.getByRole('heading', { name: 'Client area', level: 1 }));
    await visible(page.getByTestId('client-area-balance'));
    await visible(page.getByRole('link', { name: 'Go to billing' }));
    await expectAccessible(page);
    await shot(page, 'support-client-area');
    await page.goto('/dummy');
    await visible(page.getByRole('heading', { name: 'Placeholder page', level: 1 }));
    await visible(page.getByText('This page intentionally shows no content.'));
    await expectAccessible(page);

    await patchHelptext('projects', '<p>Projects group your servers and SSH keys.</p>');
    try {
      await page.goto('/projects');
      const panel = page.getByRole('complementary', { name: 'Help for this page' });
      await visible(panel.getByText('Projects group your servers and SSH keys.'));
      await expectAccessible(page);
      await shot(page, 'support-help-panel');
      await panel.getByRole('button', { name: /Help for this page/ }).click();
      await hidden(panel.getByText('Projects group your servers and SSH keys.'));
      // Folded stays folded on the next visit.
      await page.reload();
      await visible(panel.getByRole('button', { name: /Help for this page/ }));
      await hidden(panel.getByText('Projects group your servers and SSH keys.'));
    } finally {
      await patchHelptext('projects', '');
    }
    // No text: no panel.
    await page.goto('/dashboard');
    await page.goto('/projects');
    await visible(page.getByRole('heading', { name: 'My projects', level: 1 }));
    await hidden(page.getByRole('complementary', { name: 'Help for this page' }));
  });
});

describe('the contact page', () => {
  test('a logged-out visitor opens a ticket and is asked to confirm it from the mailbox', async () => {
    const { page, context } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/contact');
    await onPath(page, '/contact');
    await visible(page.getByRole('heading', { name: 'Contact', level: 1 }));
    await visible(page.getByRole('link', { name: 'Community chat' }));
    await expectAccessible(page);
    // Usable at 390 px: nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Your name is required'));
    await visible(page.getByText('Title is empty'));
    const email = uniqueEmail('visitor');
    await page.getByLabel('Your name').fill('Vera Visitor');
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByLabel(/^Title/).fill('Question about dedicated servers');
    await page.getByLabel(/^Description/).fill('Do you offer servers with 256 GB of RAM in Frankfurt?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Check your mailbox'));
    await visible(page.getByText(`We sent a link to ${email}.`, { exact: false }));
    await expectAccessible(page);
    await shot(page, 'support-contact-visitor-sent');

    const mail = await mailboxText(context, email, 'Question about dedicated servers');
    expect(mail).toMatch(/\/tickets\?ticket=\d+&key=[A-Za-z0-9_-]{43}/);
  });

  test('a customer opens a ticket from Synology\'s "Contact us" and gets a link to it', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/synology');
    await visible(page.getByRole('heading', { name: 'Synology NAS backup', level: 1 }));
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Contact us' }).click();
    await onPath(page, '/contact');
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Synology NAS backup target');
    // Logged in: no name or address to give.
    await hidden(page.getByLabel('Your e-mail address'));
    await page.getByLabel(/^Description/).fill('We need 4 TB for two DS920+ units.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const opened = page.getByRole('status').filter({ hasText: /Ticket #\d+ is open/ });
    await visible(opened);
    await shot(page, 'support-contact-customer-sent');
    const ticket = /#(\d+)/.exec(await opened.innerText())![1];
    expect(await opened.getByRole('link', { name: `View ticket #${ticket}` }).getAttribute('href')).toBe(
      `/tickets?ticket=${ticket}`,
    );
    const token = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const mine = await e2e.server.get(`MyTickets?ticket=eq.${ticket}`, token);
    expect(mine.body).toMatchObject([{ title: 'Synology NAS backup target', status: 'open' }]);
    await expectAccessible(page);
  });
});

describe('the support pages in other languages', () => {
  test.each<Lng>(['hi', 'fi'])(
    'a visitor reads them in %s at 390 px: no English left, no key, nothing cut or too wide',
    async (lng) => {
      const { page, context } = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await context.addCookies([{ name: 'language', value: lng, url: e2e.server.url }]);
      const pages: Array<[string, string]> = [
        ['/contact', tx(lng, 'pages:titles.contact')],
        ['/report-of-abuse-and-illegal-content', tx(lng, 'pages:titles.report_form')],
        ['/privacy-policy', tx(lng, 'legal:privacy_title')],
        ['/terms-of-service', tx(lng, 'legal:terms_title')],
      ];
      const problems: string[] = [];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await visible(page.getByRole('heading', { name: heading, level: 1 }));
        // The forms' messages too.
        const form =
          path === '/contact'
            ? ['support:contact.send', 'validation:ticket_name_empty']
            : ['support:abuse.send', 'validation:abuse_name_empty'];
        if (!path.includes('policy') && !path.includes('terms')) {
          await page.getByRole('button', { name: tx(lng, form[0]!), exact: true }).click();
          await visible(page.getByText(tx(lng, form[1]!)).first());
        }
        await shot(page, `support-${lng}-${path.slice(1)}`);
        problems.push(...(await languageProblems(page, lng, path)));
      }
      expect(problems).toEqual([]);
    },
  );
});
