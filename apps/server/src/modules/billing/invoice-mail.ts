/**
 * Mailing issued invoices to the account's owner (issue 5): each order and monthly invoice once,
 * after the transaction that issued it has committed. An invoice is claimed before its mail is
 * written (invoices.mailed_at, migration 0019), so concurrent callers never mail it twice; a failed
 * send gives the claim back and the next call (CreateOrder's, or the monthly job's sweep) retries.
 * A crash between the claim and the send loses that one mail: at most once, never twice.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Mailer } from '../../drivers/mail/mailer.js';
import type { Secrets } from '../../secrets.js';
import { payInvoicePath } from '../payments/invoice-link.js';
import { invoiceMail } from './invoice-mail.texts.js';
import * as repo from './invoice-mail.repository.js';

/** What mailing invoices needs: the mail driver, and what the hashed pay link is made of. */
export interface InvoiceMailDeps {
  db: Database;
  mailer: Mailer;
  secrets: Pick<Secrets, 'dataKey'>;
  config: Pick<Config, 'publicUrl' | 'port' | 'notificationIssuer'>;
  log?: (message: string) => void;
}

/** Invoices claimed per call; a sweep with more leaves the rest to its next run. */
const BATCH = 500;

/** The portal's public address (links in mails never come from a request header). */
function baseUrl(config: InvoiceMailDeps['config']): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

/**
 * Mails the unmailed invoices of one account (`clientId`) or of every account (null): an open one
 * with its public pay link, a paid one as a receipt. Never throws: failures are logged and counted,
 * and those invoices stay unmailed for a later call.
 */
export async function mailUnmailedInvoices(
  deps: InvoiceMailDeps,
  clientId: string | null = null,
): Promise<{ mailed: number; failed: number }> {
  const out = { mailed: 0, failed: 0 };
  let claimed: repo.ClaimedInvoice[];
  try {
    claimed = await deps.db.system((tx) => repo.claimUnmailed(tx, clientId, BATCH));
  } catch (e) {
    deps.log?.(`invoice mails${clientId ? ` of account ${clientId}` : ''} not sent: ${message(e)}`);
    return { mailed: 0, failed: 1 };
  }
  for (const inv of claimed) {
    try {
      const paid = inv.status === 'paid';
      const payUrl = paid
        ? null
        : baseUrl(deps.config) + payInvoicePath(deps.secrets.dataKey, deps.config.notificationIssuer, inv.number);
      await deps.mailer.send(invoiceMail(inv.owner_email, inv.language, { ...inv, paid, payUrl }));
      out.mailed++;
    } catch (e) {
      out.failed++;
      deps.log?.(`mail of invoice ${inv.number} failed, left for the next run: ${message(e)}`);
      await deps.db
        .system((tx) => repo.releaseClaim(tx, inv.id, inv.mailed_at))
        .catch((e2: unknown) => {
          deps.log?.(`invoice ${inv.number} could not be marked unmailed again: ${message(e2)}`);
        });
    }
  }
  return out;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
