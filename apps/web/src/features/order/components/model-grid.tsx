/**
 * Step 3: the model (NewOrderGetModels for the location and core type): cores, RAM, disk and the
 * list price per month; with a voucher also the price after it (vouchers apply to the base cost).
 */
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';
import type { ModelOption } from '@portside/contract/schemas/offers';
import { ChoiceCards } from './choice-cards';

export interface ModelGridProps {
  models: readonly ModelOption[];
  value: number | null;
  onChange: (id: number) => void;
}

export function ModelGrid({ models, value, onChange }: ModelGridProps) {
  const { t } = useTranslation('order');
  const money = useMoney();
  return (
    <ChoiceCards
      label={t('builder.model')}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      cols={{ base: 1, xs: 2, md: 3 }}
      options={models.map((m) => {
        const discounted = Math.round((m.monthly_price_cents * (100 - m.discount_percent)) / 100);
        return {
          value: String(m.model_id),
          content: (
            <>
              <Text fw={700}>{m.model}</Text>
              <Text size="sm">{t('builder.model_specs', { cores: m.cores, ram: m.ram_gb, disk: m.disk_gb })}</Text>
              <Text fw={600}>{t('builder.per_month', { price: money(m.monthly_price_cents) })}</Text>
              {m.discount_percent > 0 && (
                <Text size="xs" c="teal">
                  {t('builder.with_voucher', { price: money(discounted), percent: m.discount_percent })}
                </Text>
              )}
            </>
          ),
        };
      })}
    />
  );
}
