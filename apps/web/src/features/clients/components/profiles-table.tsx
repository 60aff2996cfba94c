/**
 * The users of every account on /clients: e-mail, name, account (to the client page), owner or
 * staff, status, and Delete for a customer's sub-user (an owner goes with the account).
 */
import { ActionIcon, Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { ProfileListItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BreakableEmail } from '../../../shared/ui/breakable-email';
import { Icon } from '../../../shared/ui/icons';

export interface ProfilesTableProps {
  rows: readonly ProfileListItem[];
  onDelete: (u: { id: string; email: string }) => void;
}

export function ProfilesTable({ rows, onDelete }: ProfilesTableProps) {
  const { t } = useTranslation('clients');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('users.table_label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.email')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.name')}</Table.Th>
            <Table.Th>{t('users.account')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('users.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <BreakableEmail email={u.email} />
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {u.first_name} {u.last_name}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {u.first_name} {u.last_name}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={buildPath('clients-item', { clientId: u.client })} size="sm">
                  {u.client_name}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={4}>
                  {u.is_owner && <Badge variant="light">{t('users.owner')}</Badge>}
                  {u.roles.length > 0 && (
                    <Badge variant="light" color="grape">
                      {t('users.staff')}
                    </Badge>
                  )}
                  {u.blocked && (
                    <Badge variant="light" color="red">
                      {t('users.blocked')}
                    </Badge>
                  )}
                  {!u.confirmed && (
                    <Badge variant="light" color="yellow">
                      {t('users.unconfirmed')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {!u.is_owner && u.roles.length === 0 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('delete_user.button', { email: u.email })}
                    onClick={() => onDelete({ id: u.id, email: u.email })}
                  >
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
