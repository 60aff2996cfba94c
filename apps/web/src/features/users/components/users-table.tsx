/**
 * The users of the account: e-mail (to the details), name, claims count, status, the Client
 * column (only for callers holding pg-see-client), created date in the account's timezone and the
 * actions. Below 576 px the name moves under the e-mail and the date is hidden.
 */
import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { BreakableEmail } from '../../../shared/ui/breakable-email';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CUSTOMER_CLAIMS } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import type { MyUser } from '@portside/contract/schemas/users';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { UserActionsMenu } from './user-actions-menu';
import type { UserAction } from './user-dialogs';
import { UserStatus } from './user-status';

export interface UsersTableProps {
  users: readonly MyUser[];
  canManage: boolean;
  seesClients: boolean;
  onAction: (action: UserAction, user: MyUser) => void;
}

/** The number of customer claims a user holds (an owner holds them all). */
function claimCount(u: MyUser): number {
  return u.claims.filter((c) => (CUSTOMER_CLAIMS as readonly string[]).includes(c)).length;
}

export function UsersTable({ users, canManage, seesClients, onAction }: UsersTableProps) {
  const { t } = useTranslation('users');
  const formatDate = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.email')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('table.name')}</Table.Th>
            <Table.Th>{t('table.claims')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            {seesClients && <Table.Th visibleFrom="sm">{t('table.client')}</Table.Th>}
            <Table.Th visibleFrom="md">{t('table.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Anchor component={Link} to={buildPath('users-item', { username: u.username })} size="sm">
                  <BreakableEmail email={u.email} />
                </Anchor>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {u.first_name} {u.last_name}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {u.first_name} {u.last_name}
              </Table.Td>
              <Table.Td>
                <Badge style={{ minWidth: 'max-content' }} variant="light" color={u.is_owner ? 'blue' : 'gray'}>
                  {u.is_owner ? t('table.all_claims') : t('table.claims_count', { count: claimCount(u) })}
                </Badge>
              </Table.Td>
              <Table.Td>
                <UserStatus user={u} />
              </Table.Td>
              {seesClients && (
                <Table.Td visibleFrom="sm">
                  <Text size="xs" ff="monospace">
                    {u.client ?? '—'}
                  </Text>
                </Table.Td>
              )}
              <Table.Td visibleFrom="md">
                <Text size="sm">{formatDate(u.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <UserActionsMenu user={u} canManage={canManage} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
