/** The checkout's totals: today's charge to the month end, VAT, the total, and the monthly cost. */
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';
import type { CheckoutTotals } from '../lib/checkout';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

export function CheckoutSummary({ totals, trial }: { totals: CheckoutTotals; trial: boolean }) {
  const { t } = useTranslation('order');
  const money = useMoney();
  return (
    <Stack gap={6} aria-label={t('checkout.totals')} component="section">
      <Row label={trial ? t('checkout.today_trial') : t('checkout.subtotal')} value={money(totals.subtotal)} />
      <Row label={t('checkout.vat', { percent: totals.vatPercent })} value={money(totals.vat)} />
      <Divider />
      <Row label={t('checkout.total')} value={money(totals.total)} strong />
      <Text size="xs" c="dimmed">
        {trial
          ? t('checkout.monthly_after_trial', { price: money(totals.monthly) })
          : t('checkout.monthly_from_next', { price: money(totals.monthly) })}
      </Text>
    </Stack>
  );
}
