/**
 * /my-ssh — My SSH Keys (spec 1 §2, §3): every key of the account with its type, size,
 * fingerprint, project and date; upload (one key per line, into a chosen project), rename,
 * copy to another project and delete with a confirmation.
 */
import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { SshKeysPanel } from '../components/ssh-keys-panel';

export default function MySshPage() {
  const { t } = useTranslation('ssh_keys');
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Anchor component={Link} to={buildPath('projects')} size="sm">
            <Group gap={4} wrap="nowrap">
              <Icon name="folder" size={16} />
              {t('projects_link')}
            </Group>
          </Anchor>
        }
      />
      <SshKeysPanel />
    </Stack>
  );
}
