/**
 * /users/:username (the username is the e-mail address lower-cased): the user's details, the
 * actions of the list, and the claims editor.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { QueryState } from '../../../shared/ui/query-state';
import { useMyClaims } from '../api/get-my-claims';
import { useMyUser } from '../api/get-my-user';
import { ClaimsEditor } from '../components/claims-editor';
import { NoAccess } from '../components/no-access';
import { UserActionsMenu } from '../components/user-actions-menu';
import { UserDialogs, type UserDialog } from '../components/user-dialogs';
import { UserStatus } from '../components/user-status';
import { useUsersAccess } from '../lib/use-users-access';
import { BreakableEmail } from '../../../shared/ui/breakable-email';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export default function UserDetailsPage() {
  const { t } = useTranslation('users');
  const formatDate = useDateFormat();
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const access = useUsersAccess();
  const user = useMyUser(username, access.canView);
  const grantable = useMyClaims(access.canView && access.canManage);
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const back = (
    <Anchor component={Link} to={buildPath('users')} size="sm">
      ← {t('details.back')}
    </Anchor>
  );

  if (!access.canView) return <NoAccess />;
  const u = user.data;
  if (!u) {
    return (
      <Stack gap="md">
        {back}
        <QueryState
          query={user}
          loadingLabel={t('details.loading')}
          isEmpty={() => true}
          empty={
            <Paper withBorder p="lg" radius="md" maw={700}>
              <Text fw={600}>{t('details.not_found_title')}</Text>
              <Text c="dimmed">{t('details.not_found_body', { email: username })}</Text>
            </Paper>
          }
          skeleton={
            <>
              <Skeleton h={36} w="40%" radius="sm" />
              <Skeleton h={80} radius="md" />
              <Skeleton h={160} radius="md" />
            </>
          }
        >
          {null}
        </QueryState>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {u.first_name} {u.last_name}
          </Title>
          <Text c="dimmed">
            <BreakableEmail email={u.email} />
          </Text>
        </div>
        <UserActionsMenu user={u} canManage={access.canManage} onAction={(action, x) => setDialog({ action, user: x })} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Field label={t('table.status')}>
            <UserStatus user={u} />
          </Field>
          <Field label={t('details.created')}>{formatDate(u.created_at)}</Field>
          <Field label={t('details.confirmed')}>{u.confirmed ? t('details.yes') : t('details.no')}</Field>
          {access.seesClients && <Field label={t('table.client')}>{u.client ?? '—'}</Field>}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="user-claims-title">
        <Title order={2} fz="h4" id="user-claims-title" mb="sm">
          {t('details.claims_title')}
        </Title>
        {/* A manager edits the claims only once the claims they may grant are known. */}
        <QueryState query={access.canManage ? [grantable] : []} loadingLabel={t('details.loading_claims')}>
          <ClaimsEditor user={u} grantable={grantable.data ?? []} canManage={access.canManage} />
        </QueryState>
      </Paper>
      {access.canManage && !u.is_owner && (
        <Group>
          <Button variant="light" color="red" onClick={() => setDialog({ action: 'delete', user: u })}>
            {t('actions.delete')}
          </Button>
        </Group>
      )}
      <UserDialogs dialog={dialog} onClose={closeDialog} onDeleted={() => navigate(buildPath('users'))} />
    </Stack>
  );
}
