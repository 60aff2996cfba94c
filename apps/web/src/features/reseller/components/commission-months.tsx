/**
 * A client's commission per month of issue and in all (the contract's commissionTotals, the same
 * arithmetic the server uses per invoice: each invoice rounded on its own, then summed).
 */
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { commissionTotals } from '@portside/contract/rules/commission';
import type { ResellerInvoice } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useMoney } from '../../../shared/format/use-money';

export function CommissionMonths({ rows, name }: { rows: readonly ResellerInvoice[]; name: string }) {
  const { t, i18n } = useTranslation('reseller');
  const money = useMoney();
  const { total, byMonth } = commissionTotals(rows);
  const monthName = (m: string) =>
    new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('invoices.months_heading')}
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" aria-label={t('invoices.months_label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.month')}</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('invoices.count')}
              </Table.Th>
              <Table.Th ta="right">{t('invoices.base')}</Table.Th>
              <Table.Th ta="right">{t('invoices.commission')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byMonth.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{monthName(m.month)}</Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {m.invoices}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(m.base_cents)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(m.commission_cents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder radius="md" p="sm">
        <Text size="sm">{t('invoices.total', { name, count: total.invoices })}</Text>
        <Text fw={700} fz="lg">
          {money(total.commission_cents)}
        </Text>
      </Paper>
    </Stack>
  );
}
