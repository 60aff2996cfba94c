/**
 * Port forwards of every server (GetPortForwardings, claim vm-settings-firewall), read-only: which
 * port of a location's gateway address leads to which server port. They are made and deleted on a
 * server's page; their state follows the hub kind 'port-forwarding' live.
 */
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { queryKeys } from '../../../shared/api/query-keys';
import { useHubMessages } from '../../../shared/live/use-hub-messages';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { usePortForwards } from '../api/get-port-forwards';
import { StateBadge } from './state-badge';

const KINDS = ['port-forwarding'] as const;

/** 'address:port', with an IPv6 address in brackets; the port alone while the server has no address yet. */
function endpoint(address: string, port: number): string {
  if (address === '') return String(port);
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

export function PortForwardsPanel() {
  const { t } = useTranslation('network');
  const client = useQueryClient();
  const forwards = usePortForwards(true);
  const rows = forwards.data ?? [];
  useHubMessages(KINDS, () => void client.invalidateQueries({ queryKey: queryKeys.myIps.portForwards() }));

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="forwards-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="forwards-title">
            {t('forwards.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('forwards.explain')}
          </Text>
        </div>
        <QueryState
          query={forwards}
          loadingLabel={t('forwards.loading')}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState icon="router" title={t('forwards.empty.title')} body={t('forwards.empty.body')} />}
        >
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm" aria-label={t('forwards.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('forwards.server')}</Table.Th>
                  <Table.Th>{t('forwards.from')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('forwards.to')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('forwards.comment')}</Table.Th>
                  <Table.Th>{t('forwards.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={buildPath('server_details', { provisioned_id: r.provisioned_id })}
                        size="sm"
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {r.server_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {endpoint(r.gateway, r.external_port)} {r.protocol.toUpperCase()}
                      </Text>
                      <Text size="xs" ff="monospace" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                        → {endpoint(r.internal_address, r.internal_port)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {endpoint(r.internal_address, r.internal_port)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="sm" c={r.comment ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                        {r.comment || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={r.state} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </QueryState>
      </Stack>
    </Paper>
  );
}
