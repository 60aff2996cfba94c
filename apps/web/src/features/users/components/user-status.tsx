/** Badges for a user's state: owner, blocked, awaiting confirmation or active. */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyUser } from '@portside/contract/schemas/users';

export function UserStatus({ user }: { user: MyUser }) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="wrap">
      {user.is_owner && (
        <Badge style={{ minWidth: 'max-content' }} color="blue" variant="light">
          {t('status.owner')}
        </Badge>
      )}
      {user.blocked ? (
        <Badge style={{ minWidth: 'max-content' }} color="red" variant="filled">
          {t('status.blocked')}
        </Badge>
      ) : !user.confirmed ? (
        <Badge style={{ minWidth: 'max-content' }} color="yellow" variant="light">
          {t('status.pending')}
        </Badge>
      ) : (
        <Badge style={{ minWidth: 'max-content' }} color="green" variant="light">
          {t('status.active')}
        </Badge>
      )}
    </Group>
  );
}
