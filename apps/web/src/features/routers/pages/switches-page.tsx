/**
 * /switches (role staff): which server port is cabled to which switch port, with the VLAN, speed,
 * the server's account and a note, a page at a time and searchable (switch, port, server,
 * hostname, address, account). Other users see that the area is for staff, without any call (a
 * refused call would end their session).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { ROUTERS_PAGE_SIZE } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useSwitchConnections } from '../api/get-switch-connections';
import { SearchBox } from '../components/search-box';
import { searchText } from '../lib/search';

export default function SwitchesPage() {
  const { t } = useTranslation('routers');
  const isStaff = useSession('customerDetails')?.pg_roles.includes('staff') ?? false;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useSwitchConnections(search, page, isStaff);
  const rows = q.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? rows.length) / ROUTERS_PAGE_SIZE));
  useEffect(() => {
    if (page > pages && q.data) setPage(pages);
  }, [page, pages, q.data]);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  if (!isStaff)
    return (
      <Stack gap="md" maw={900}>
        <PageHeader title={t('switches.title')} />
        <Alert color="gray" title={t('switches.staff_only')} />
      </Stack>
    );
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('switches.title')} subtitle={t('switches.subtitle')} />
      <SearchBox label={t('switches.search_label')} placeholder={t('switches.search_placeholder')} onSearch={onSearch} />
      <QueryState
        query={q}
        loadingLabel={t('switches.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="router"
            title={t('switches.empty')}
            body={searchText(search) ? t('ips.empty_search', { search: searchText(search) }) : undefined}
          />
        }
      >
        <Table.ScrollContainer minWidth={340}>
          <Table striped verticalSpacing="xs" aria-label={t('switches.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('switches.switch_port')}</Table.Th>
                <Table.Th>{t('switches.server')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('switches.link')}</Table.Th>
                <Table.Th visibleFrom="md">{t('switches.account')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={`${c.switch}-${c.port}`}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {c.port}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.switch_name} · {c.location}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {c.hostname} · {c.server_port}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {c.server}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">
                      {[
                        c.vlan !== null ? t('switches.vlan', { vlan: c.vlan }) : null,
                        c.speed_mbps !== null ? t('switches.speed', { mbps: c.speed_mbps }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {c.note && (
                      <Text size="xs" c="dimmed">
                        {c.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="md">
                    <Text size="sm">{c.client_name ?? t('switches.stock')}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('switches.pages')} />
        </Group>
      </QueryState>
    </Stack>
  );
}
