/**
 * What a change of a server's monthly price costs for the rest of this month (issue 14: an
 * upgrade, a disk resize or an IPv4 address is charged from the day of the change, by day): the
 * amount, the days and the invoice it appears on.
 */
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';

export interface ProratedChargeProps {
  /** The charge before VAT, cents. */
  cents: number;
  days: number;
  /** First and last day charged ('YYYY-MM-DD'). */
  from: string;
  to: string;
}

export function ProratedCharge({ cents, days, from, to }: ProratedChargeProps) {
  const { t } = useTranslation('servers');
  const money = useMoney();
  const date = useDateFormat();
  if (days === 0) {
    return <Text size="sm">{t('charge.none')}</Text>;
  }
  return <Text size="sm">{t('charge.prorated', { amount: money(cents), count: days, from: date(from), to: date(to) })}</Text>;
}
