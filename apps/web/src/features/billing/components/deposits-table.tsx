/** The account's deposits to its credit balance: when, how much, how and the payment reference. */
import { Table, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyDeposit } from '@portside/contract/schemas/billing';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';

export function DepositsTable({ rows }: { rows: readonly MyDeposit[] }) {
  const { t } = useTranslation('billing');
  const formatDate = useDateFormat();
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped verticalSpacing="xs" aria-label={t('deposits.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('deposits.date')}</Table.Th>
            <Table.Th ta="right">{t('deposits.amount')}</Table.Th>
            <Table.Th>{t('deposits.method')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('deposits.reference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={d.created_at}>
                  {formatDate(d.created_at, { style: 'date' })}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(d.amount_cents)}
              </Table.Td>
              <Table.Td>
                {t(`method.${d.method}`)}
                <Text size="xs" c="dimmed" ff="monospace" hiddenFrom="sm">
                  {d.reference}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" ff="monospace">
                  {d.reference}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
