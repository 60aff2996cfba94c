/**
 * Service history (spec 1 §3 Service history): history id, change type, change date (in the
 * account's timezone), start and end, category, contract months and minimum cancel date — with the
 * service (a link) when the table covers the whole account. Anything too wide scrolls.
 */
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ServiceChangeType, ServiceHistoryRow } from '@portside/contract/schemas/services';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { HistoryServiceRef } from './history-service-ref';

/** The badge colour of each kind of change (the table and the phone cards). */
export const CHANGE_COLORS: Record<ServiceChangeType, string> = {
  created: 'green',
  'cancel-requested': 'orange',
  'cancel-withdrawn': 'teal',
  ended: 'gray',
  comment: 'blue',
  'trial-started': 'indigo',
  'trial-kept': 'green',
  'trial-removed': 'gray',
};

export function HistoryTable({ rows, withService }: { rows: readonly ServiceHistoryRow[]; withService: boolean }) {
  const { t } = useTranslation('services');
  const formatDate = useDateFormat();
  const day = (d: string | null) => (d ? formatDate(d, { style: 'date' }) : '—');
  return (
    <Table.ScrollContainer minWidth={withService ? 820 : 720}>
      <Table striped verticalSpacing="xs" aria-label={t('history.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.history_id')}</Table.Th>
            {withService && <Table.Th>{t('columns.service')}</Table.Th>}
            <Table.Th>{t('columns.change_type')}</Table.Th>
            <Table.Th>{t('columns.change_date')}</Table.Th>
            <Table.Th>{t('columns.start_date')}</Table.Th>
            <Table.Th>{t('columns.end_date')}</Table.Th>
            <Table.Th>{t('columns.category')}</Table.Th>
            <Table.Th ta="right">{t('columns.contract_months')}</Table.Th>
            <Table.Th>{t('columns.min_cancel_date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((h) => (
            <Table.Tr key={h.history_id}>
              <Table.Td ff="monospace">{h.history_id}</Table.Td>
              {withService && (
                <Table.Td style={{ maxWidth: 220 }}>
                  <HistoryServiceRef entry={h} truncate />
                </Table.Td>
              )}
              <Table.Td>
                <Badge color={CHANGE_COLORS[h.change_type]} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
                  {t(`change.${h.change_type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" component="time" dateTime={h.change_date} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(h.change_date)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(h.start_date)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(h.end_date)}</Table.Td>
              <Table.Td>{t(`category.${h.category}`)}</Table.Td>
              <Table.Td ta="right">{h.contract_months}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(h.min_cancel_date)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
