/** The actions of one user row: a labelled menu button, keyboard operable (Mantine Menu). */
import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { MyUser } from '@portside/contract/schemas/users';
import { Icon } from '../../../shared/ui/icons';
import type { UserAction } from './user-dialogs';

export interface UserActionsMenuProps {
  user: MyUser;
  /** The owner may change users; others only open the details. */
  canManage: boolean;
  onAction: (action: UserAction, user: MyUser) => void;
}

export function UserActionsMenu({ user, canManage, onAction }: UserActionsMenuProps) {
  const { t } = useTranslation('users');
  const protectedOwner = user.is_owner;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { email: user.email })}>
          <Icon name="settings" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={buildPath('users-item', { username: user.username })}
          leftSection={<Icon name="user" size={16} />}
        >
          {t('actions.open')}
        </Menu.Item>
        {canManage && (
          <>
            <Menu.Item leftSection={<Icon name="list" size={16} />} onClick={() => onAction('edit', user)}>
              {t('actions.edit')}
            </Menu.Item>
            {!protectedOwner && (
              <>
                <Menu.Item leftSection={<Icon name="key" size={16} />} onClick={() => onAction('password', user)}>
                  {t('actions.password')}
                </Menu.Item>
                <Menu.Item leftSection={<Icon name="shield" size={16} />} onClick={() => onAction('block', user)}>
                  {user.blocked ? t('actions.unblock') : t('actions.block')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<Icon name="close" size={16} />} onClick={() => onAction('delete', user)}>
                  {t('actions.delete')}
                </Menu.Item>
              </>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
