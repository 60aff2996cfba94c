/**
 * Step 2: the core type (spec 1 §3): dedicated core — Windows optimised; dedicated core — high
 * performance; vCore — shared. Each card shows the lowest monthly price of its models (ProductsVms).
 */
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';
import type { VmProduct } from '@portside/contract/schemas/offers';
import { ChoiceCards } from './choice-cards';

interface CoreType {
  code: string;
  name: string;
  fromCents: number;
  cores: [number, number];
}

/** The core types of the VM products in their order, each with its lowest price and core range. */
export function coreTypesOf(products: readonly VmProduct[]): CoreType[] {
  const out = new Map<string, CoreType>();
  for (const p of products) {
    const c = out.get(p.core_type);
    if (!c)
      out.set(p.core_type, {
        code: p.core_type,
        name: p.core_type_name,
        fromCents: p.from_price_cents,
        cores: [p.cores, p.cores],
      });
    else {
      c.fromCents = Math.min(c.fromCents, p.from_price_cents);
      c.cores = [Math.min(c.cores[0], p.cores), Math.max(c.cores[1], p.cores)];
    }
  }
  return [...out.values()];
}

export interface CoreTypeStepProps {
  products: readonly VmProduct[];
  value: string | null;
  onChange: (code: string) => void;
}

export function CoreTypeStep({ products, value, onChange }: CoreTypeStepProps) {
  const { t } = useTranslation('order');
  const money = useMoney();
  return (
    <ChoiceCards
      label={t('builder.core_type')}
      value={value}
      onChange={onChange}
      cols={{ base: 1, sm: 3 }}
      options={coreTypesOf(products).map((c) => ({
        value: c.code,
        content: (
          <>
            <Text fw={600}>{t(`core_types.${c.code}.name`, { defaultValue: c.name })}</Text>
            <Text size="sm" c="dimmed">
              {t(`core_types.${c.code}.description`, { defaultValue: '' })}
            </Text>
            <Text size="sm">{t('builder.cores_range', { min: c.cores[0], max: c.cores[1] })}</Text>
            <Text size="sm" fw={500}>
              {t('builder.from_price', { price: money(c.fromCents) })}
            </Text>
          </>
        ),
      }))}
    />
  );
}
