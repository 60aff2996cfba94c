/**
 * Tickets in the browser (issue 16, spec 1 §2 'my tickets', spec 2 §8 'Tickets'): a customer opens
 * a ticket with two images from the dashboard's 'New ticket' (checked by their bytes first), staff
 * take it from the queue in another browser and reply, and the reply appears on the customer's
 * page without a reload while its e-mail reaches the customer's mailbox; the list's filters,
 * closing and reopening, and the kept list when a reload fails.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { imageOfSize, png } from '../../server/test/verification-fixtures.js';
import { DEMO_USERS, startE2E, type E2E } from './harness';
import { hidden, holdRequests, messagesOf, onPath, shot, visible } from './helpers';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.stop();
});

const stamp = () => Date.now().toString(36);
const dialog = (page: Page) => page.getByRole('dialog');

/** The ticket number of the ticket page on screen (`/tickets?ticket=N`). */
function ticketOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('ticket'));
}

async function openTicket(title: string, token: string, priority = 'normal'): Promise<number> {
  const r = await e2e.server.rpc(
    'CreateTicket',
    { p_title: title, p_description: `About ${title}`, p_priority: priority },
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.ticket as number;
}

describe('a ticket with attachments, answered live by staff', () => {
  test('the customer attaches two images, staff reply, and the reply shows without a reload and is mailed', async () => {
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const card = page.getByRole('region', { name: 'My tickets' });
    await card.getByRole('link', { name: 'New ticket' }).first().click();
    await onPath(page, '/tickets');
    await visible(dialog(page).getByRole('heading', { name: 'New ticket' }));

    // Title and description are required, with the contract's messages.
    await dialog(page).getByRole('button', { name: 'Open ticket' }).click();
    expect(await messagesOf(dialog(page).getByLabel('Title'))).toContain('Title is empty');
    expect(await messagesOf(dialog(page).getByLabel('Description'))).toContain('Description is empty');

    const title = `Disk full ${stamp()}`;
    await dialog(page).getByLabel('Title').fill(title);
    await dialog(page).getByLabel('Description').fill('The root disk of web-1 is full since this morning.');
    await dialog(page).getByRole('radio', { name: 'High' }).check();
    await visible(dialog(page).getByText(/Remote Hands rate of \D*50\D* per hour/));

    // The bytes decide, not the names: text named .png and a GIF are refused before any upload.
    const input = dialog(page).getByLabel('Attach images', { exact: true });
    await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('only text') });
    await visible(dialog(page).getByText('upload must be an image under 2 MB'));
    await input.setInputFiles({ name: 'anim.png', mimeType: 'image/png', buffer: imageOfSize('gif', 200) });
    await visible(dialog(page).getByText('Attach jpg or png images only'));

    const seed = Date.now() % 1_000_000;
    await input.setInputFiles([
      { name: 'screen.jpg', mimeType: 'image/jpeg', buffer: png(seed) },
      { name: 'photo.jpeg', mimeType: 'image/jpeg', buffer: imageOfSize('jpeg', 4000, seed % 200) },
    ]);
    const attached = dialog(page).getByRole('list', { name: 'Attached images' });
    await expect.poll(() => attached.getByText('Attached', { exact: true }).count()).toBe(2);
    // The refusals of the last pick are gone; the same image again is 'file already uploaded'.
    expect(await attached.getByText('Attach jpg or png images only').count()).toBe(0);
    await input.setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: png(seed) });
    await visible(attached.getByText('file already uploaded'));
    await attached.getByRole('button', { name: 'Remove again.png' }).click();

    // Cancelled and opened again, the dialog is empty; the same images are taken again, not refused.
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog(page));
    await page.getByRole('button', { name: 'New ticket' }).first().click();
    expect(await dialog(page).getByLabel('Title').inputValue()).toBe('');
    expect(await dialog(page).getByRole('list', { name: 'Attached images' }).count()).toBe(0);
    await dialog(page).getByLabel('Title').fill(title);
    await dialog(page).getByLabel('Description').fill('The root disk of web-1 is full since this morning.');
    await dialog(page).getByRole('radio', { name: 'High' }).check();
    await input.setInputFiles([
      { name: 'screen.jpg', mimeType: 'image/jpeg', buffer: png(seed) },
      { name: 'photo.jpeg', mimeType: 'image/jpeg', buffer: imageOfSize('jpeg', 4000, seed % 200) },
    ]);
    await expect.poll(() => attached.getByText('Attached', { exact: true }).count()).toBe(2);

    await dialog(page).getByRole('button', { name: 'Open ticket' }).click();
    await hidden(dialog(page));
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(title) }));
    const ticket = ticketOf(page);
    expect(ticket).toBeGreaterThan(0);
    await visible(page.getByText('Priority: High'));
    const opening = page.getByRole('article', { name: /opened the ticket/ });
    await visible(opening.getByRole('img', { name: 'Attachment screen.jpg' }));
    await visible(opening.getByRole('img', { name: 'Attachment photo.jpeg' }));
    await opening.getByRole('button', { name: 'Open screen.jpg' }).click();
    await visible(dialog(page).getByRole('img', { name: 'Attachment screen.jpg' }));
    await dialog(page).getByRole('button', { name: 'Close the image' }).click();
    await hidden(dialog(page));

    // Staff, in a browser of their own, find it in the queue, take it and reply.
    const { page: staff } = await e2e.newPage();
    await e2e.loginAs(staff, DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    await staff.goto('/tickets');
    await visible(staff.getByRole('heading', { level: 1, name: 'Tickets' }));
    await staff.getByRole('link', { name: `#${ticket} ${title}` }).click();
    await visible(staff.getByRole('heading', { level: 1, name: `#${ticket} ${title}` }));
    await staff.getByRole('button', { name: 'Assign to me' }).click();
    await hidden(staff.getByRole('button', { name: 'Assign to me' }));
    const answer = `We freed 20 GB on web-1 (${stamp()}).`;
    await staff.getByLabel('Your reply').fill(answer);
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await visible(staff.getByRole('status').filter({ hasText: 'may land in spam' }));

    // The queue narrowed to the tickets assigned to this agent still holds it.
    await staff.getByRole('link', { name: 'Back to tickets' }).click();
    await staff.getByText('Assigned to me', { exact: true }).click();
    await expect.poll(() => new URL(staff.url()).searchParams.get('mine')).toBe('1');
    await visible(staff.getByRole('link', { name: `#${ticket} ${title}` }));

    // The customer's page shows the reply by itself, from the live message.
    const reply = page.getByRole('article', { name: /\(support\) wrote/ });
    await visible(reply.getByText(answer), 20_000);
    await visible(page.getByText('Answered', { exact: true }));
    await shot(page, 'ticket-answered-live');

    // And the reply went to the customer's mailbox.
    await expect
      .poll(async () => (await e2e.server.lastMail(DEMO_USERS.demo.email))?.text ?? '', { timeout: 15_000 })
      .toContain(answer);
  });
});

