/**
 * System IPs (MySystemIPs): the addresses the provider assigned to the account's servers — each
 * server's IPv4 and IPv6 — with the server (a link to its page), its location and the reverse DNS
 * name, edited here (beyond the spec, as Hetzner and DigitalOcean offer). A new name is pushed to
 * the DNS by a job: its state shows pending until the DNS has it.
 */
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useLocationName } from '../../../shared/format/use-location-name';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useSystemIps } from '../api/get-system-ips';
import { CopyValue } from './copy-value';
import { ReverseDnsEditor } from './reverse-dns-editor';
import { StateBadge } from './state-badge';

export function SystemIpsPanel() {
  const { t } = useTranslation('network');
  const ips = useSystemIps();
  const locationName = useLocationName();
  const rows = ips.data ?? [];

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="system-ips-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="system-ips-title">
            {t('system_ips.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('system_ips.explain')}
          </Text>
        </div>
        <QueryState
          query={ips}
          loadingLabel={t('system_ips.loading')}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState icon="server" title={t('system_ips.empty.title')} body={t('system_ips.empty.body')} />}
        >
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm" aria-label={t('system_ips.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('system_ips.address')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('system_ips.server')}</Table.Th>
                  <Table.Th>{t('system_ips.ptr')}</Table.Th>
                  <Table.Th visibleFrom="xs">{t('system_ips.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.address} data-testid="system-ip-row">
                    <Table.Td>
                      <Stack gap={2}>
                        <CopyValue value={r.address} label={t('system_ips.copy', { address: r.address })} />
                        <Group gap={4}>
                          <Badge variant="outline" color="gray" size="sm" style={{ minWidth: 'max-content' }}>
                            {r.family === 6 ? 'IPv6' : 'IPv4'}
                          </Badge>
                        </Group>
                        <Text size="xs" hiddenFrom="sm">
                          <Anchor component={Link} to={buildPath('server_details', { provisioned_id: r.provisioned_id })}>
                            {r.server_name}
                          </Anchor>{' '}
                          · {locationName(r.location, r.location)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Anchor
                        component={Link}
                        to={buildPath('server_details', { provisioned_id: r.provisioned_id })}
                        size="sm"
                        fw={600}
                      >
                        {r.server_name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {locationName(r.location, r.location)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ReverseDnsEditor row={r} />
                      <Group gap={4} mt={4} hiddenFrom="xs">
                        <StateBadge state={r.ptr_state} />
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="xs">
                      <StateBadge state={r.ptr_state} />
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
