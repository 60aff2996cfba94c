import nodemailer from 'nodemailer';
import type { Database } from '../../db/database.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail driver: every mail is kept in mail_outbox; with SMTP_URL it is also sent over SMTP. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(db: Database, opts: { smtpUrl: string | null; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const id = await db.system(async (tx) => {
        const r = await tx.query<{ id: number }>(
          `INSERT INTO mail_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id`,
          [mail.to, mail.subject, mail.text, mail.html ?? null],
        );
        return r.rows[0]!.id;
      });
      if (!transport) return;
      let error: string | null = null;
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await db.system((tx) =>
        tx.query(`UPDATE mail_outbox SET sent_at = CASE WHEN $2::text IS NULL THEN now() END, error = $2 WHERE id = $1`, [
          id,
          error,
        ]),
      );
    },
  };
}