describe('the list', () => {
  test('filters to my own tickets, hides closed ones, keeps the list and the ticket when a reload fails, closes, reopens and raises the priority', async () => {
    const owner = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const sub = await e2e.server.login(DEMO_USERS.sub.email, DEMO_USERS.sub.password);
    const mineTitle = `Owner question ${stamp()}`;
    const subTitle = `Sub-user question ${stamp()}`;
    const mine = await openTicket(mineTitle, owner, 'low');
    await openTicket(subTitle, sub);

    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    await page.goto('/tickets');
    const list = page.getByRole('main');
    await visible(list.getByRole('link', { name: `#${mine} ${mineTitle}` }));
    await visible(list.getByRole('link', { name: new RegExp(subTitle) }));

    await page.getByText('Opened by me', { exact: true }).click();
    await hidden(list.getByRole('link', { name: new RegExp(subTitle) }));
    await visible(list.getByRole('link', { name: `#${mine} ${mineTitle}` }));
    expect(new URL(page.url()).searchParams.get('mine')).toBe('1');
    await page.getByText('All', { exact: true }).click();
    await visible(list.getByRole('link', { name: new RegExp(subTitle) }));

    // A reload that fails keeps the tickets on screen under the spec's message.
    const held = await holdRequests(page, '**/api/MyTickets?**');
    held.release('fail');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Failed to load updated ticket list' }));
    await visible(list.getByRole('link', { name: `#${mine} ${mineTitle}` }));
    await held.stop();

    // Closing asks first; a closed ticket leaves the list until closed ones are shown.
    await list.getByRole('link', { name: `#${mine} ${mineTitle}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `#${mine} ${mineTitle}` }));
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await visible(dialog(page).getByText(`Close ticket #${mine}?`));
    await dialog(page).getByRole('button', { name: 'Close ticket' }).click();
    await hidden(dialog(page));
    await visible(page.getByText(/This ticket was closed on/));
    expect(await page.getByLabel('Your reply').count()).toBe(0);

    await page.getByRole('link', { name: 'Back to tickets' }).click();
    await visible(list.getByRole('link', { name: new RegExp(subTitle) }));
    await hidden(list.getByRole('link', { name: `#${mine} ${mineTitle}` }));
    await page.getByLabel('Show closed tickets').click({ force: true });
    await expect.poll(() => page.getByLabel('Show closed tickets').isChecked()).toBe(true);
    const closedItem = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: `#${mine} ${mineTitle}` }) });
    await visible(closedItem.getByText('Closed', { exact: true }));

    await closedItem.getByRole('link').click();
    await page.getByRole('button', { name: 'Reopen ticket' }).click();
    await visible(page.getByLabel('Your reply'));
    // The customer raises the priority of an open ticket.
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await visible(page.getByText('Priority: High'));
    // A live message whose reload fails keeps the conversation on screen under an alert.
    const heldComments = await holdRequests(page, '**/api/MyTicketComments?**');
    heldComments.release('fail');
    const staff = await e2e.server.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
    expect((await e2e.server.rpc('RespondToTicket', { p_ticket: mine, p_comment: 'Noted.' }, staff)).status).toBe(200);
    await visible(page.getByRole('alert').filter({ hasText: 'Failed to load the updated ticket' }), 20_000);
    await visible(page.getByText(`About ${mineTitle}`));
    await heldComments.stop();

    const rows = await e2e.server.get(`MyTickets?ticket=eq.${mine}`, owner);
    expect(rows.body[0]).toMatchObject({ status: 'open', priority: 'high' });
    // Back on the list, its filters are as they were when the ticket was opened.
    await page.getByRole('link', { name: 'Back to tickets' }).click();
    await visible(list.getByRole('link', { name: `#${mine} ${mineTitle}` }));
    expect(await page.getByLabel('Show closed tickets').isChecked()).toBe(true);
  });

  test('the dashboard card lists the open tickets and links to them', async () => {
    const owner = await e2e.server.login(DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const title = `Dashboard ticket ${stamp()}`;
    const id = await openTicket(title, owner, 'high');
    const { page } = await e2e.newPage();
    await e2e.loginAs(page, DEMO_USERS.demo.email, DEMO_USERS.demo.password);
    const card = page.getByRole('region', { name: 'My tickets' });
    await card.getByRole('link', { name: `#${id} ${title}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `#${id} ${title}` }));
    expect(ticketOf(page)).toBe(id);
  });
});
