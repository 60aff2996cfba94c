/**
 * /installed-servers (role staff; spec 1 §2, issue 18): ServersInstalledServers, the queue of
 * dedicated servers being installed — from paid orders and from ServerInstallCreate — oldest first,
 * open ones by default. Staff move an install forward (recording the machine's serial at 'racked')
 * and hand the machine over to its customer.
 */
import { useCallback, useState } from 'react';
import { Group, Stack, Switch } from '@mantine/core';
import { STAFF_PAGE_SIZE, type InstalledServerItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { useServersInstalledServers } from '../api/get-installed-servers';
import { HandOverDialog } from '../components/hand-over-dialog';
import { InstallStepDialog } from '../components/install-step-dialog';
import { InstallsTable } from '../components/installs-table';
import { PagedList } from '../../../shared/ui/paged-list';
import { SearchField } from '../../../shared/ui/search-field';
import { StaffOnly, useIsStaff } from '../components/staff-only';

function Queue() {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openOnly, setOpenOnly] = useState(true);
  const [moving, setMoving] = useState<InstalledServerItem | null>(null);
  const [handing, setHanding] = useState<InstalledServerItem | null>(null);
  const query = useServersInstalledServers(
    { page, search, order: 'ordered_at.asc', filters: openOnly ? { open: 'is.true' } : {} },
    useIsStaff(),
  );
  const onSearch = useCallback((s: string) => {
    setSearch(s);
    setPage(1);
  }, []);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md">
        <SearchField label={t('installs.search_label')} placeholder={t('installs.search_placeholder')} onSearch={onSearch} />
        <Switch
          label={t('installs.open_only')}
          checked={openOnly}
          onChange={(e) => {
            setOpenOnly(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      <PagedList
        pageSize={STAFF_PAGE_SIZE}
        countLabel={(count) => t('list.count', { count })}
        query={query}
        page={page}
        onPage={setPage}
        loadingLabel={t('installs.loading')}
        emptyTitle={t('installs.empty_title')}
        emptyBody={t('installs.empty_body')}
        pagerLabel={t('installs.pager')}
      >
        {(rows) => <InstallsTable rows={rows} onMove={setMoving} onHandOver={setHanding} />}
      </PagedList>
      <InstallStepDialog install={moving} onClose={() => setMoving(null)} />
      <HandOverDialog install={handing} onClose={() => setHanding(null)} />
    </Stack>
  );
}

export default function InstalledServersPage() {
  const { t } = useTranslation('clients');
  return (
    <StaffOnly title={t('installs.title')}>
      <Stack gap="md" maw={1200}>
        <PageHeader title={t('installs.title')} subtitle={t('installs.subtitle')} />
        <Queue />
      </Stack>
    </StaffOnly>
  );
}
