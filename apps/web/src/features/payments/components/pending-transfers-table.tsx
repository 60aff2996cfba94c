/**
 * The bank transfers awaiting confirmation: reference, customer, purpose (with the invoices it
 * pays), amount, when it was started (an open invoice no transfer was started for: when it was
 * issued), and 'Mark received'. At 390 px purpose, date and the button move under the customer's
 * name. A row is keyed by its reference, the one thing every row has.
 */
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PendingBankTransfer } from '@portside/contract/schemas/payments';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';

export interface PendingTransfersTableProps {
  rows: readonly PendingBankTransfer[];
  onMark: (row: PendingBankTransfer) => void;
}

export function PendingTransfersTable({ rows, onMark }: PendingTransfersTableProps) {
  const { t } = useTranslation('payments');
  const formatDate = useDateFormat();
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('pending.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pending.reference')}</Table.Th>
            <Table.Th>{t('pending.customer')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('pending.purpose_label')}</Table.Th>
            <Table.Th ta="right">{t('pending.amount')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('pending.created')}</Table.Th>
            <Table.Th visibleFrom="sm">
              <VisuallyHidden>{t('pending.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.reference}>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} id={`pending-transfer-${r.reference}`}>
                  {r.reference}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.client_name}</Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {t(`pending.purpose.${r.purpose}`)} · {formatDate(r.created_at, { style: 'date' })}
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  mt={4}
                  hiddenFrom="sm"
                  h="auto"
                  py={2}
                  styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
                  onClick={() => onMark(r)}
                  aria-describedby={`pending-transfer-${r.reference}`}
                >
                  {t('pending.mark')}
                </Button>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{t(`pending.purpose.${r.purpose}`)}</Text>
                {r.invoice_numbers.length > 0 && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.invoice_numbers.join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(r.amount_cents)}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" component="time" dateTime={r.created_at}>
                  {formatDate(r.created_at, { style: 'date' })}
                </Text>
                {r.id === null && (
                  <Text size="xs" c="dimmed">
                    {t('pending.not_started')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                <Button size="xs" variant="light" onClick={() => onMark(r)} aria-describedby={`pending-transfer-${r.reference}`}>
                  {t('pending.mark')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
