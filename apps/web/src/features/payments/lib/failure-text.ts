/** Why a payment did not go through, in the reader's language (the server's English for unknown codes). */
import type { TFunction } from '../../../shared/i18n/translator';
import type { PaymentState } from '@portside/contract/schemas/payments';

const KNOWN = new Set(['card_declined', 'insufficient_funds', 'expired', 'cancelled', 'unknown']);

export function failureText(t: TFunction, p: Pick<PaymentState, 'failure_code' | 'failure_message'>): string {
  if (p.failure_code && KNOWN.has(p.failure_code)) return t(`payments:failure.${p.failure_code}`);
  return p.failure_message || t('payments:failure.unknown');
}
