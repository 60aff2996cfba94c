/**
 * /my-ssh — My SSH Keys (spec 1 §2, §3): every key of the account with its type, size,
 * fingerprint, project and date; upload (one key per line, into a chosen project), rename,
 * copy to another project and delete with a confirmation.
 */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buildPath } from '@portside/contract/routes';
import { Icon } from '../../../shared/ui/icons';
import { SshKeysPanel } from '../components/ssh-keys-panel';

export default function MySshPage() {
  const { t } = useTranslation('ssh_keys');
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            {t('subtitle')}
          </Text>
        </div>
        <Anchor component={Link} to={buildPath('projects')} size="sm">
          <Group gap={4} wrap="nowrap">
            <Icon name="folder" size={16} />
            {t('projects_link')}
          </Group>
        </Anchor>
      </Group>
      <SshKeysPanel />
    </Stack>
  );
}
