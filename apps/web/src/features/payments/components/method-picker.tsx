/** The payment method radios: card, bank transfer and (where offered) the credit balance. */
import { Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PaymentMethod } from '@portside/contract/schemas/payments';
import { useMoney } from '../../../shared/format/use-money';

interface MethodPickerProps {
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  methods: readonly PaymentMethod[];
  /** The credit balance, shown beside the balance option; it is disabled when it does not cover `amountCents`. */
  balanceCents?: number | null;
  amountCents?: number;
}

export function MethodPicker({ value, onChange, methods, balanceCents, amountCents = 0 }: MethodPickerProps) {
  const { t } = useTranslation('payments');
  const money = useMoney();
  return (
    <Radio.Group label={t('method.label')} value={value} onChange={(v) => onChange(v)}>
      <Stack gap="xs" mt="xs">
        {methods.map((m) => {
          const short = m === 'balance' && typeof balanceCents === 'number' && balanceCents < amountCents;
          return (
            <Radio
              key={m}
              value={m}
              disabled={short}
              label={t(`method.${m}`)}
              description={
                m === 'balance' && typeof balanceCents === 'number' ? (
                  <Text span size="xs" c={short ? 'red' : 'dimmed'}>
                    {t('method.balance_available', { amount: money(balanceCents) })}
                  </Text>
                ) : undefined
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
