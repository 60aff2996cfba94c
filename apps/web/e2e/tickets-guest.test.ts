/**
 * A visitor's ticket (issue 16; /tickets is always allowed, spec 1 §3): without an account the page
 * offers a short form, the ticket reaches staff only through the link mailed to the address, and
 * that link shows the ticket and lets the visitor answer. Also: a wrong link, and the ticket pages
 * at 390 px with axe (the visitor's form, the owner's list, a ticket and the 'New ticket' dialog).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { a11yProblems, messagesOf, settled, shot, uniqueEmail, useScheme, visible, type Scheme } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

const PHONE = { width: 390, height: 844 };

/**
 * Serious or critical axe findings (every rule in the light scheme, the colour rules again in the
 * dark one) and sideways scrolling of the page as it is now.
 */
async function problemsOf(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  for (const scheme of ['light', 'dark'] as Scheme[]) {
    await useScheme(page, scheme);
    await settled(page);
    await shot(page, `tickets-${where.replace(/\s+/g, '-')}-${scheme}`);
    for (const p of await a11yProblems(page, { coloursOnly: scheme === 'dark' }))
      out.push(`${where} (${scheme}): ${p.rule} ${p.help} ${p.nodes.join('; ')}`);
  }
  await useScheme(page, 'light');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (wide > 0) out.push(`${where}: scrolls sideways by ${wide}px`);
  return out;
}

describe('a visitor who is not logged in', () => {
  test('opens a ticket, confirms it through the mailed link, reads the answer and replies', async () => {
    const { page } = await e2e.newPage({ viewport: PHONE });
    await page.goto('/tickets');
    await visible(page.getByRole('heading', { level: 1, name: 'Tickets' }));
    const problems = await problemsOf(page, 'visitor form');

    await page.getByRole('button', { name: 'Send' }).click();
    expect(await messagesOf(page.getByLabel('Your e-mail address'))).not.toBe('');
    expect(await messagesOf(page.getByLabel('Title'))).toContain('Title is empty');

    const email = uniqueEmail('visitor');
    const title = `Cannot log in ${Date.now().toString(36)}`;
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByLabel('Your name').fill('Vera Visitor');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('The password reset mail never arrives.');
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Check your mailbox' }));
    await visible(page.getByText(email));

    // Not in the staff queue until the link is opened.
    const staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const queued = async () =>
      ((await e2e.server.get('AllTickets?select=ticket,title&status=neq.closed', staff)).body as Array<{ title: string }>).some(
        (r) => r.title === title,
      );
    expect(await queued()).toBe(false);

    const mail = await e2e.server.lastMail(email);
    const link = /\/tickets\?ticket=(\d+)&key=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    const [path, ticket, key] = link as unknown as [string, string, string];
    await page.goto(path);
    await visible(page.getByRole('heading', { level: 1, name: `#${ticket} ${title}` }));
    await visible(page.getByText('The password reset mail never arrives.'));
    expect(await queued()).toBe(true);
    problems.push(...(await problemsOf(page, 'visitor ticket')));

    // Staff answer; the visitor reads it and replies through the same link.
    const answer = 'We have resent the mail: please check the spam folder too.';
    expect((await e2e.server.rpc('RespondToTicket', { p_ticket: Number(ticket), p_comment: answer }, staff)).status).toBe(200);
    await page.reload();
    await visible(page.getByRole('article', { name: /\(support\) wrote/ }).getByText(answer));
    await page.getByLabel('Your reply').fill('Found it, thank you!');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'may land in spam' }));
    await visible(page.getByText('Found it, thank you!'));

    // A link with another key shows that it is not valid.
    await page.goto(`/tickets?ticket=${ticket}&key=${key.slice(1)}x`);
    await visible(page.getByText('This ticket link is not valid or has expired'));
    expect(problems).toEqual([]);
  });
});

describe('on a phone', () => {
  test('the list, a ticket, the New ticket dialog and the staff queue have no serious axe finding in either scheme and no sideways scroll', async () => {
    const owner = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const r = await e2e.server.rpc(
      'CreateTicket',
      { p_title: 'A rather long ticket title that has to wrap on a narrow phone screen', p_description: 'Line one\nLine two' },
      owner,
    );
    expect(r.status).toBe(200);
    const staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    const answer = await e2e.server.rpc('RespondToTicket', { p_ticket: r.body.ticket, p_comment: 'Looking into it.' }, staff);
    expect(answer.status).toBe(200);
    const { page } = await e2e.newPage({ viewport: PHONE });
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/tickets');
    await visible(page.getByRole('link', { name: /A rather long ticket title/ }));
    const problems = await problemsOf(page, 'list');
    await page.goto(`/tickets?ticket=${r.body.ticket}`);
    await visible(page.getByRole('heading', { level: 1, name: /A rather long ticket title/ }));
    problems.push(...(await problemsOf(page, 'ticket')));
    await page.goto('/tickets?new=1');
    await visible(page.getByRole('dialog').getByRole('heading', { name: 'New ticket' }));
    problems.push(...(await problemsOf(page, 'new ticket dialog')));

    // Staff see the queue and a ticket with the agent controls.
    const { page: desk } = await e2e.newPage({ viewport: PHONE });
    await e2e.loginAs(desk, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await desk.goto('/tickets');
    await visible(desk.getByRole('link', { name: /A rather long ticket title/ }));
    problems.push(...(await problemsOf(desk, 'staff queue')));
    await desk.goto(`/tickets?ticket=${r.body.ticket}`);
    await visible(desk.getByRole('button', { name: 'Assign to me' }));
    problems.push(...(await problemsOf(desk, 'staff ticket')));
    expect(problems).toEqual([]);
  });
});
