/** SQL of tickets and their comments (MyTickets, AllTickets, the ticket calls). */
import type { TicketCommentRow, TicketPriority, TicketRow, TicketStatus } from '@portside/contract/schemas/support';
import type { Tx } from '../../db/database.js';

/**
 * One ticketRow per ticket (schemas/support.ts). Agents are named through portside_support_staff()
 * (row-level security hides staff users from customers); counts use the tickets' indexes.
 */
export const TICKET_ROW_SQL = `SELECT t.id::int AS ticket, t.title, t.description, t.priority, t.status, t.created_at, t.updated_at,
    t.closed_at, coalesce(cu.email, t.guest_email, '') AS created_by,
    coalesce(btrim(cu.first_name || ' ' || cu.last_name), t.guest_name, '') AS created_by_name,
    t.created_by AS created_by_user, t.agent_id AS agent, ag.name AS agent_name,
    (SELECT count(*)::int FROM ticket_comments c WHERE c.ticket_id = t.id) AS comments,
    (SELECT count(*)::int FROM ticket_attachments a WHERE a.ticket_id = t.id) AS attachments,
    t.last_activity_at, t.answered, t.client_id AS client,
    coalesce(nullif(btrim(cl.company_name), ''), btrim(cl.first_name || ' ' || cl.last_name)) AS client_name,
    CASE t.status WHEN 'closed' THEN 1 ELSE 0 END * 10 + CASE WHEN t.agent_id IS NULL THEN 0 ELSE 1 END * 4
      + CASE t.priority WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END AS queue_rank
  FROM tickets t
  LEFT JOIN users cu ON cu.id = t.created_by
  LEFT JOIN clients cl ON cl.id = t.client_id
  LEFT JOIN portside_support_staff() ag ON ag.agent = t.agent_id`;

/** The conversation of a ticket: the description (comment 0, with the files attached at creation), then the comments. */
export const TICKET_COMMENTS_SQL = `SELECT t.id::int AS ticket, 0 AS comment, t.description AS body,
    coalesce(btrim(cu.first_name || ' ' || cu.last_name), t.guest_name, '') AS author_name, 'customer' AS author_side,
    t.created_at,
    coalesce((SELECT jsonb_agg(jsonb_build_object('file', a.file_id, 'name', a.name, 'type', a.mime, 'size', a.size) ORDER BY a.file_id)
                FROM ticket_attachments a WHERE a.ticket_id = t.id AND a.comment_id IS NULL), '[]'::jsonb) AS attachments
  FROM tickets t LEFT JOIN users cu ON cu.id = t.created_by
  UNION ALL
  SELECT c.ticket_id::int, c.id::int, c.body, c.author_name, c.side, c.created_at,
    coalesce((SELECT jsonb_agg(jsonb_build_object('file', a.file_id, 'name', a.name, 'type', a.mime, 'size', a.size) ORDER BY a.file_id)
                FROM ticket_attachments a WHERE a.comment_id = c.id), '[]'::jsonb)
  FROM ticket_comments c`;

/** Who may see a ticket in the tenant scope: the account's owner all of them, a sub-user those they opened. */
export const TENANT_TICKET_FILTER = `client_id = portside_client()
  AND (created_by = portside_user() OR EXISTS (SELECT 1 FROM users o WHERE o.id = portside_user() AND o.is_owner))`;

export interface LockedTicket {
  id: number;
  client_id: string | null;
  created_by: string | null;
  status: TicketStatus;
  priority: TicketPriority;
  agent_id: string | null;
  title: string;
  guest_email: string | null;
  guest_language: string | null;
}

const LOCK_COLUMNS = `id::int AS id, client_id, created_by, status, priority, agent_id, title, guest_email, guest_language`;

