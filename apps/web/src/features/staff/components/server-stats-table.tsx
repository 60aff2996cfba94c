/**
 * Every account's dedicated servers: hostname and serial, the account, where, and the power state,
 * health and BMC reachability, with Details. At 390 px the account and place move under the name.
 */
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ServerListRow } from '../api/get-server-stats';
import { ServerStateBadges } from './server-state-badges';

export function ServerStatsTable({ rows, onDetails }: { rows: readonly ServerListRow[]; onDetails: (serial: string) => void }) {
  const { t } = useTranslation('staff');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs" aria-label={t('server_stats.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('server_stats.server')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('server_stats.account')}</Table.Th>
            <Table.Th visibleFrom="md">{t('server_stats.location')}</Table.Th>
            <Table.Th>{t('server_stats.state')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.serial}>
              <Table.Td>
                <Text size="sm" fw={500} id={`server-${r.serial}`} style={{ overflowWrap: 'anywhere' }}>
                  {r.hostname}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {r.serial}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {r.client_name ?? '—'} · {r.location_name}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.client_name ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm">{r.location_name}</Text>
                <Text size="xs" c="dimmed">
                  {r.model}
                </Text>
              </Table.Td>
              <Table.Td>
                <ServerStateBadges power={r.power_state} health={r.health} reachable={r.bmc_reachable} />
              </Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="light" onClick={() => onDetails(r.serial)} aria-describedby={`server-${r.serial}`}>
                  {t('server_stats.details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
