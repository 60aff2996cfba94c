/**
 * One server's monthly price as billing computes it (OrderQuote's breakdown): the model's list
 * price, the voucher on it, extra disk, backups, and the line's monthly and first charge.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { OrderQuote } from '@portside/contract/schemas/orders';
import { useMoney } from '../../../shared/format/use-money';

function Row({ label, amount, strong, tone }: { label: string; amount: string; strong?: boolean; tone?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={strong ? 700 : undefined} c={tone}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={tone} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}

export function PriceLines({ quote, quantity }: { quote: OrderQuote; quantity: number }) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const b = quote.breakdown;
  // The builder only prices cloud servers: a dedicated offer's quote has no breakdown.
  if (!b) return null;
  const discount = b.list_price - b.base_cost;
  return (
    <Stack gap={4}>
      <Row label={t('price.model', { model: b.model })} amount={money(b.list_price)} />
      {discount > 0 && (
        <Row label={t('price.voucher', { percent: b.discount_percent })} amount={`−${money(discount)}`} tone="teal" />
      )}
      {b.additional_disk_gb > 0 && (
        <Row
          label={t('price.extra_disk', { gb: b.additional_disk_gb, price: money(b.additional_disk_cost_per_gb) })}
          amount={money(b.additional_disk_cost_total)}
        />
      )}
      {b.backup_cost > 0 && <Row label={t('price.backups')} amount={money(b.backup_cost)} />}
      <Row label={t('price.per_server')} amount={money(b.total_cost)} strong />
      {quantity > 1 && <Row label={t('price.monthly_all', { count: quantity })} amount={money(quote.monthly_cents)} strong />}
      <Row
        label={t('price.today', { days: quote.days_charged, month_days: quote.month_days })}
        amount={money(quote.first_charge_cents)}
      />
      <Text size="xs" c="dimmed">
        {quote.vat_percent > 0 ? t('price.vat_extra', { percent: quote.vat_percent }) : t('price.vat_none')}
      </Text>
    </Stack>
  );
}