/** A ticket the tenant's user may see, locked; null when there is none. */
export async function lockTenantTicket(tx: Tx, id: number): Promise<LockedTicket | null> {
  const r = await tx.query<LockedTicket>(
    `SELECT ${LOCK_COLUMNS} FROM tickets WHERE id = $1 AND ${TENANT_TICKET_FILTER} FOR UPDATE`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Any ticket (system scope: staff, visitors' links), locked. */
export async function lockAnyTicket(tx: Tx, id: number): Promise<LockedTicket | null> {
  const r = await tx.query<LockedTicket>(`SELECT ${LOCK_COLUMNS} FROM tickets WHERE id = $1 FOR UPDATE`, [id]);
  return r.rows[0] ?? null;
}

export async function insertTicket(
  tx: Tx,
  t: { userId: string; title: string; description: string; priority: TicketPriority },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO tickets (client_id, created_by, title, description, priority)
     VALUES (portside_client(), $1, $2, $3, $4) RETURNING id::int AS id`,
    [t.userId, t.title, t.description, t.priority],
  );
  return r.rows[0]!.id;
}

export async function insertGuestTicket(
  tx: Tx,
  t: { email: string; name: string; language: string; keyHash: string; title: string; description: string },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO tickets (guest_email, guest_name, guest_language, guest_key_hashes, title, description, status)
     VALUES ($1, $2, $3, ARRAY[$4], $5, $6, 'unconfirmed') RETURNING id::int AS id`,
    [t.email, t.name, t.language, t.keyHash, t.title, t.description],
  );
  return r.rows[0]!.id;
}

/** A visitor's ticket by id and key hash, within the link's lifetime; locked. */
export async function lockGuestTicket(tx: Tx, id: number, keyHash: string, days: number): Promise<LockedTicket | null> {
  const r = await tx.query<LockedTicket>(
    `SELECT ${LOCK_COLUMNS} FROM tickets WHERE id = $1 AND $2 = ANY (guest_key_hashes)
        AND last_activity_at > now() - make_interval(days => $3) FOR UPDATE`,
    [id, keyHash, days],
  );
  return r.rows[0] ?? null;
}

/** Adds a link key (its hash) to a visitor's ticket: each reply mailed to them carries a new one. */
export async function addGuestKey(tx: Tx, id: number, keyHash: string): Promise<void> {
  await tx.query(
    `UPDATE tickets SET guest_key_hashes = guest_key_hashes || $2::text WHERE id = $1 AND guest_key_hashes IS NOT NULL`,
    [id, keyHash],
  );
}

/** The visitor opened the link: the ticket enters the queue. */
export async function confirmGuestTicket(tx: Tx, id: number): Promise<void> {
  await tx.query(`UPDATE tickets SET status = 'open', updated_at = now() WHERE id = $1 AND status = 'unconfirmed'`, [id]);
}

export async function insertComment(
  tx: Tx,
  c: {
    ticketId: number;
    clientId: string | null;
    authorId: string | null;
    authorName: string;
    side: 'customer' | 'staff';
    body: string;
  },
): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO ticket_comments (ticket_id, client_id, author_id, author_name, side, body)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [c.ticketId, c.clientId, c.authorId, c.authorName, c.side, c.body],
  );
  await tx.query(`UPDATE tickets SET last_activity_at = now(), updated_at = now(), answered = $2 WHERE id = $1`, [
    c.ticketId,
    c.side === 'staff',
  ]);
  return r.rows[0]!.id;
}

export async function updateTicket(
  tx: Tx,
  id: number,
  u: { priority?: TicketPriority | undefined; status?: 'open' | 'closed' | undefined; agent?: string | null | undefined },
): Promise<void> {
  await tx.query(
    `UPDATE tickets SET
        priority = coalesce($2, priority),
        status = coalesce($3, status),
        closed_at = CASE WHEN $3::text IS NULL THEN closed_at WHEN $3::text = 'closed' THEN coalesce(closed_at, now()) ELSE NULL END,
        agent_id = CASE WHEN $4::boolean THEN $5::uuid ELSE agent_id END,
        updated_at = now()
      WHERE id = $1`,
    [id, u.priority ?? null, u.status ?? null, u.agent !== undefined, u.agent ?? null],
  );
}

/** One ticket's row (in the scope of `tx`). */
export async function ticketRow(tx: Tx, id: number): Promise<TicketRow | null> {
  const r = await tx.query<TicketRow>(`SELECT * FROM (${TICKET_ROW_SQL}) x WHERE ticket = $1`, [id]);
  return r.rows[0] ?? null;
}

/** One ticket's conversation (in the scope of `tx`). */
export async function ticketComments(tx: Tx, id: number): Promise<TicketCommentRow[]> {
  const r = await tx.query<TicketCommentRow>(`SELECT * FROM (${TICKET_COMMENTS_SQL}) x WHERE ticket = $1 ORDER BY comment`, [id]);
  return r.rows;
}

/** Whether `agent` is a support agent (a staff user who is not blocked). */
export async function isAgent(tx: Tx, agent: string): Promise<boolean> {
  const r = await tx.query(`SELECT 1 FROM portside_support_staff() WHERE agent = $1`, [agent]);
  return (r.rowCount ?? 0) > 0;
}

/** Whom a customer's words go to: the ticket's agent, or every agent while it has none. */
export async function staffRecipients(
  tx: Tx,
  agent: string | null,
): Promise<Array<{ email: string; language: string; clientId: string }>> {
  const r = await tx.query<{ email: string; language: string; clientId: string }>(
    `SELECT u.email, c.language, u.client_id AS "clientId" FROM users u JOIN clients c ON c.id = u.client_id
      WHERE 'staff' = ANY (u.roles) AND NOT u.blocked AND ($1::uuid IS NULL OR u.id = $1)`,
    [agent],
  );
  return r.rows;
}

/** The ticket's customer side to mail: the user who opened it, or the visitor. */
export async function customerRecipient(tx: Tx, id: number): Promise<{ email: string; language: string } | null> {
  const r = await tx.query<{ email: string; language: string }>(
    `SELECT coalesce(u.email, t.guest_email) AS email, coalesce(c.language, t.guest_language, 'en') AS language
       FROM tickets t LEFT JOIN users u ON u.id = t.created_by LEFT JOIN clients c ON c.id = t.client_id
      WHERE t.id = $1`,
    [id],
  );
  return r.rows[0]?.email ? r.rows[0] : null;
}

/** The accounts of the staff users (the queue's live updates go there too). */
export async function staffAccounts(tx: Tx): Promise<string[]> {
  const r = await tx.query<{ client_id: string }>(`SELECT DISTINCT client_id FROM users WHERE 'staff' = ANY (roles)`);
  return r.rows.map((x) => x.client_id);
}

/** The display name of a user of the scope's account. */
export async function userName(tx: Tx, userId: string): Promise<string> {
  const r = await tx.query<{ name: string }>(`SELECT btrim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1`, [
    userId,
  ]);
  return r.rows[0]?.name ?? '';
}
