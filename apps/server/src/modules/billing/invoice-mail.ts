/**
 * Mailing issued invoices to the account's owner (issue 5): each order and monthly invoice once,
 * after the transaction that issued it has committed — never inside a request: CreateOrder sends
 * the job `invoice.mail` ({@link mailInvoice}) after its commit, the monthly job mails what it
 * issued, and the recurring `invoice.mail-retry` sweep ({@link mailUnmailedInvoices}) is the
 * safety net. An invoice is claimed before its mail is written (invoices.mailed_at, migration
 * 0019), so concurrent callers never mail it twice; a failed send gives the claim back and a later
 * run retries. A crash between the claim and the send loses that one mail: at most once, never twice.
 */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Mailer } from '../../drivers/mail/mailer.js';
import { errorField, type Logger } from '../../logger.js';
import type { Secrets } from '../../secrets.js';
import { JobName, type JobQueue } from '../../jobs/job-types.js';
import { payInvoicePath } from '../payments/invoice-link.js';
import { todayUtc } from '@portside/contract/rules/invoice-status';
import { invoiceMail } from './invoice-mail.texts.js';
import { SELLER } from './seller.js';
import * as repo from './invoice-mail.repository.js';

/** What mailing invoices needs: the mail driver, what the hashed pay link is made of, the logger. */
export interface InvoiceMailDeps {
  db: Database;
  mailer: Mailer;
  secrets: Pick<Secrets, 'dataKey'>;
  config: Pick<Config, 'publicUrl' | 'port' | 'notificationIssuer'>;
  logger: Logger;
}

/**
 * After an order's payment has ended (its transaction committed): the order invoice's mail goes
 * out now — a receipt when paid, the pay link when not. It waited for this (claimUnmailed leaves
 * an order invoice alone while its card checkout is under way).
 */
export async function queueOrderInvoiceMail(db: Database, jobs: Pick<JobQueue, 'send'>, orderId: number): Promise<void> {
  const invoiceId = await db.system((tx) => repo.orderInvoiceId(tx, orderId));
  if (invoiceId !== null) await jobs.send(JobName.InvoiceMail, { invoiceId }, { singletonKey: `invoice-mail-${invoiceId}` });
}

/** Invoices claimed per call; a sweep with more leaves the rest to its next run. */
const BATCH = 500;

/** The portal's public address (links in mails never come from a request header). */
function baseUrl(config: InvoiceMailDeps['config']): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

/**
 * Mails the unmailed invoices of every account (the sweep). Never throws: failures are logged and
 * counted, and those invoices stay unmailed for a later call.
 */
export function mailUnmailedInvoices(deps: InvoiceMailDeps): Promise<{ mailed: number; failed: number }> {
  return mailClaimed(deps, { invoiceId: null, clientId: null });
}

/**
 * Mails one invoice if nobody has mailed it yet: `mailed` 1 when this call sent it, 0 when it was
 * mailed already (or is not mailed at all: void, no owner); `failed` 1 when the send failed.
 */
export function mailInvoice(deps: InvoiceMailDeps, invoiceId: number): Promise<{ mailed: number; failed: number }> {
  return mailClaimed(deps, { invoiceId, clientId: null });
}

async function mailClaimed(deps: InvoiceMailDeps, filter: repo.UnmailedFilter): Promise<{ mailed: number; failed: number }> {
  const out = { mailed: 0, failed: 0 };
  let claimed: repo.ClaimedInvoice[];
  try {
    claimed = await deps.db.system((tx) => repo.claimUnmailed(tx, filter, BATCH));
  } catch (e) {
    deps.logger.warn({ ...filter, err: errorField(e) }, 'invoice mails not sent: no claim');
    return { mailed: 0, failed: 1 };
  }
  for (const inv of claimed) {
    try {
      const payUrl =
        inv.status === 'paid'
          ? null
          : baseUrl(deps.config) + payInvoicePath(deps.secrets.dataKey, deps.config.notificationIssuer, inv.number);
      await deps.mailer.send(
        invoiceMail(inv.owner_email, inv.language, { ...inv, payUrl }, { seller: SELLER, today: todayUtc() }),
      );
      out.mailed++;
      deps.logger.info({ invoice: inv.number, status: inv.status }, 'invoice mailed');
    } catch (e) {
      out.failed++;
      deps.logger.warn({ invoice: inv.number, err: errorField(e) }, 'invoice mail failed; left for the next run');
      await deps.db
        .system((tx) => repo.releaseClaim(tx, inv.id, inv.mailed_at))
        .catch((e2: unknown) => {
          deps.logger.error({ invoice: inv.number, err: errorField(e2) }, 'invoice could not be marked unmailed again');
        });
    }
  }
  return out;
}
