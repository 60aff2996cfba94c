/**
 * /users (spec 1 §2 Other screens 'Users'): the account's users with create, edit, change
 * password, block or unblock and delete; 25 per page. Everyone holding menu-see-users sees the
 * list; only the owner gets the actions that change users.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyUser } from '@portside/contract/schemas/users';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { Pager } from '../../../shared/ui/pager';
import { USERS_PAGE_SIZE, useMyUsers } from '../api/get-my-users';
import { NoAccess } from '../components/no-access';
import { UserDialogs, type UserAction, type UserDialog } from '../components/user-dialogs';
import { UserFormModal } from '../components/user-form-modal';
import { UsersTable } from '../components/users-table';
import { useUsersAccess } from '../lib/use-users-access';

export default function UsersPage() {
  const { t } = useTranslation('users');
  const access = useUsersAccess();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const users = useMyUsers(page, access.canView);
  const onAction = useCallback((action: UserAction, user: MyUser) => setDialog({ action, user }), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  if (!access.canView) return <NoAccess />;
  const rows = users.data?.rows ?? [];
  const total = users.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          access.canManage && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setCreating(true)}>
              {t('add')}
            </Button>
          )
        }
      />
      {!access.canManage && (
        <Alert color="gray" variant="light">
          {t('owner_only_note')}
        </Alert>
      )}
      <QueryState
        query={users}
        loadingLabel={t('loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="users" title={t('empty_title')} body={t('empty_body')} />}
      >
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('count', { count: total })}
        </Text>
        <UsersTable users={rows} canManage={access.canManage} seesClients={access.seesClients} onAction={onAction} />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} />
        </Group>
      </QueryState>
      <UserFormModal opened={creating} onClose={() => setCreating(false)} />
      <UserDialogs dialog={dialog} onClose={closeDialog} />
    </Stack>
  );
}
