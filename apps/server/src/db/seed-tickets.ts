import type pg from 'pg';

/** The demo ticket's title (its seed is idempotent by it). */
export const DEMO_TICKET_TITLE = 'Reverse DNS for my mail server';

/**
 * Idempotent: the demo account has one open ticket, assigned to the staff user, with their reply —
 * so the dashboard's tickets card and /tickets show a conversation from the first start.
 */
export async function seedDemoTickets(pool: pg.Pool, emails: { demo: string; staff: string }): Promise<void> {
  await pool.query(
    `WITH d AS (SELECT id, client_id, first_name || ' ' || last_name AS name FROM users WHERE lower(email) = lower($1)),
          s AS (SELECT id, first_name || ' ' || last_name AS name FROM users WHERE lower(email) = lower($2)),
          t AS (
            INSERT INTO tickets (client_id, created_by, title, description, priority, agent_id, answered,
                                 created_at, updated_at, last_activity_at)
            SELECT d.client_id, d.id, $3,
                   'Hello, could you set the reverse DNS of my web server''s IPv4 address to mail.demo.example? Thank you!',
                   'normal', s.id, true, now() - interval '2 days', now() - interval '1 day', now() - interval '1 day'
              FROM d, s
             WHERE NOT EXISTS (SELECT 1 FROM tickets x WHERE x.client_id = d.client_id AND x.title = $3)
            RETURNING id, client_id)
     INSERT INTO ticket_comments (ticket_id, client_id, author_id, author_name, side, body, created_at)
     SELECT t.id, t.client_id, s.id, s.name, 'staff',
            'Hi! You can set it yourself under IP management (My IPs → reverse DNS). If you prefer, reply here and we will set it for you.',
            now() - interval '1 day'
       FROM t, s`,
    [emails.demo, emails.staff, DEMO_TICKET_TITLE],
  );
}
