/**
 * How the order is paid: card, bank transfer or the credit balance; the free trial when it was
 * accepted in the builder's modal (one server only).
 */
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { OrderPaymentMethod } from '@portside/contract/schemas/orders';

export interface PaymentChoiceProps {
  value: OrderPaymentMethod;
  onChange: (m: OrderPaymentMethod) => void;
  /** The trial was accepted in the modal; `trialFits` says whether this cart can be it. */
  trialOffered: boolean;
  trialFits: boolean;
}

export function PaymentChoice({ value, onChange, trialOffered, trialFits }: PaymentChoiceProps) {
  const { t } = useTranslation('order');
  const methods: OrderPaymentMethod[] = trialOffered
    ? ['trial', 'card', 'bank_transfer', 'balance']
    : ['card', 'bank_transfer', 'balance'];
  return (
    <Radio.Group label={t('checkout.payment')} value={value} onChange={(v) => onChange(v)}>
      <Stack gap="xs" mt="xs">
        {methods.map((m) => (
          <Radio
            key={m}
            value={m}
            disabled={m === 'trial' && !trialFits}
            label={t(`checkout.method.${m}`)}
            description={m === 'trial' && !trialFits ? t('checkout.trial_one_server') : t(`checkout.method_help.${m}`)}
          />
        ))}
        {value === 'trial' && (
          <Text size="sm" c="teal">
            {t('trial.point_kept')}
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}
