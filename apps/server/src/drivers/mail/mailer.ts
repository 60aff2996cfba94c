import nodemailer from 'nodemailer';
import type { Database } from '../../db/database.js';
import { keepMail, markSent, type Mail } from './mailer.repository.js';

export type { Mail };

/** The mail driver: every mail is kept in mail_outbox; with SMTP_URL it is also sent over SMTP. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(db: Database, opts: { smtpUrl: string | null; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const id = await db.system((tx) => keepMail(tx, mail));
      if (!transport) return;
      let error: string | null = null;
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await db.system((tx) => markSent(tx, id, error));
    },
  };
}
