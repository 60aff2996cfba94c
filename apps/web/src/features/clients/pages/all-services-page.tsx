/**
 * /all-services (role staff; spec 1 §2, issue 18): AllServices, every account's services,
 * searched by equipment id, description, category or account, a page at a time, newest first.
 */
import { useCallback, useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAllServices } from '../api/get-all-services';
import { STAFF_PAGE_SIZE } from '@portside/contract/schemas/clients';
import { PagedList } from '../../../shared/ui/paged-list';
import { SearchField } from '../../../shared/ui/search-field';
import { ServicesTable } from '../components/services-table';
import { StaffOnly, useIsStaff } from '../components/staff-only';

function Services() {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAllServices({ page, search, order: 'equipment_id.desc' }, useIsStaff());
  const onSearch = useCallback((s: string) => {
    setSearch(s);
    setPage(1);
  }, []);
  return (
    <Stack gap="sm">
      <SearchField label={t('services.search_label')} placeholder={t('services.search_placeholder')} onSearch={onSearch} />
      <PagedList
        pageSize={STAFF_PAGE_SIZE}
        countLabel={(count) => t('list.count', { count })}
        query={query}
        page={page}
        onPage={setPage}
        loadingLabel={t('services.loading')}
        emptyTitle={t('services.empty_title')}
        emptyBody={t('list.empty_body')}
        pagerLabel={t('services.pager')}
      >
        {(rows) => <ServicesTable rows={rows} />}
      </PagedList>
    </Stack>
  );
}

export default function AllServicesPage() {
  const { t } = useTranslation('clients');
  return (
    <StaffOnly title={t('services.title')}>
      <Stack gap="md" maw={1200}>
        <PageHeader title={t('services.title')} subtitle={t('services.subtitle')} />
        <Services />
      </Stack>
    </StaffOnly>
  );
}
