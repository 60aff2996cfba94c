/**
 * /all-dedicated-servers (role staff; spec 1 §2, issue 18): AllDedicatedServers, every account's
 * dedicated servers and those in stock, searched by serial, hostname, model, tag or account (the
 * address's ?serial= starts the search), a page at a time; a server moves to another account
 * (ServerUpdateClient) and gets a tag (ServerUpdateTag).
 */
import { useCallback, useState } from 'react';
import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { STAFF_PAGE_SIZE, type AllDedicatedItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAllDedicatedServers } from '../api/get-all-dedicated-servers';
import { DedicatedTable } from '../components/dedicated-table';
import { PagedList } from '../../../shared/ui/paged-list';
import { SearchField } from '../../../shared/ui/search-field';
import { MoveServerDialog, TagDialog } from '../components/server-dialogs';
import { StaffOnly, useIsStaff } from '../components/staff-only';

function Servers() {
  const { t } = useTranslation('clients');
  const [params] = useSearchParams();
  const initial = params.get('serial') ?? '';
  const [search, setSearch] = useState(initial);
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<AllDedicatedItem | null>(null);
  const [tagging, setTagging] = useState<AllDedicatedItem | null>(null);
  const query = useAllDedicatedServers({ page, search, order: 'hostname.asc' }, useIsStaff());
  const onSearch = useCallback((s: string) => {
    setSearch(s);
    setPage(1);
  }, []);
  return (
    <Stack gap="sm">
      <SearchField
        label={t('dedicated.search_label')}
        placeholder={t('dedicated.search_placeholder')}
        onSearch={onSearch}
        initial={initial}
      />
      <PagedList
        pageSize={STAFF_PAGE_SIZE}
        countLabel={(count) => t('list.count', { count })}
        query={query}
        page={page}
        onPage={setPage}
        loadingLabel={t('dedicated.loading')}
        emptyTitle={t('dedicated.empty_title')}
        emptyBody={t('list.empty_body')}
        pagerLabel={t('dedicated.pager')}
      >
        {(rows) => <DedicatedTable rows={rows} onMove={setMoving} onTag={setTagging} />}
      </PagedList>
      <MoveServerDialog server={moving} onClose={() => setMoving(null)} />
      <TagDialog server={tagging} onClose={() => setTagging(null)} />
    </Stack>
  );
}

export default function AllDedicatedServersPage() {
  const { t } = useTranslation('clients');
  return (
    <StaffOnly title={t('dedicated.title')}>
      <Stack gap="md" maw={1200}>
        <PageHeader title={t('dedicated.title')} subtitle={t('dedicated.subtitle')} />
        <Servers />
      </Stack>
    </StaffOnly>
  );
}
