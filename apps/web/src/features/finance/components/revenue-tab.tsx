/**
 * Finance's revenue of the last twelve months (FinanceRevenue, rules/revenue.ts): the chart, its
 * legend, and the table it draws — per month the invoices, the net (with VAT charged, under reverse
 * charge, outside the EU), the VAT, and the countries by net.
 */
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { revenueByMonth } from '@portside/contract/rules/revenue';
import { todayUtc } from '@portside/contract/rules/invoice-status';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { useFinanceRevenue } from '../api/get-finance-revenue';
import { chartStart } from '../lib/finance-query';
import { RevenueChart } from './revenue-chart';

const LEGEND = [
  ['vat_charged', 'var(--mantine-color-blue-6)'],
  ['reverse_charge', 'var(--mantine-color-teal-6)'],
  ['outside_eu', 'var(--mantine-color-grape-5)'],
  ['vat', 'var(--mantine-color-orange-6)'],
] as const;

export function RevenueTab() {
  const { t, i18n } = useTranslation('finance');
  const money = useMoney();
  const revenue = useFinanceRevenue(chartStart(todayUtc(), 12));
  const months = revenueByMonth(revenue.data ?? []);
  const monthName = (m: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${m}T00:00:00Z`),
    );

  return (
    <QueryState
      query={revenue}
      loadingLabel={t('revenue.loading')}
      isEmpty={() => months.length === 0}
      empty={<EmptyState icon="chart" title={t('revenue.empty_title')} body={t('revenue.empty_body')} />}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <RevenueChart months={months} label={monthName} />
          <Group gap="md" mt="xs" wrap="wrap">
            {LEGEND.map(([key, color]) => (
              <Group key={key} gap={6} wrap="nowrap">
                <span
                  aria-hidden="true"
                  style={{ width: 12, height: 12, borderRadius: 2, background: color, display: 'inline-block' }}
                />
                <Text size="xs">{t(`revenue.legend.${key}`)}</Text>
              </Group>
            ))}
          </Group>
        </Paper>
        <ScrollTable label={t('revenue.table')} minWidth={760}>
          <Table aria-label={t('revenue.table')} verticalSpacing="xs" fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('revenue.month')}</Table.Th>
                <Table.Th ta="right">{t('revenue.invoices')}</Table.Th>
                <Table.Th ta="right">{t('revenue.net')}</Table.Th>
                <Table.Th ta="right">{t('revenue.legend.reverse_charge')}</Table.Th>
                <Table.Th ta="right">{t('revenue.legend.outside_eu')}</Table.Th>
                <Table.Th ta="right">{t('revenue.legend.vat')}</Table.Th>
                <Table.Th>{t('revenue.countries')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...months].reverse().map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td>{monthName(m.month)}</Table.Td>
                  <Table.Td ta="right">{m.invoices}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(m.net_cents)}
                  </Table.Td>
                  <Table.Td ta="right">{money(m.reverse_charge_cents)}</Table.Td>
                  <Table.Td ta="right">{money(m.outside_eu_cents)}</Table.Td>
                  <Table.Td ta="right">{money(m.vat_cents)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {m.countries
                        .slice(0, 4)
                        .map((c) => `${c.country || '—'} ${money(c.net_cents)}`)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </QueryState>
  );
}
