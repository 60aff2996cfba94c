/**
 * /users (spec 1 §2 Other screens 'Users'): the account's users with create, edit, change
 * password, block or unblock and delete; 25 per page. Everyone holding menu-see-users sees the
 * list; only the owner gets the actions that change users.
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyUser } from '@portside/contract/schemas/users';
import { errorHtml } from '../../../shared/api/client';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';
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
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('subtitle')}
          </Text>
        </div>
        {access.canManage && (
          <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setCreating(true)}>
            {t('add')}
          </Button>
        )}
      </Group>
      {!access.canManage && (
        <Alert color="gray" variant="light">
          {t('owner_only_note')}
        </Alert>
      )}
      {users.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('loading')} />
        </Group>
      ) : users.error ? (
        <Alert color="red" role="alert">
          <SafeHtml html={errorHtml(users.error, t)} />
        </Alert>
      ) : rows.length === 0 ? (
        <Stack align="center" py="xl" gap={4} ta="center" c="dimmed">
          <Icon name="users" size={40} stroke={1.2} />
          <Text fw={600} c="var(--mantine-color-text)">
            {t('empty_title')}
          </Text>
          <Text size="sm">{t('empty_body')}</Text>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('count', { count: total })}
          </Text>
          <UsersTable users={rows} canManage={access.canManage} seesClients={access.seesClients} onAction={onAction} />
          <Group justify="center">
            <Pager page={page} pages={pages} onChange={setPage} />
          </Group>
        </>
      )}
      <UserFormModal opened={creating} onClose={() => setCreating(false)} />
      <UserDialogs dialog={dialog} onClose={closeDialog} />
    </Stack>
  );
}
