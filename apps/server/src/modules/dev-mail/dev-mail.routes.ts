import { publicAccess, type ViewDef } from '../../http/access.js';

/**
 * The developer mailbox: without SMTP every mail lands in the outbox, and this view shows it so
 * a new user can read confirmation codes. It does not exist in production mode, nor once SMTP is
 * configured (then mail really leaves, and codes must not be readable by anyone else).
 */
export const devMailViews: ViewDef[] = [
  {
    name: 'dev/mailbox',
    access: publicAccess,
    system: true,
    enabled: (config) => !config.production && !config.smtpUrl,
    columns: { id: 'int', to: 'text', subject: 'text', text: 'text', html: 'text', created_at: 'timestamptz' },
    source: `SELECT id, to_address AS "to", subject, text_body AS text, html_body AS html, created_at FROM mail_outbox`,
    order: 'id.desc',
  },
];
