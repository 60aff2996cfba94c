/** The selected open invoices: how many, what they come to, and 'Pay selected'. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';

export interface PaySelectionBarProps {
  count: number;
  totalCents: number;
  onPay: () => void;
  onClear: () => void;
}

export function PaySelectionBar({ count, totalCents, onPay, onClear }: PaySelectionBarProps) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  return (
    <Paper withBorder radius="md" p="sm" bg={count ? 'var(--mantine-color-blue-light)' : undefined}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div aria-live="polite">
          {count === 0 ? (
            <Text size="sm" c="dimmed">
              {t('selection.hint')}
            </Text>
          ) : (
            <>
              <Text size="sm">{t('selection.count', { count })}</Text>
              <Text fw={700} data-testid="selected-total">
                {t('selection.total', { amount: money(totalCents) })}
              </Text>
            </>
          )}
        </div>
        <Group gap="xs">
          {count > 0 && (
            <Button variant="default" onClick={onClear}>
              {t('selection.clear')}
            </Button>
          )}
          <Button onClick={onPay} disabled={count === 0}>
            {t('selection.pay')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
