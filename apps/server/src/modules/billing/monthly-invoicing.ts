/**
 * The monthly invoicing run (job billing.monthly, cron on the 1st): every account with a cloud
 * server billable in the month gets its invoice, each in a transaction of its own so one account's
 * failure neither blocks nor half-writes another's. Re-running a month changes nothing. After
 * the invoices are committed, every unmailed invoice is mailed to its account's owner (the new ones,
 * and any an earlier run or the invoice.mail job failed to mail); a mail that fails fails no invoice. An
 * account whose billing country is not a known code is skipped and logged, never invoiced without
 * VAT; the month's next run (the job's retry, or one started by hand) invoices it once corrected.
 */
import { billingMonth, previousMonth } from '@portside/contract/rules/billing-period';
import { invoiceAccountMonth, utcDay } from './invoicing.js';
import * as repo from './billing.repository.js';
import { mailUnmailedInvoices, type InvoiceMailDeps } from './invoice-mail.js';
import { errorField } from '../../logger.js';

export interface MonthlyRunResult {
  month: string;
  issued: number;
  /** Accounts whose invoice for the month existed already (a concurrent or earlier run). */
  existing: number;
  /** Accounts whose month came to nothing (e.g. trial days only). */
  nothing: number;
  /** Accounts not invoiced because their billing country is not a known code (logged, left for a later run). */
  addressInvalid: number;
  failed: number;
  /** Invoice e-mails sent by this run, and those that failed (left for the next run). */
  mailed: number;
  mailFailed: number;
}

/**
 * Invoices `month` ('YYYY-MM'; the month that just ended when left out). Throws for a text that is
 * not a month; an account that fails is logged, counted and left for the next run.
 */
export async function runMonthlyInvoicing(
  deps: InvoiceMailDeps,
  month?: string,
  now: Date = new Date(),
): Promise<MonthlyRunResult> {
  const m = billingMonth(month ?? previousMonth(now));
  if (!m) throw new Error(`not a month (YYYY-MM): ${month}`);
  const today = utcDay(now);
  const out: MonthlyRunResult = {
    month: m.month,
    issued: 0,
    existing: 0,
    nothing: 0,
    addressInvalid: 0,
    failed: 0,
    mailed: 0,
    mailFailed: 0,
  };
  const accounts = await deps.db.system((tx) => repo.accountsToInvoice(tx, m.start, m.end));
  for (const clientId of accounts) {
    try {
      const r = await deps.db.system((tx) => invoiceAccountMonth(tx, clientId, m, today));
      if (r.status === 'address_invalid') {
        out.addressInvalid++;
        deps.logger.warn(
          { month: m.month, client: clientId, country: r.country },
          "monthly invoice skipped: the billing country is not an ISO 3166 code; the month's next run invoices it once the address is corrected",
        );
        continue;
      }
      out[r.status === 'issued' ? 'issued' : r.status === 'exists' ? 'existing' : 'nothing']++;
    } catch (e) {
      out.failed++;
      deps.logger.error({ month: m.month, client: clientId, err: errorField(e) }, 'monthly invoice failed');
    }
  }
  const mails = await mailUnmailedInvoices(deps);
  out.mailed = mails.mailed;
  out.mailFailed = mails.failed;
  return out;
}
