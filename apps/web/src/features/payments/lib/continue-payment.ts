/**
 * Where the browser goes once a payment has started: a card payment to the provider's page (a full
 * page load: it is the provider's), a bank transfer to /payment-return-banktransfer/<target>, a
 * payment from the balance straight to /payment-return/<target>. The target is the order's id, or
 * 'invoices' / 'deposit' (contract payments.ts ReturnTarget).
 */
import { buildPath } from '@portside/contract/routes';
import type { ReturnTarget } from '@portside/contract/payments';
import type { PaymentMethod, PaymentStarted } from '@portside/contract/schemas/payments';

export function returnPath(target: ReturnTarget, method: PaymentMethod, paymentId: number): string {
  const route = method === 'bank_transfer' ? 'payment-return-banktransfer' : 'payment-return';
  return buildPath(route, { orderId: target }, { payment: paymentId });
}

export function continuePayment(
  started: PaymentStarted,
  target: ReturnTarget,
  method: PaymentMethod,
  navigate: (path: string) => void,
): void {
  if (started.redirect_url && started.status === 'pending') {
    window.location.assign(started.redirect_url);
    return;
  }
  navigate(returnPath(target, method, started.payment_id));
}

/** The payment id of a return page's `?payment=` (0 when missing or not a positive integer). */
export function paymentIdFrom(search: URLSearchParams): number {
  const raw = search.get('payment') ?? '';
  return /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : 0;
}
