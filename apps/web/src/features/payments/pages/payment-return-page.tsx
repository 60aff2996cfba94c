/** /payment-return/:orderId?payment=<id>: where the card provider sends the browser back to. */
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PaymentReturnView } from '../components/payment-return-view';

export default function PaymentReturnPage() {
  const { t } = useTranslation('pages');
  return <PaymentReturnView title={t('titles.payment_return')} />;
}
