/**
 * /payment-return-banktransfer/:orderId?payment=<id>: the transfer instructions (beneficiary, IBAN,
 * BIC, reference, amount, with copy buttons) until finance marks the transfer received.
 */
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PaymentReturnView } from '../components/payment-return-view';

/** Finance marks transfers by hand: asking every 10 s is plenty. */
const BANK_POLL_MS = 10_000;

export default function PaymentReturnBankTransferPage() {
  const { t } = useTranslation('payments');
  return <PaymentReturnView title={t('bank.title')} pollMs={BANK_POLL_MS} />;
}
