/**
 * System IPs (MySystemIPs): the addresses the provider assigned to the account's servers — each
 * server's IPv4 and IPv6 — with the server (a link to its page), its location and the reverse DNS
 * name, edited here (beyond the spec, as Hetzner and DigitalOcean offer). A new name is pushed to
 * the DNS by a job: its state shows pending until the DNS has it. 25 addresses a page; on a phone
 * each address is one cell with everything under it.
 */
import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { SystemIpRow } from '@portside/contract/schemas/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useLocationName } from '../../../shared/format/use-location-name';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useSystemIps } from '../api/get-system-ips';
import { pageOf } from '../lib/list-filter';
import { CopyValue } from './copy-value';
import { ReverseDnsEditor } from './reverse-dns-editor';
import { StateBadge } from './state-badge';

/** Addresses per page. */
const PAGE_SIZE = 25;

function ServerLink({ row, size }: { row: SystemIpRow; size?: 'xs' | 'sm' }) {
  return (
    <Anchor
      component={Link}
      to={buildPath('server_details', { provisioned_id: row.provisioned_id })}
      size={size}
      fw={600}
      style={{ overflowWrap: 'anywhere' }}
    >
      {row.server_name}
    </Anchor>
  );
}

export function SystemIpsPanel() {
  const { t } = useTranslation('network');
  const ips = useSystemIps();
  const locationName = useLocationName();
  const [page, setPage] = useState(1);
  const rows = ips.data ?? [];
  const shown = pageOf(rows, page, PAGE_SIZE);
  const place = (r: SystemIpRow) => locationName(r.location, r.location);

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
                  <Table.Th visibleFrom="sm">{t('system_ips.ptr')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('system_ips.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.rows.map((r) => (
                  <Table.Tr key={r.address} data-testid="system-ip-row">
                    <Table.Td>
                      <Stack gap={4}>
                        <Group gap={6} wrap="nowrap">
                          <CopyValue value={r.address} label={t('system_ips.copy', { address: r.address })} />
                          <Badge variant="outline" color="gray" size="sm" tt="none" style={{ minWidth: 'max-content' }}>
                            {r.family === 6 ? 'IPv6' : 'IPv4'}
                          </Badge>
                        </Group>
                        {/* A phone shows the server, the name and its state under the address. */}
                        <Stack gap={4} hiddenFrom="sm">
                          <Text size="xs">
                            <ServerLink row={r} /> · {place(r)}
                          </Text>
                          <ReverseDnsEditor row={r} />
                          <Group gap={4}>
                            <StateBadge state={r.ptr_state} />
                          </Group>
                        </Stack>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <ServerLink row={r} size="sm" />
                      <Text size="xs" c="dimmed">
                        {place(r)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <ReverseDnsEditor row={r} />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <StateBadge state={r.ptr_state} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Pager page={shown.page} pages={shown.pages} onChange={setPage} label={t('system_ips.page_label')} />
          </Group>
        </QueryState>
      </Stack>
    </Paper>
  );
}
