/** What a dedicated page shows for a serial that is not one of the account's servers or installs. */
import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function NotFoundPanel({ serial }: { serial: string }) {
  const { t } = useTranslation('dedicated');
  return (
    <Paper withBorder p="lg" radius="md" maw={700}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600} component="h1" fz="h3" m={0}>
          {t('details.not_found_title')}
        </Text>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('details.not_found_body', { serial })}
        </Text>
        <Button component={Link} to={buildPath('servers-dedicated')} variant="light">
          {t('details.back')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The link back to the list, above every dedicated page. */
export function BackLink() {
  const { t } = useTranslation('dedicated');
  return (
    <Button component={Link} to={buildPath('servers-dedicated')} variant="subtle" size="compact-sm" px={0} w="fit-content">
      {t('details.back')}
    </Button>
  );
}
