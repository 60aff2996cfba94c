/**
 * The status messages: level, text, who posted it and when, and when it ended or 'End' for a
 * current one. At 390 px who, when and the end move under the text.
 */
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { StatusHistoryRow } from '@portside/contract/schemas/staff';
import type { StatusLevel } from '@portside/contract/schemas/support';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';

const LEVEL_COLOR: Record<StatusLevel, string> = { info: 'blue', warning: 'orange', critical: 'red' };

export function StatusesTable({ rows, onEnd }: { rows: readonly StatusHistoryRow[]; onEnd: (row: StatusHistoryRow) => void }) {
  const { t } = useTranslation('staff');
  const formatDate = useDateFormat();
  const state = (r: StatusHistoryRow) =>
    r.ended_at ? t('statuses.ended_at', { when: formatDate(r.ended_at) }) : t('statuses.shown_now');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('statuses.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('statuses.level')}</Table.Th>
            <Table.Th>{t('statuses.message')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('statuses.posted')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('statuses.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Badge color={LEVEL_COLOR[r.level]} variant="light">
                  {t(`statuses.levels.${r.level}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" id={`status-${r.id}`} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {r.message}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {formatDate(r.created_at)} · {state(r)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" component="time" dateTime={r.created_at} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.created_at)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {r.created_by ?? t('statuses.unknown_author')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{state(r)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                {r.ended_at === null && (
                  <Button size="xs" variant="light" color="red" onClick={() => onEnd(r)} aria-describedby={`status-${r.id}`}>
                    {t('statuses.end')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
