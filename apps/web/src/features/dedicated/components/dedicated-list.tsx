/**
 * The account's dedicated servers: a table from 768 px wide (hostname, serial, equipment id, power
 * state, CPU, model, location), one card per server on phones. Each hostname links to the details.
 */
import { Anchor, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { DedicatedServer } from '@portside/contract/schemas/dedicated';
import { useLocationName } from '../../../shared/format/use-location-name';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PowerStateBadge } from './dedicated-badges';

function DetailsLink({ server }: { server: DedicatedServer }) {
  return (
    <Anchor
      component={Link}
      to={buildPath('server_details_dedicated', { serial: server.serial })}
      fw={600}
      style={{ overflowWrap: 'anywhere' }}
    >
      {server.hostname || server.serial}
    </Anchor>
  );
}

export function DedicatedList({ servers, label }: { servers: readonly DedicatedServer[]; label: string }) {
  const { t } = useTranslation('dedicated');
  const locationName = useLocationName();
  const place = (s: DedicatedServer) => locationName(s.location, s.location_name) ?? '—';
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.hostname')}</Table.Th>
                <Table.Th>{t('columns.serial')}</Table.Th>
                <Table.Th>{t('columns.equipment_id')}</Table.Th>
                <Table.Th>{t('columns.power')}</Table.Th>
                <Table.Th>{t('columns.cpu')}</Table.Th>
                <Table.Th>{t('columns.model')}</Table.Th>
                <Table.Th>{t('columns.location')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {servers.map((s) => (
                <Table.Tr key={s.serial}>
                  <Table.Td>
                    <DetailsLink server={s} />
                    {s.ipv4 && (
                      <Text size="xs" ff="monospace" c="dimmed">
                        {s.ipv4}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{s.serial}</Table.Td>
                  <Table.Td>{s.equipment_id ?? '—'}</Table.Td>
                  <Table.Td>
                    <PowerStateBadge state={s.power_state} size="xs" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.cpu_family}</Text>
                    <Text size="xs" c="dimmed">
                      {s.cpu_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{s.model}</Table.Td>
                  <Table.Td>{place(s)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {servers.map((s) => (
          <Paper component="li" key={s.serial} withBorder radius="sm" p="xs">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <DetailsLink server={s} />
                <PowerStateBadge state={s.power_state} size="xs" />
              </Group>
              <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {t('card.ids', { serial: s.serial, equipment: s.equipment_id ?? '—' })}
              </Text>
              <Text size="xs">{[s.cpu_family, s.cpu_name].filter(Boolean).join(' · ')}</Text>
              <Text size="xs" c="dimmed">
                {[s.model, place(s), s.ipv4].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
