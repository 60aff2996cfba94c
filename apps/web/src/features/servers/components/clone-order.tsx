/**
 * What every copy of a server ordered from its page shares (a restore of a backup to a new server,
 * a clone): the choice of how it is paid — the checkout's methods but the free trial — and where
 * the browser goes once it is ordered (the card provider's page, the bank transfer's instructions,
 * or nowhere for a balance payment, the server being made at once).
 */
import { Radio, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { CreateOrderAnswer } from '@portside/contract/schemas/orders';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { afterCloneOrder, CLONE_PAYMENT_METHODS, type ClonePaymentMethod } from '../lib/vm-data';

export function PaymentMethodChoice({
  value,
  onChange,
}: {
  value: ClonePaymentMethod;
  onChange: (method: ClonePaymentMethod) => void;
}) {
  const { t } = useTranslation('order');
  return (
    <Radio.Group label={t('order:checkout.payment')} value={value} onChange={(v) => onChange(v)}>
      <Stack gap="xs" mt="xs">
        {CLONE_PAYMENT_METHODS.map((m) => (
          <Radio key={m} value={m} label={t(`order:checkout.method.${m}`)} description={t(`order:checkout.method_help.${m}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Follows an order of a copy: to the payment page its method needs, or nowhere. */
export function useFollowCloneOrder(): (
  answer: Pick<CreateOrderAnswer, 'order_id' | 'payment'>,
  method: ClonePaymentMethod,
) => void {
  const navigate = useNavigate();
  return (answer, method) => {
    const next = afterCloneOrder(answer, method);
    if (next.kind === 'redirect') window.location.assign(next.url);
    else if (next.kind === 'route') void navigate(next.path);
  };
}
