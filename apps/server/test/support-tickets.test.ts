/**
 * Tickets (issue 16) through real HTTP on real PostgreSQL: attachments judged by their bytes,
 * who sees which ticket (accounts, owners and sub-users), staff as agents, replies mailed to the
 * other side, live messages, and visitors' tickets confirmed by their mailed link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@portside/contract/constants';
import { DEMO_USERS, startTestServer, type Json, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, createSubUser, expectErrorShape, idsOf, newAccount, scalar, uniqueEmail } from './factories.js';
import { getFile, imageOfSize, png } from './verification-fixtures.js';

let s: TestServer;
let staff: string;
let staffId: string;
let seed = 5000;

beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
  staff = await s.login(DEMO_USERS.staff.email, DEMO_USERS.staff.password);
  staffId = (await idsOf(s, DEMO_USERS.staff.email)).userId;
});
afterAll(async () => s?.stop());

/** POST /api/rpc/FileUpload as multipart/form-data. */
async function uploadFile(token: string, bytes: Buffer, filename = 'shot.png', type = 'image/png') {
  const form = new FormData();
  form.append('p_category', 'ticket');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${s.url}/api/rpc/FileUpload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function uploaded(token: string): Promise<number> {
  const r = await uploadFile(token, png(seed++));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.file as number;
}

async function openTicket(token: string, over: Record<string, unknown> = {}): Promise<number> {
  const r = await s.rpc(
    'CreateTicket',
    { p_title: 'Server unreachable', p_description: 'It does not answer ping.', ...over },
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.ticket as number;
}

const ticketIds = async (view: string, token: string) =>
  ((await s.get(`${view}?select=ticket`, token)).body as Json[]).map((r) => r.ticket as number);

describe('attachments', () => {
  it('takes jpg and png by their bytes, whatever their name, and refuses the rest', async () => {
    const a = await newAccount(s);
    const renamed = await uploadFile(a.token, png(seed++), 'holiday.jpg', 'image/jpeg');
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'holiday.jpg', type: 'image/png' });
    const jpeg = await uploadFile(a.token, imageOfSize('jpeg', 5000), 'x.jpg', 'image/jpeg');
    expect(jpeg.body.type).toBe('image/jpeg');

    const html = await uploadFile(a.token, Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png');
    expectErrorShape(html, 400, 'VALIDATION_FAILED');
    expect(html.body.details).toBe('file: upload_invalid_image');
    const gif = await uploadFile(a.token, imageOfSize('gif', 3000), 'anim.gif', 'image/gif');
    expect(gif.body.details).toBe('file: ticket_attachment_type');
    const big = await uploadFile(a.token, imageOfSize('png', LIMITS.uploadMaxBytes + 1));
    expect(big.body.details).toBe('file: upload_invalid_image');
    expectErrorShape(await uploadFile(a.token, png(seed - 1)), 409, 'UPLOAD_DUPLICATE');
    expect((await uploadFile(a.token, png(seed - 1))).body.message).toBe('file already uploaded');
    expect(await scalar(s, `SELECT count(*) FROM files WHERE client_id = $1`, [a.clientId])).toBe(2);
  });

  it('attaches up to three files once each, and shows them to the ticket’s readers only', async () => {
    const a = await newAccount(s);
    const files = [await uploaded(a.token), await uploaded(a.token), await uploaded(a.token), await uploaded(a.token)];
    const four = await s.rpc('CreateTicket', { p_title: 't', p_description: 'd', p_files: files }, a.token);
    expectErrorShape(four, 400, 'VALIDATION_FAILED');
    expect(four.body.details).toBe('p_files: ticket_too_many_files');
    expect(await scalar(s, `SELECT count(*) FROM tickets WHERE client_id = $1`, [a.clientId])).toBe(0);

    const id = await openTicket(a.token, { p_files: files.slice(0, 3) });
    const first = (await s.get(`MyTicketComments?ticket=eq.${id}`, a.token)).body[0];
    expect(first).toMatchObject({ comment: 0, body: 'It does not answer ping.', author_side: 'customer' });
    expect(first.attachments.map((f: Json) => f.file)).toEqual(files.slice(0, 3));
    expectErrorShape(
      await s.rpc('RespondToTicket', { p_ticket: id, p_comment: 'again', p_files: [files[0]] }, a.token),
      409,
      'FILE_IN_USE',
    );

    const img = await getFile(s, `/api/TicketAttachment/${files[0]}`, a.token);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect((await getFile(s, `/api/TicketAttachment/${files[0]}`, staff)).status).toBe(200);

    const b = await newAccount(s);
    expect((await getFile(s, `/api/TicketAttachment/${files[0]}`, b.token)).status).toBe(404);
    expectErrorShape(
      await s.rpc('CreateTicket', { p_title: 't', p_description: 'd', p_files: [files[3]] }, b.token),
      404,
      'FILE_NOT_FOUND',
    );
  });
});

describe('who sees which ticket', () => {
  it('shows the owner every ticket of the account, a sub-user their own, another account none', async () => {
    const a = await newAccount(s);
    const s1 = await createSubUser(s, a.clientId);
    const s2 = await createSubUser(s, a.clientId);
    const t1 = await s.login(s1.email, s1.password);
    const t2 = await s.login(s2.email, s2.password);
    const mine = await openTicket(t1);
    const owners = await openTicket(a.token);

    expect(await ticketIds('MyTickets', a.token)).toEqual(expect.arrayContaining([mine, owners]));
    expect(await ticketIds('MyTickets', t1)).toEqual([mine]);
    expect(await ticketIds('MyTickets', t2)).toEqual([]);
    expect((await s.get(`MyTicketComments?ticket=eq.${mine}`, t2)).body).toEqual([]);
    expectErrorShape(await s.rpc('RespondToTicket', { p_ticket: mine, p_comment: 'me too' }, t2), 404, 'TICKET_NOT_FOUND');
    expectErrorShape(await s.rpc('UpdateTicket', { p_ticket: mine, p_status: 'closed' }, t2), 404, 'TICKET_NOT_FOUND');

    const b = await newAccount(s);
    expect(await ticketIds('MyTickets', b.token)).toEqual([]);
    expectErrorShape(await s.rpc('RespondToTicket', { p_ticket: mine, p_comment: 'hi' }, b.token), 404, 'TICKET_NOT_FOUND');
    expectErrorShape(await s.get('AllTickets', a.token), 403, 'ROLE_REQUIRED');
  });

  it('refuses a ticket without a title or description with the spec’s messages, and a wrong priority', async () => {
    const a = await newAccount(s);
    const r = await s.rpc('CreateTicket', { p_title: ' ', p_description: '', p_priority: 'urgent' }, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(r.body.details.split('\n')).toEqual([
      'p_title: ticket_title_empty',
      'p_description: ticket_description_empty',
      'p_priority: ticket_priority_invalid',
    ]);
  });
});

describe('staff as agents', () => {
  it('queues, assigns, replies by mail and live, and closes; customers cannot assign', async () => {
    const a = await newAccount(s);
    const id = await openTicket(a.token, { p_priority: 'high' });
    const queue = (await s.get('AllTickets', staff)).body as Json[];
    expect(queue.find((t) => t.ticket === id)).toMatchObject({
      client: a.clientId,
      agent: null,
      priority: 'high',
      status: 'open',
    });
    expect(await s.lastMail(DEMO_USERS.staff.email)).toMatchObject({ subject: expect.stringContaining(`#${id}`) });

    const agents = (await s.get('GetSupportStaff', a.token)).body as Json[];
    expect(agents.map((x) => x.agent)).toContain(staffId);
    expect(JSON.stringify(agents)).not.toContain('@');

    expectErrorShape(await s.rpc('UpdateTicket', { p_ticket: id, p_agent: staffId }, a.token), 403, 'ROLE_REQUIRED');
    expectErrorShape(await s.rpc('UpdateTicket', { p_ticket: id, p_agent: a.userId }, staff), 422, 'TICKET_AGENT_INVALID');
    const assigned = await s.rpc('UpdateTicket', { p_ticket: id, p_agent: staffId }, staff);
    expect(assigned.body).toMatchObject({ ticket: id, agent: staffId, agent_name: 'Stefan Staff' });
    expect((await s.get(`MyTickets?ticket=eq.${id}`, a.token)).body[0].agent_name).toBe('Stefan Staff');

    const before = await scalar(s, `SELECT count(*) FROM hub_messages WHERE client_id = $1 AND kind = 'tickets'`, [a.clientId]);
    expect((await s.rpc('RespondToTicket', { p_ticket: id, p_comment: 'We are on it.' }, staff)).status).toBe(200);
    expect(await scalar(s, `SELECT count(*) FROM hub_messages WHERE client_id = $1 AND kind = 'tickets'`, [a.clientId])).toBe(
      before + 1,
    );
    const mail = await s.lastMail(a.email);
    expect(mail?.text).toContain('We are on it.');
    expect(mail?.text).toContain(`/tickets?ticket=${id}`);
    const row = (await s.get(`MyTickets?ticket=eq.${id}`, a.token)).body[0];
    expect(row).toMatchObject({ answered: true, comments: 1 });
    const thread = (await s.get(`MyTicketComments?ticket=eq.${id}`, a.token)).body as Json[];
    expect(thread.map((c) => c.author_side)).toEqual(['customer', 'staff']);

    await s.rpc('RespondToTicket', { p_ticket: id, p_comment: 'Thanks, it works now.' }, a.token);
    expect((await s.lastMail(DEMO_USERS.staff.email))?.text).toContain('Thanks, it works now.');

    expect((await s.rpc('UpdateTicket', { p_ticket: id, p_status: 'closed' }, staff)).body).toMatchObject({ status: 'closed' });
    expectErrorShape(await s.rpc('RespondToTicket', { p_ticket: id, p_comment: 'one more' }, a.token), 409, 'TICKET_CLOSED');
    const reopened = await s.rpc('UpdateTicket', { p_ticket: id, p_status: 'open', p_priority: 'low' }, a.token);
    expect(reopened.body).toMatchObject({ status: 'open', priority: 'low', closed_at: null });
  });

  it('puts open unassigned high-priority tickets first in the queue', async () => {
    const a = await newAccount(s);
    const low = await openTicket(a.token, { p_priority: 'low' });
    const high = await openTicket(a.token, { p_priority: 'high' });
    const order = (await ticketIds('AllTickets', staff)).filter((t) => t === low || t === high);
    expect(order).toEqual([high, low]);
  });
});

describe('a visitor’s ticket', () => {
  const from = (ip: string) => ({ remoteAddress: ip, headers: { 'content-type': 'application/json' } });
  const guest = (ip: string, body: object) => s.inject({ method: 'POST', url: '/api/rpc/GuestCreateTicket', ...from(ip), body });

  it('reaches the queue only through the mailed link, which then shows it and takes replies', async () => {
    const email = uniqueEmail('visitor');
    const r = await guest('198.51.100.20', {
      p_email: email,
      p_name: 'Vera Visitor',
      p_title: 'Sales question',
      p_description: 'Do you sell GPUs?',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mail = await s.lastMail(email);
    const m = /\/tickets\?ticket=(\d+)&key=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(m).not.toBeNull();
    const [id, key] = [Number(m![1]), m![2]!];
    expect(await ticketIds('AllTickets', staff)).not.toContain(id);

    expectErrorShape(
      await s.rpc('GuestTicket', { p_ticket: id, p_key: key.replace(/.$/, key.endsWith('A') ? 'B' : 'A') }),
      404,
      'GUEST_TICKET_LINK',
    );
    const open = await s.rpc('GuestTicket', { p_ticket: id, p_key: key });
    expect(open.body.ticket).toMatchObject({ ticket: id, status: 'open', client: null, created_by: email });
    expect(open.body.comments).toHaveLength(1);
    expect(await ticketIds('AllTickets', staff)).toContain(id);

    await s.rpc('RespondToTicket', { p_ticket: id, p_comment: 'Yes, the G1 line.' }, staff);
    // The reply's mail has a link of its own; the first one keeps working.
    const replyKey = /key=([A-Za-z0-9_-]{43})/.exec((await s.lastMail(email))?.text ?? '')?.[1];
    expect(replyKey).toBeDefined();
    expect(replyKey).not.toBe(key);
    expect((await s.rpc('GuestRespondToTicket', { p_ticket: id, p_key: replyKey, p_comment: 'Great, price?' })).status).toBe(200);
    const again = await s.rpc('GuestTicket', { p_ticket: id, p_key: key });
    expect(again.body.comments.map((c: Json) => c.author_side)).toEqual(['customer', 'staff', 'customer']);
  });

  it('is rate-limited per e-mail address and per address, with the same answer for any e-mail', async () => {
    const email = uniqueEmail('flood');
    const body = { p_email: email, p_name: 'F', p_title: 't', p_description: 'd' };
    for (let i = 0; i < 3; i++) expect((await guest(`198.51.100.${30 + i}`, body)).status).toBe(200);
    expectErrorShape(await guest('198.51.100.40', body), 429, 'RATE_LIMITED');
    for (let i = 0; i < 5; i++) expect((await guest('198.51.100.50', { ...body, p_email: uniqueEmail('ip') })).status).toBe(200);
    expectErrorShape(await guest('198.51.100.50', { ...body, p_email: uniqueEmail('ip') }), 429, 'RATE_LIMITED');
    expect(await scalar(s, `SELECT count(*) FROM tickets WHERE guest_email = $1`, [email])).toBe(3);
  });
});
