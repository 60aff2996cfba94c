/**
 * /clients (role staff; spec 1 §2, issue 18): every account (Clients) and every user (Profiles),
 * searched by name, e-mail, company or VAT number, a page at a time; an account opens its client
 * page; accounts and sub-users are deleted after a confirmation.
 */
import { useCallback, useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { useClients } from '../api/get-clients';
import { useProfiles } from '../api/get-profiles';
import { ClientsTable } from '../components/clients-table';
import { DeleteClientDialog, DeleteProfileDialog } from '../components/delete-dialogs';
import { STAFF_PAGE_SIZE } from '@portside/contract/schemas/clients';
import { PagedList } from '../../../shared/ui/paged-list';
import { ProfilesTable } from '../components/profiles-table';
import { SearchField } from '../../../shared/ui/search-field';
import { StaffOnly, useIsStaff } from '../components/staff-only';

function ClientsList() {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const query = useClients({ page, search, order: 'created_at.desc' }, useIsStaff());
  const onSearch = useCallback((s: string) => {
    setSearch(s);
    setPage(1);
  }, []);
  return (
    <Stack gap="sm">
      <SearchField label={t('clients.search_label')} placeholder={t('clients.search_placeholder')} onSearch={onSearch} />
      <PagedList
        pageSize={STAFF_PAGE_SIZE}
        countLabel={(count) => t('list.count', { count })}
        query={query}
        page={page}
        onPage={setPage}
        loadingLabel={t('clients.loading')}
        emptyTitle={t('clients.empty_title')}
        emptyBody={t('list.empty_body')}
        pagerLabel={t('clients.pager')}
      >
        {(rows) => <ClientsTable rows={rows} onDelete={setDeleting} />}
      </PagedList>
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function UsersList() {
  const { t } = useTranslation('clients');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; email: string } | null>(null);
  const query = useProfiles({ page, search, order: 'email.asc' }, useIsStaff());
  const onSearch = useCallback((s: string) => {
    setSearch(s);
    setPage(1);
  }, []);
  return (
    <Stack gap="sm">
      <SearchField label={t('users.search_label')} placeholder={t('users.search_placeholder')} onSearch={onSearch} />
      <PagedList
        pageSize={STAFF_PAGE_SIZE}
        countLabel={(count) => t('list.count', { count })}
        query={query}
        page={page}
        onPage={setPage}
        loadingLabel={t('users.loading')}
        emptyTitle={t('users.empty_title')}
        emptyBody={t('list.empty_body')}
        pagerLabel={t('users.pager')}
      >
        {(rows) => <ProfilesTable rows={rows} onDelete={setDeleting} />}
      </PagedList>
      <DeleteProfileDialog user={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

export default function ClientsPage() {
  const { t } = useTranslation('clients');
  return (
    <StaffOnly title={t('clients.title')}>
      <Stack gap="md" maw={1200}>
        <PageHeader title={t('clients.title')} subtitle={t('clients.subtitle')} />
        <Tabs defaultValue="accounts" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="accounts">{t('clients.tab_accounts')}</Tabs.Tab>
            <Tabs.Tab value="users">{t('clients.tab_users')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="accounts" pt="md">
            <ClientsList />
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="md">
            <UsersList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </StaffOnly>
  );
}
