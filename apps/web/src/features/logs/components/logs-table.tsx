/**
 * The log entries: date and time in the account's timezone, actor, action, target, result and IP.
 * Below 576 px the target and IP move under the action.
 */
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyLog } from '@portside/contract/schemas/logs';
import { useDateFormat } from '../../../shared/format/use-date-format';

export function LogsTable({ rows }: { rows: readonly MyLog[] }) {
  const { t } = useTranslation('logs');
  const formatDate = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped verticalSpacing="xs" aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.date')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('table.actor')}</Table.Th>
            <Table.Th>{t('table.action')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('table.target')}</Table.Th>
            <Table.Th>{t('table.result')}</Table.Th>
            <Table.Th visibleFrom="md">{t('table.ip')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={e.created_at}>
                  {formatDate(e.created_at)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm">{e.actor_email ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {e.action}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {[e.actor_email, e.target].filter(Boolean).join(' → ')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm">{e.target ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Badge style={{ minWidth: 'max-content' }} color={e.result === 'ok' ? 'green' : 'red'} variant="light">
                  {t(`result.${e.result}`)}
                </Badge>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" ff="monospace">
                  {e.ip ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
