import { devMailRow } from '@portside/contract/schemas/dev-mail';
import { publicAccess } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

/**
 * The developer mailbox: without SMTP every mail lands in the outbox, and this view shows it so
 * a new user can read confirmation codes on the machine running the portal. It holds every
 * account's confirmation and reset codes, so it must never be a way in: it answers only on the
 * loopback socket (a forwarded header cannot fake that), and it does not exist with
 * DEV_MAILBOX=off, in production mode, or once SMTP is configured.
 */
export const devMailViews: ViewDef[] = [
  defineView({
    name: 'dev/mailbox',
    access: publicAccess,
    system: true,
    enabled: (config) => config.devMailbox && !config.production && !config.smtpUrl,
    localOnly: true,
    row: devMailRow,
    source: `SELECT id, to_address AS "to", subject, text_body AS text, html_body AS html, created_at FROM mail_outbox`,
    order: 'id.desc',
  }),
];
