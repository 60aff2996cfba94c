/**
 * What the page does with the answer of PayInvoices or Deposit: go to the provider's page when
 * there is one (card), otherwise say how it went.
 */
import type { PaymentStart } from '@portside/contract/schemas/billing';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';

export function followPayment(answer: PaymentStart, texts: { succeeded: string; pending: string; failed: string }): void {
  if (answer.redirect_url) {
    window.location.assign(answer.redirect_url);
    return;
  }
  if (answer.status === 'succeeded') notifySuccess(texts.succeeded);
  else if (answer.status === 'pending') notifySuccess(texts.pending);
  else notifyError(texts.failed);
}

/** A fresh key for one payment attempt: a double submit of the same dialog is one payment. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
