/**
 * A price list cell's note of the price still to come: "€14.90 from 1 Dec 2026". Nothing when no
 * change is scheduled.
 */
import { Text } from '@mantine/core';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { euroDecimals, type PriceKind } from '../lib/price-input';

export interface NextPriceNoteProps {
  next: { cents: number | string; effective_from: string } | null | undefined;
  kind?: PriceKind;
}

export function NextPriceNote({ next, kind = 'whole' }: NextPriceNoteProps) {
  const { t } = useTranslation('prices');
  const money = useMoney();
  const formatDate = useDateFormat();
  if (!next) return null;
  return (
    <Text size="xs" c="dimmed" fs="italic">
      {t('next', {
        price: money(Number(next.cents), euroDecimals(kind)),
        date: formatDate(next.effective_from, { style: 'date' }),
      })}
    </Text>
  );
}
