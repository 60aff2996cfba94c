/**
 * /list-view — Cloud servers (spec 1 §2): the account's VMs grouped by project ('No Project' for
 * the rest), IPv4 and IPv6 columns switched on or off and kept in local storage, the search of
 * spec 1 §5 (debounced 300 ms), 25 servers a page; a table from 768 px wide, cards on phones.
 * Without menu-see-cloud-servers the page explains instead of asking the API (a 403 answer would
 * end the session).
 */
import { useState } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useVms } from '../api/get-vms';
import { NoServersAccess } from '../components/no-servers-access';
import { VmListCards } from '../components/vm-list-cards';
import { VmListTable } from '../components/vm-list-table';
import { VmListToolbar } from '../components/vm-list-toolbar';
import { useCanSeeServers } from '../lib/use-servers-access';
import { useIpColumns } from '../lib/use-ip-columns';
import { useVmLiveUpdates } from '../lib/use-vm-live-updates';
import { vmListPage } from '../lib/vm-list';

export default function ListViewPage() {
  const { t } = useTranslation('servers');
  const allowed = useCanSeeServers();
  const vms = useVms(allowed);
  useVmLiveUpdates(allowed);
  const columns = useIpColumns();
  const [search, setSearch] = useState('');
  const [phrase] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);

  if (!allowed) return <NoServersAccess />;

  const all = vms.data ?? [];
  const view = vmListPage(all, phrase, page, t('list.no_project'));

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          <Button component={Link} to={buildPath('NewOrder')} leftSection={<Icon name="plus" size={16} />}>
            {t('list.order')}
          </Button>
        }
      />

      <VmListToolbar
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        showIpv4={columns.showIpv4}
        onShowIpv4={columns.setShowIpv4}
        showIpv6={columns.showIpv6}
        onShowIpv6={columns.setShowIpv6}
      />

      <Paper
        withBorder
        radius="md"
        p={{ base: 'xs', sm: 'md' }}
        component="section"
        aria-label={t('list.title')}
        aria-busy={vms.isFetching}
      >
        <QueryState
          query={vms}
          loadingLabel={t('list.loading')}
          isEmpty={() => all.length === 0}
          empty={
            <EmptyState
              icon="cloud"
              title={t('list.empty_title')}
              body={t('list.empty_body')}
              action={
                <Button component={Link} to={buildPath('NewOrder')}>
                  {t('list.order')}
                </Button>
              }
            />
          }
        >
          {view.total === 0 ? (
            <Alert color="gray" variant="light">
              {t('list.no_match', { phrase: phrase.trim() })}
            </Alert>
          ) : (
            <Stack gap="lg">
              {view.groups.map((g) => (
                <Stack key={g.key || 'none'} gap={4} component="section" aria-labelledby={`vm-group-${g.key || 'none'}`}>
                  <Title order={2} fz="h5" id={`vm-group-${g.key || 'none'}`}>
                    <Group gap={6} component="span">
                      <Icon name="folder" size={16} />
                      {g.label}
                    </Group>
                  </Title>
                  <Box visibleFrom="sm">
                    <VmListTable
                      label={t('list.group_label', { project: g.label })}
                      vms={g.servers}
                      showIpv4={columns.showIpv4}
                      showIpv6={columns.showIpv6}
                    />
                  </Box>
                  <Box hiddenFrom="sm">
                    <VmListCards
                      label={t('list.group_label', { project: g.label })}
                      vms={g.servers}
                      showIpv4={columns.showIpv4}
                      showIpv6={columns.showIpv6}
                    />
                  </Box>
                </Stack>
              ))}
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" c="dimmed">
                  {t('list.summary', { count: view.total })}
                </Text>
                <Pager page={view.page} pages={view.pages} onChange={setPage} label={t('list.page_label')} />
              </Group>
            </Stack>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
